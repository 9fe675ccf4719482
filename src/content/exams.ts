import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { MAX_ITEMS, MIN_ITEMS, PRETEST_ITEMS, TIME_LIMIT_MINUTES } from '../../domain/cat/constants';

/** /exams: the timed, full-length mock exam, how it works, and what else a student can do. */
export const exams = {
  title: 'Mock Exams',
  text: 'Timed, full-length mock exams run by the NCLEX-PN’s own rules, ending with a readiness report you can check.',
  howHeading: 'How the mock exam works',
  how: [
    `Between ${MIN_ITEMS} and ${MAX_ITEMS} items in ${TIME_LIMIT_MINUTES / 60} hours, breaks included, as on the NCLEX-PN. ${PRETEST_ITEMS} of them are unscored trial items you cannot tell apart, and three case studies come up for everyone.`,
    'One item at a time, every item type, no going back and no feedback until the end. An on-screen calculator and an optional break (the clock keeps running).',
    'Each next item is chosen so you have about an even chance of answering it, with the topics balanced to the test plan. The exam stops when it is 95% sure you are above or below the passing standard, at the maximum length, or when time runs out.',
    'Then your readiness report: which rule ended the exam, your estimate with its 95% band against the passing standard, your probability of passing, your performance by area, and every scored item with the answer and rationale.',
  ],
  start: 'Start a mock exam',
  startNote:
    'For signed-in students with an active plan or free trial. An exam in progress resumes where you left it, on any device.',
  method: 'How readiness is estimated',
  nowHeading: 'What you can practise today',
  now: [
    `Practice sets of ${QUESTIONS_PER_SET} NCLEX-PN style questions, one at a time, with a rationale for every answer.`,
    'Clinical judgment sets with Next Generation NCLEX items and case studies, scored as the exam scores them.',
    'Your results by client-need category, and sets built from your weakest category and the questions you missed.',
  ],
  practice: 'Go to Practice',
  clinicalJudgment: 'Try clinical judgment',
} as const;
