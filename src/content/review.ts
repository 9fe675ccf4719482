/** Words of the answer reviews shared by practice, clinical judgment and the mock exam report. */
export const reviewCopy = {
  yourAnswer: 'Your answer:',
  noAnswer: 'No answer.',
  correctAnswer: 'Correct answer:',
  pickRight: 'correct',
  pickWrong: 'not correct',
  rationale: 'Rationale:',
} as const;
