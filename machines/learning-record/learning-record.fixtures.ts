import { CLIENT_NEEDS } from '../../domain/client-needs';
import { JUDGMENT_STEPS } from '../../domain/judgment-steps';
import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { BackendError, type ResultsSummary, type ReviewedSet } from '../shared/ports';
import type { LearningRecordInput } from './learning-record.machine';
import type { ReviewedQuestion } from './learning-record.ports';

/** A classic question answered wrong (B chosen, A the key), as a review shows it. */
export const missedQuestion = (category: string | null): ReviewedQuestion => ({
  id: 'q1',
  stem: 'Stem of q1',
  category,
  rationale: 'A is correct because it is right. B is incorrect because it is wrong.',
  chosenOptionId: 'q1-b',
  correctOptionId: 'q1-a',
  isCorrect: false,
  options: [
    { id: 'q1-a', label: 'Right', is_correct: true },
    { id: 'q1-b', label: 'Wrong', is_correct: false },
  ],
});

const zeroCategories = CLIENT_NEEDS.map((need) => ({ category: need.name, answered: 0, correct: 0 }));
const noJudgment = {
  sets: 0,
  points: 0,
  maxPoints: 0,
  byStep: JUDGMENT_STEPS.map((step) => ({ step, points: 0, maxPoints: 0 })),
  byCategory: CLIENT_NEEDS.map((need) => ({ category: need.name, points: 0, maxPoints: 0 })),
  recentSets: [],
};

/** A student who has recorded nothing yet. */
export const emptySummary: ResultsSummary = {
  totals: { sets: 0, answered: 0, correct: 0 },
  categories: zeroCategories,
  overTime: [],
  recentSets: [],
  weakest: [],
  missedCount: 0,
  seenCount: 0,
  bankSize: 411,
  dueToday: 0,
  customTests: [],
  judgment: noJudgment,
};

const [first, second] = CLIENT_NEEDS;

/** Two recorded sets of ten: 6 then 8 correct. */
export const twoSetSummary: ResultsSummary = {
  totals: { sets: 2, answered: 20, correct: 14 },
  categories: zeroCategories.map((c) =>
    c.category === first?.name
      ? { ...c, answered: 12, correct: 6 }
      : c.category === second?.name
        ? { ...c, answered: 8, correct: 8 }
        : c,
  ),
  overTime: [
    { setId: 'set-a', submittedAt: '2026-11-24T09:00:00.000Z', correct: 6, total: 10 },
    { setId: 'set-b', submittedAt: '2026-11-25T09:00:00.000Z', correct: 8, total: 10 },
  ],
  recentSets: [
    { setId: 'set-b', submittedAt: '2026-11-25T09:00:00.000Z', correct: 8, total: 10, focus: 'mixed' },
    { setId: 'set-a', submittedAt: '2026-11-24T09:00:00.000Z', correct: 6, total: 10, focus: 'mixed' },
  ],
  weakest: [{ category: first?.name ?? '', answered: 12, correct: 6 }],
  missedCount: 6,
  seenCount: 20,
  bankSize: 411,
  dueToday: 0,
  customTests: [],
  judgment: {
    ...noJudgment,
    sets: 1,
    points: 9,
    maxPoints: 15,
    byStep: noJudgment.byStep.map((s) =>
      s.step === 'recognize-cues' ? { ...s, points: 9, maxPoints: 15 } : s,
    ),
  },
};

/** The set set-b as its review shows it (one question is enough for the flow). */
export const reviewedSet: ReviewedSet = {
  setId: 'set-b',
  submittedAt: '2026-11-25T09:00:00.000Z',
  startedAt: '2026-11-25T08:50:00.000Z',
  focus: 'mixed',
  correct: 0,
  total: 1,
  questions: [missedQuestion(first?.name ?? null)],
};

export const setNotFound = new BackendError('Practice set not found.', 'P0002');
const offline = new BackendError('Failed to fetch');

/** The learning-record flow's example inputs and events (see machines/shared/fixtures.ts). */
export const learningRecordFixtures: FlowFixtures<LearningRecordInput> = {
  inputs: {
    'Signed in': () => ({ userId: ada.userId, openSetId: null }),
    'Signed in, opening set-b from the address': () => ({ userId: ada.userId, openSetId: 'set-b' }),
  },
  events: [
    done('deliverOutbox', { delivered: 1, waiting: 0 }, 'one waiting set sent'),
    done('deliverOutbox', { delivered: 0, waiting: 1 }, 'one set still waiting'),
    done('loadSummary', twoSetSummary, 'two sets'),
    done('loadSummary', emptySummary, 'nothing recorded'),
    failed('loadSummary', offline),
    plain('summary.retry'),
    { label: 'open set-a', event: { type: 'set.open', setId: 'set-a' } },
    done('loadSet', reviewedSet, 'set-b'),
    failed('loadSet', setNotFound),
    plain('set.retry'),
    plain('set.close'),
  ],
};
