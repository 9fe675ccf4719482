import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { BackendError, type PracticeQuestion } from '../shared/ports';
import type { PracticeProgress, PracticeSessionInput } from './practice-session.machine';

const question = (id: string, category: string | null): PracticeQuestion => ({
  id,
  stem: `Stem of ${id}`,
  category,
  options: [
    { id: `${id}-right`, label: 'Right', is_correct: true },
    { id: `${id}-wrong`, label: 'Wrong', is_correct: false },
  ],
  rationale: `Rationale of ${id}.`,
});

/**
 * A two-question set: small enough that the model's graph stays small, yet answers, locks, layouts
 * and orders combine fully. Each question's options are `<id>-right` and `<id>-wrong`.
 */
export const practiceSet: PracticeQuestion[] = [question('q1', 'Coordinated Care'), question('q2', null)];

/** The backend refusing a procedure (e.g. its execute permission revoked). */
export const permissionDenied = new BackendError('permission denied');

/** The backend out of reach (offline, or stopped). */
export const offline = new BackendError('Failed to fetch');

/** A set in progress stored on the device: the first question answered (wrong) and locked. */
export const savedProgress: PracticeProgress = {
  userId: ada.userId,
  questions: practiceSet,
  answers: { q1: 'q1-wrong' },
  currentIndex: 1,
  layout: 'all',
  setId: 's-saved',
  startedAt: '2026-11-25T08:50:00.000Z',
  focus: 'mixed',
};

// Fisher–Yates with a source that always returns 0: a real reorder, and stateless, so the model and
// the real machine replaying the same path shuffle alike.
const random = () => 0;

// One set id for every set: the model tells snapshots apart by their context, so a counter would
// make every Practice Again a new state and the graph endless. The behaviour tests use a counter.
const newSetId = () => 's-1';
/** A fixed clock: the record's times are then known in advance. */
export const FIXED_NOW = '2026-11-25T09:00:00.000Z';
const now = () => FIXED_NOW;
const base = () => ({ focus: 'mixed' as const, random, newSetId, now });

/** The practice-session flow's example inputs and events (see machines/shared/fixtures.ts). */
export const practiceSessionFixtures: FlowFixtures<PracticeSessionInput> = {
  inputs: {
    'Signed in, new set': () => ({ ...base(), session: ada, layout: 'one', saved: null }),
    'Signed in, prefers all on one page': () => ({ ...base(), session: ada, layout: 'all', saved: null }),
    'Signed in, resuming a saved set at question 2': () => ({
      ...base(),
      session: ada,
      layout: 'one',
      saved: savedProgress,
    }),
    'Signed out': () => ({ ...base(), session: null, layout: 'one', saved: null }),
  },
  events: [
    done('checkEntitlement', true, 'entitled'),
    done('checkEntitlement', false, 'not entitled'),
    failed('checkEntitlement', permissionDenied),
    plain('entitlement.retry'),
    done('loadQuestions', practiceSet, `${practiceSet.length} questions`),
    done('loadQuestions', [], 'an empty set'),
    failed('loadQuestions', permissionDenied),
    plain('questions.retry'),
    ...practiceSet.flatMap((q) =>
      q.options.map((o) => ({
        label: `${q.id}: ${o.label}`,
        event: { type: 'answer.select', questionId: q.id, optionId: o.id },
      })),
    ),
    plain('question.next'),
    plain('session.submit'),
    plain('layout.switch'),
    plain('remediation.toggle'),
    plain('session.restart'),
    plain('session.new'),
    done('recordSet', undefined, 'saved'),
    failed('recordSet', offline),
    plain('record.retry'),
  ],
};
