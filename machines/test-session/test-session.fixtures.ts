import type { CustomTest, CustomTestItem, CustomTestSettings } from '../../domain/custom-tests';
import type { AccessGateOutput } from '../access-gate/access-gate.machine';
import { BackendError } from '../shared/backend-error';
import { ada, done, elapsed, type FlowFixtures, failed, plain } from '../shared/fixtures';
import type { TestProgress, TestSessionInput } from './test-session.types';

export const TEST_NOW = '2026-11-25T09:00:00.000Z';
/** The server's clock 2 s ahead of this device's: the time left is the server's. */
export const SERVER_NOW = '2026-11-25T09:00:02.000Z';

const settings = (mode: 'tutor' | 'timed'): CustomTestSettings => ({
  categories: ['Pharmacological Therapies'],
  itemCount: 10,
  pool: 'unused',
  kinds: ['classic', 'standalone'],
  mode,
  utcOffsetMinutes: 0,
});

const base = {
  flagged: false,
  note: '',
  response: null,
  secondsSpent: 0,
  reveal: null,
  caseStudy: null,
  category: 'Pharmacological Therapies' as const,
};

/** A classic question as served: options `q1-right` and `q1-wrong`, no key. */
const classicItem: CustomTestItem = {
  ...base,
  position: 1,
  bank: 'classic',
  itemId: 'q1',
  classic: {
    stem: 'Stem of q1',
    options: [
      { id: 'q1-right', label: 'Right' },
      { id: 'q1-wrong', label: 'Wrong' },
    ],
  },
  ngn: null,
};

/** An NGN select-all item as served, without its key. */
const ngnItem: CustomTestItem = {
  ...base,
  position: 2,
  bank: 'ngn',
  itemId: 'ngn-mr-901',
  classic: null,
  ngn: {
    id: 'ngn-mr-901',
    type: 'multiple-response',
    category: 'Pharmacological Therapies',
    step: 'take-action',
    setting: 'med-surg',
    topic: 'fixture select all',
    trend: false,
    exhibit: [],
    stem: 'Fixture item: select all actions the nurse should take.',
    select: 'all',
    options: [
      { id: 'a', text: 'Raise the head of the bed' },
      { id: 'b', text: 'Encourage oral fluids' },
      { id: 'c', text: 'Report the findings to the RN' },
      { id: 'd', text: 'Apply oxygen as ordered' },
      { id: 'e', text: 'Lower the head of the bed' },
    ],
  },
};

/**
 * A two-item test, one classic question and one NGN item, so both kinds go through every mode;
 * small enough for the model's graph (the events pick one of the NGN item's options: its pick rule
 * is the clinical-judgment one, tested there).
 */
export const testItems = [classicItem, ngnItem];

const test = (mode: 'tutor' | 'timed'): CustomTest => ({
  testId: `t-${mode}`,
  mode,
  status: 'in_progress',
  settings: settings(mode),
  startedAt: '2026-11-25T08:58:20.000Z',
  submittedAt: null,
  timeLimitSeconds: mode === 'timed' ? 160 : null,
  endsAt: mode === 'timed' ? '2026-11-25T09:01:00.000Z' : null,
  serverNow: SERVER_NOW,
  contentAvailable: true,
  items: testItems,
  result: null,
});
/** Started 100 s before TEST_NOW (by the server's clock, 98 s by this device's): 58 s are left. */
export const tutorTest = test('tutor');
export const timedTest = test('timed');

/** The classic question as the server returns it once checked in tutor mode. */
export const checkedClassic: CustomTestItem = {
  ...classicItem,
  response: { answer: ['q1-wrong'] },
  reveal: {
    points: 0,
    maxPoints: 1,
    rationale: 'Rationale of q1.',
    options: [
      { id: 'q1-right', label: 'Right', isCorrect: true },
      { id: 'q1-wrong', label: 'Wrong', isCorrect: false },
    ],
    item: null,
  },
};

/** The timed test once submitted: the first item answered and revealed, the second unanswered. */
export const submittedTest: CustomTest = {
  ...timedTest,
  status: 'submitted',
  submittedAt: TEST_NOW,
  items: [
    checkedClassic,
    { ...ngnItem, reveal: { points: 0, maxPoints: 3, rationale: 'Why.', options: null, item: null } },
  ],
  result: { points: 0, maxPoints: 4, answered: 1, unanswered: 1 },
};

/** This device's progress on the timed test: the first item answered, struck and on screen. */
export const savedTimedProgress: TestProgress = {
  userId: ada.userId,
  testId: timedTest.testId,
  responses: [{ answer: ['q1-right'] }, {}],
  struck: [['q1-wrong'], []],
  currentIndex: 1,
  secondsPerItem: [40, 0],
};

export const grantedAccess: AccessGateOutput = { access: 'granted', redirectTo: null };
export const offline = new BackendError('Failed to fetch');

/**
 * The inputs and events the model explores. The strike-out acts on the classic item's option only
 * (it acts alike on any item); flags and notes are the item marks' (machines/item-marks); resuming
 * this device's progress is the behaviour tests' case.
 */
export const testSessionFixtures: FlowFixtures<TestSessionInput> = {
  inputs: {
    'A test in the address': () => ({ session: ada, testId: 't-tutor', saved: null, now: () => TEST_NOW }),
    'Nothing in the address': () => ({ session: ada, testId: null, saved: null, now: () => TEST_NOW }),
  },
  events: [
    done('accessGate', grantedAccess, 'access granted'),
    done('accessGate', { access: 'notEntitled', redirectTo: 'billing' }, 'no access: /billing'),
    done('loadCustomTest', tutorTest, 'a tutor test'),
    done('loadCustomTest', timedTest, 'a timed test'),
    done('loadCustomTest', submittedTest, 'a submitted test'),
    failed('loadCustomTest', offline),
    plain('set.retry'),
    { label: 'q1: Wrong', event: { type: 'answer.pick', groupId: 'answer', choiceId: 'q1-wrong' } },
    { label: 'NGN: A', event: { type: 'answer.pick', groupId: 'options', choiceId: 'a' } },
    plain('item.check'),
    done('answerCustomTestItem', checkedClassic, 'checked: key and rationale'),
    failed('answerCustomTestItem', offline),
    plain('item.next'),
    plain('item.previous'),
    { label: 'Go to item 1', event: { type: 'item.goto', index: 0 } },
    { label: 'Strike q1: Right', event: { type: 'option.strike', choiceId: 'q1-right' } },
    elapsed('timeUp', 'test-session.answering.timed', 'time runs out'),
    plain('set.submit'),
    done('recordDelivery', undefined, 'submitted'),
  ],
};
