import { SET_RECORD_WINDOW_HOURS } from '../../../domain/business-rules';

const NOTHING_ELSE_LOST = 'Nothing else is lost: your other sets and results are unchanged.';

/**
 * The delivery's lines, the same for every kind of set (docs/decisions/060-learning-record.md;
 * the refusals and the 429: docs/decisions/192-refused-and-rate-limited-saves.md).
 */
export const recordDeliveryCopy = {
  saving: 'Saving this set to your results…',
  saved: 'Saved to your results.',
  notSaved: 'Not saved yet: this set is kept on this device and will be sent the next time you open PN Prep.',
  rateLimited: (minutes: number) =>
    `Too many saves in the last hour. This set is kept on this device and will be saved by itself in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  tooOld: `This set could not be saved to your results because it is more than ${SET_RECORD_WINDOW_HOURS} hours old. ${NOTHING_ELSE_LOST}`,
  refused: (reason: string) => `This set could not be saved to your results. ${reason} ${NOTHING_ELSE_LOST}`,
};
