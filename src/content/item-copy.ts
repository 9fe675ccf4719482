import { judgmentStepNames } from './judgment-steps';

/** Texts of the item renderers every flow shares (src/components/items): practice, clinical judgment, custom tests, the mock exam. */
export const itemCopy = {
  dragHow:
    'Drag a word into each blank, or tap a word and then a blank (with a keyboard: Enter on a word, then on a blank). Tap a filled blank to take its word back.',
  emptyBlank: 'empty',
  yourAnswer: 'Your answer:',
  noAnswer: 'No answer.',
  pickRight: 'correct',
  pickWrong: 'not correct',
  steps: judgmentStepNames,
  // Strike-out on a select-all item's choices (custom tests): visual only, the choice stays selectable.
  struckOut: '(struck out)',
  strike: (choice: string) => `Strike out: ${choice}`,
  restore: (choice: string) => `Restore: ${choice}`,
};
