import type { NgnItem } from '../../domain/ngn-items';
import type { AccessGateOutput } from '../access-gate/access-gate.machine';
import { BackendError } from '../shared/backend-error';
import { ada, done, elapsed, type FlowFixtures, failed, plain } from '../shared/fixtures';
import type { CustomTestRequest, TestItem } from './test-session.ports';
import type { TestProgress, TestSessionInput } from './test-session.types';

/** A classic question: options `q1-right` and `q1-wrong`. */
const classic: TestItem = {
  kind: 'classic',
  id: 'q1',
  question: {
    id: 'q1',
    stem: 'Stem of q1',
    category: 'Pharmacological Therapies',
    options: [
      { id: 'q1-right', label: 'Right', is_correct: true },
      { id: 'q1-wrong', label: 'Wrong', is_correct: false },
    ],
    rationale: 'Rationale of q1.',
  },
};

const selectAll: NgnItem = {
  id: 'ngn-mr-901',
  type: 'multiple-response',
  category: 'Physiological Adaptation',
  step: 'take-action',
  setting: 'med-surg',
  difficulty: 'medium',
  trend: false,
  topic: 'fixture select all',
  exhibit: [],
  stem: 'Fixture item: select all actions the nurse should take.',
  rationale:
    'A, C and D are correct because they fit the client data given; B and E do not fit the findings and would delay care.',
  select: 'all',
  options: [
    { id: 'a', text: 'Raise the head of the bed', correct: true },
    { id: 'b', text: 'Encourage oral fluids', correct: false },
    { id: 'c', text: 'Report the findings to the RN', correct: true },
    { id: 'd', text: 'Apply oxygen as ordered', correct: true },
    { id: 'e', text: 'Lower the head of the bed', correct: false },
  ],
};

/**
 * A two-item test, one classic question and one NGN item, so both kinds go through every mode;
 * small enough for the model's graph. The events pick few of the NGN item's options (its pick rule
 * is the clinical-judgment one, tested there).
 */
export const testItems: TestItem[] = [
  classic,
  { kind: 'ngn', id: selectAll.id, item: selectAll, caseStudy: null },
];

export const tutorRequest: CustomTestRequest = { mode: 'tutor', settings: { count: 2, pool: 'unused' } };
export const timedRequest: CustomTestRequest = { mode: 'timed', settings: { count: 2, pool: 'all' } };

export const TEST_NOW = '2026-11-25T09:00:00.000Z';
/** Started 100 s before TEST_NOW: a reload then has 60 s of the two items' 160 s left. */
export const SAVED_STARTED_AT = '2026-11-25T08:58:20.000Z';

/** A timed test left on its second item: the first answered wrong, flagged, with a note and a strike-out. */
export const savedTimedTest: TestProgress = {
  userId: ada.userId,
  request: timedRequest,
  items: testItems,
  responses: [{ options: ['q1-wrong'] }, {}],
  checked: [],
  currentIndex: 1,
  secondsPerItem: [100, 0],
  flagged: ['q1'],
  notes: { q1: 'Check the potassium range' },
  struck: { q1: ['q1-right'] },
  setId: 't-0',
  startedAt: SAVED_STARTED_AT,
};

/** A one-item tutor test left after checking its item (small, so the model's graph stays small). */
export const savedCheckedTutorTest: TestProgress = {
  ...savedTimedTest,
  request: tutorRequest,
  items: testItems.slice(0, 1),
  responses: [{ options: ['q1-wrong'] }],
  checked: ['q1'],
  currentIndex: 0,
  secondsPerItem: [100],
};

export const grantedAccess: AccessGateOutput = { access: 'granted', redirectTo: null };
export const offline = new BackendError('Failed to fetch');

// One set id and a fixed clock: the model tells snapshots apart by their context, so a counter or a
// running clock would make the graph endless. The clock tests use a SimulatedClock.
const base = { session: ada, newSetId: () => 't-1', now: () => TEST_NOW };

/**
 * The inputs and events the model explores. Resuming a timed test is the clock tests' case (its
 * graph would repeat the timed test's); the events mark the classic item only (marks act alike on
 * any item).
 */
export const testSessionFixtures: FlowFixtures<TestSessionInput> = {
  inputs: {
    'Tutor test just built': () => ({ ...base, request: tutorRequest, saved: null }),
    'Timed test just built': () => ({ ...base, request: timedRequest, saved: null }),
    'Resuming a checked one-item tutor test': () => ({
      ...base,
      request: null,
      saved: savedCheckedTutorTest,
    }),
    'Nothing built': () => ({ ...base, request: null, saved: null }),
  },
  events: [
    done('accessGate', grantedAccess, 'access granted'),
    done('accessGate', { access: 'notEntitled', redirectTo: 'billing' }, 'no access: /billing'),
    done('loadCustomTest', testItems, `${testItems.length} items`),
    done('loadCustomTest', [], 'no items'),
    failed('loadCustomTest', offline),
    plain('set.retry'),
    { label: 'q1: Right', event: { type: 'answer.pick', groupId: 'options', choiceId: 'q1-right' } },
    { label: 'q1: Wrong', event: { type: 'answer.pick', groupId: 'options', choiceId: 'q1-wrong' } },
    { label: 'NGN: A', event: { type: 'answer.pick', groupId: 'options', choiceId: 'a' } },
    plain('item.check'),
    plain('item.next'),
    plain('item.previous'),
    { label: 'Go to item 1', event: { type: 'item.goto', index: 0 } },
    { label: 'Go to item 2', event: { type: 'item.goto', index: 1 } },
    plain('flag.toggle'),
    { label: 'Note', event: { type: 'note.change', text: 'Check the potassium range' } },
    { label: 'Strike q1: Right', event: { type: 'option.strike', choiceId: 'q1-right' } },
    elapsed('timeUp', 'test-session.answering.timed', 'time runs out'),
    plain('set.submit'),
  ],
};
