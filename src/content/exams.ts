import { QUESTIONS_PER_SET } from '../../domain/business-rules';

/** /exams: placeholder until mock exams exist, with what a student can do today. */
export const exams = {
  title: 'Mock Exams',
  text: 'The mock exam interface is coming soon.',
  planned:
    'Timed, full-length mock exams are planned. Until then, keep building your skills with practice sets.',
  nowHeading: 'What you can practise today',
  now: [
    `Practice sets of ${QUESTIONS_PER_SET} NCLEX-PN style questions, one at a time, with a rationale for every answer.`,
    'Clinical judgment sets with Next Generation NCLEX items and case studies, scored as the exam scores them.',
    'Your results by client-need category, and sets built from your weakest category and the questions you missed.',
  ],
  practice: 'Go to Practice',
  clinicalJudgment: 'Try clinical judgment',
} as const;
