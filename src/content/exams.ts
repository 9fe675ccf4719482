/** /exams: placeholder until mock exams exist. */
export const exams = {
  title: 'Mock Exams',
  text: 'The mock exam interface is coming soon.',
  planned:
    'Timed, full-length mock exams are planned. Until then, keep building your skills with practice sets.',
  practice: 'Go to Practice',
} as const;
