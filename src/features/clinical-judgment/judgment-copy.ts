import { itemCopy } from '../../content/item-copy';

/** Texts of /clinical-judgment (beyond the spec: docs/decisions/061-clinical-judgment.md). */
export const judgmentCopy = {
  title: 'Clinical judgment',
  intro:
    'Next Generation NCLEX items as the exam scores them: select all that apply, grids, drop-downs, highlighting, drag-and-drop, bow-ties, trends and unfolding case studies.',
  standalone: 'Ten NGN items',
  caseStudy: 'A case study (6 items)',
  loading: 'Loading items…',
  empty: 'No items of this kind are available yet.',
  loadFailedTitle: 'We could not load the items',
  exhibit: "Client's record",
  next: 'Next',
  submit: 'Submit',
  newSet: 'Start a new set',
  resultsTitle: 'Your results',
  reviewTitle: (date: string) => `Your set of ${date}`,
  reviewLoading: 'Loading the set…',
  reviewFailedTitle: 'We could not load this set',
  backToResults: 'Back to Results',
  // The item renderers' texts, shared with every flow (src/content/item-copy.ts).
  ...itemCopy,
};
