import { judgmentStepNames } from '../../content/judgment-steps';

/** Texts of the NGN item controls, wherever an item is answered (clinical judgment, the mock exam). */
export const itemCopy = {
  dragHow:
    'Drag a word into each blank, or tap a word and then a blank (with a keyboard: Enter on a word, then on a blank). Tap a filled blank to take its word back.',
  emptyBlank: 'empty',
  steps: judgmentStepNames,
};
