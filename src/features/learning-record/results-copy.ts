export { percentText, setDate } from '../../components/record-format';

/** Texts of /results and of the dashboard's summary (beyond the spec: docs/decisions/060-learning-record.md). */
export const resultsCopy = {
  loading: 'Loading your results…',
  failedTitle: 'We could not load your results',
  failedBody:
    'Your practice record is safe; it just could not be shown right now. Please try again in a moment.',
  emptyTitle: 'No practice sets yet',
  emptyBody:
    'Finish a practice set and your scores by client-need category, your progress over time and every set you completed will appear here.',
  startPractising: 'Start practising',
  tryClinicalJudgment: 'Try a clinical judgment set',
  waiting: (count: number) =>
    `${count} finished ${count === 1 ? 'set is' : 'sets are'} waiting on this device and will be sent the next time you open PN Prep.`,
  practiseWeakest: 'Practise my weakest category',
  reviewMissed: 'Review questions I missed',
  byCategory: 'Accuracy by client-need category',
  overTime: 'Accuracy over time',
  pastSets: 'Your practice sets',
  /** In the accuracy column of a repeat set (decision 103). */
  notCounted: 'Practice again — not counted',
  backToResults: 'Back to all results',
  setFailedTitle: 'We could not open this set',
  retiredQuestion: 'This question has since been retired from the question bank.',
  /** A past set's question once access has ended (decision 102). */
  contentLocked:
    'Your answer and score are kept; the question and its rationale show again with an active trial or subscription.',
};
