/** Texts of the practice page; the quoted ones come from the product spec (section 4, Practice). */
export const practiceCopy = {
  empty: 'No questions available yet.',
  submitAnswers: 'Submit Answers',
  answerAll: (answered: number, total: number) =>
    `Please answer all questions before submitting (${answered}/${total} answered)`,
};

/** The message logged for a question-load error; the browser tests allow exactly this log. */
export const LOAD_ERROR_LOG = 'Practice questions could not be loaded:';
