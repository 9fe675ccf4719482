import { optionLetter } from '../../components/option-letter';

/** Texts of the practice page; the quoted ones come from the product spec (section 4, Practice). */
export const practiceCopy = {
  empty: 'No questions available yet.',
  submitAnswers: 'Submit Answers',
  answerAll: (answered: number, total: number) =>
    `Please answer all questions before submitting (${answered}/${total} answered)`,
  // Beyond the spec: the learning record (docs/decisions/060-learning-record.md).
  startNewSet: 'Start a new set',
  reviewThisSet: 'Review this set with rationales',
  focusHeading: { weakest: 'Your weakest category', missed: 'Questions you missed' },
  // The number and letter keys pick an answer only when one question is on screen.
  keyboardHintOneAtATime: (options: number) =>
    `Keyboard: press 1–${options} or A–${optionLetter(options - 1)} to choose an answer, the arrow keys to move between answers, and Enter for Next or Submit.`,
  keyboardHintAllOnOnePage:
    'Keyboard: Tab moves from question to question, the arrow keys choose an answer within a question, and Enter on Submit Answers submits the set.',
  jumpToRemediation: (incorrect: number) =>
    `Go to remediation for the ${incorrect} question${incorrect === 1 ? '' : 's'} you missed`,
};

/** The message logged for a question-load error; the browser tests allow exactly this log. */
export const LOAD_ERROR_LOG = 'Practice questions could not be loaded:';
