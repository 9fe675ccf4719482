import { BackendError } from '../shared/backend-error';
import { done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import type { ItemMarksInput } from './item-marks.machine';

export const twoMarks: ItemMarksInput = {
  marks: [
    { bank: 'classic', itemId: 'q1', flagged: false, note: '' },
    { bank: 'ngn', itemId: 'ngn-mr-901', flagged: true, note: 'Review bow-ties' },
  ],
};

export const itemMarksFixtures: FlowFixtures<ItemMarksInput> = {
  inputs: { 'Two items, the second flagged with a note': () => structuredClone(twoMarks) },
  events: [
    { label: 'Flag item 1', event: { type: 'flag.toggle', index: 0 } },
    { label: 'Flag item 2', event: { type: 'flag.toggle', index: 1 } },
    { label: 'Flag item 3 (none)', event: { type: 'flag.toggle', index: 2 } },
    {
      label: 'Type a note on item 1',
      event: { type: 'note.change', index: 0, text: 'Check the potassium range' },
    },
    { label: 'Leave the note of item 1', event: { type: 'note.save', index: 0 } },
    // The server answers with the mark as saved: when it is the item's mark as it is now, the item
    // is done; otherwise (changed again meanwhile) it is saved again.
    done('saveItemMark', twoMarks.marks[0], 'saved'),
    done('saveItemMark', { ...twoMarks.marks[0], flagged: true }, 'the flag of item 1 saved'),
    done(
      'saveItemMark',
      { ...twoMarks.marks[0], flagged: true, note: 'Check the potassium range' },
      'the flag and note of item 1 saved',
    ),
    failed('saveItemMark', new BackendError('Failed to fetch')),
    plain('mark.retry'),
  ],
};
