/** Texts of the practice page; the quoted ones come from the product spec (section 4, Practice). */
export const practiceCopy = {
  empty: 'No questions available yet.',
  submitAnswers: 'Submit Answers',
  answerAll: (answered: number, total: number) =>
    `Please answer all questions before submitting (${answered}/${total} answered)`,
  // Beyond the spec: the learning record (docs/decisions/060-learning-record.md).
  startNewSet: 'Start a new set',
  recordSaving: 'Saving this set to your results…',
  recordSaved: 'Saved to your results.',
  reviewThisSet: 'Review this set with rationales',
  recordNotSaved:
    'Not saved yet: this set is kept on this device and will be sent the next time you open PN Prep.',
  focusHeading: { weakest: 'Your weakest category', missed: 'Questions you missed' },
};

/** The message logged for a question-load error; the browser tests allow exactly this log. */
export const LOAD_ERROR_LOG = 'Practice questions could not be loaded:';
