import type { AccessGateOutput } from '../access-gate/access-gate.machine';
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

/** The access gate's answer for an entitled student. */
export const accessGranted: AccessGateOutput = { access: 'granted', redirectTo: null };

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

/**
 * The practice-session flow's example inputs and events (see machines/shared/fixtures.ts). A
 * signed-out visitor is the access gate's case (its fixtures): the gate ends with /login before
 * anything of practice runs, so it is not an input here (the behaviour tests check no set is asked for).
 */
export const signedOutInput = (): PracticeSessionInput => ({
  ...base(),
  session: null,
  layout: 'one',
  saved: null,
});

/** The inputs and events the model explores. */
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
  },
  events: [
    // The shared access gate's answers (its own checks and retries are in its fixtures).
    done('accessGate', accessGranted, 'access granted'),
    done('accessGate', { access: 'notEntitled', redirectTo: 'billing' }, 'no access: /billing'),
    done('accessGate', { access: 'signedOut', redirectTo: 'login' }, 'signed out: /login'),
    done('loadQuestions', practiceSet, `${practiceSet.length} questions`),
    done('loadQuestions', [], 'an empty set'),
    failed('loadQuestions', permissionDenied),
    plain('set.retry'),
    ...practiceSet.flatMap((q) =>
      q.options.map((o) => ({
        label: `${q.id}: ${o.label}`,
        event: { type: 'answer.select', questionId: q.id, optionId: o.id },
      })),
    ),
    plain('question.next'),
    plain('set.submit'),
    plain('layout.switch'),
    plain('remediation.toggle'),
    plain('set.restart'),
    plain('set.new'),
  ],
};
