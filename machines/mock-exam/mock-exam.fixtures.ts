import type { AccessGateOutput } from '../access-gate/access-gate.machine';
import { BackendError } from '../shared/backend-error';
import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { CLASSIC_PART } from './exam-rules';
import { type ExamView, MockExamRefusal, type ShownItem } from './mock-exam.ports';
import type { MockExamInput } from './mock-exam.types';

/** The fixtures' time source: a fixed moment; ticks carry their own time. */
export const EXAM_NOW = Date.parse('2026-11-28T09:00:00.000Z');
export const FIVE_HOURS_S = 5 * 3600;

/** A classic item as the server shows it: the stem and the options, nothing that grades it. */
export const classicItem = (ordinal: number): ShownItem => ({
  ordinal,
  token: `00000000-0000-4000-8000-00000000000${ordinal}`,
  itemId: `q-fixture-${ordinal}`,
  bank: 'classic',
  stem: `Fixture item ${ordinal}: which action should the practical nurse take first?`,
  options: [
    { id: 'a', label: 'Check the client’s airway' },
    { id: 'b', label: 'Document the findings' },
    { id: 'c', label: 'Call the client’s family' },
    { id: 'd', label: 'Offer a snack' },
  ],
});

const exam = (over: Partial<ExamView>): ExamView => ({
  id: '5b0c1a7e-2f4d-4c3b-9a8e-1d2c3b4a5f60',
  status: 'in_progress',
  timeLimitSeconds: FIVE_HOURS_S,
  timeLeftSeconds: FIVE_HOURS_S,
  itemsAnswered: 0,
  item: classicItem(1),
  ...over,
});
/** A new exam: its first item, the whole time left. */
export const startedExam = exam({});
/** The exam resumed after a reload: the second item, ten minutes gone. */
export const resumedExam = exam({
  item: classicItem(2),
  itemsAnswered: 1,
  timeLeftSeconds: FIVE_HOURS_S - 600,
});
/** After an answer: the next item. */
export const nextItemExam = exam({
  item: classicItem(2),
  itemsAnswered: 1,
  timeLeftSeconds: FIVE_HOURS_S - 60,
});
/** What a stale answer meets: the exam had moved on (another tab answered) to a later item. */
export const movedOnExam = exam({
  item: classicItem(3),
  itemsAnswered: 2,
  timeLeftSeconds: FIVE_HOURS_S - 700,
});
/** Ended by the server's rules (or its clock). */
export const finishedExam = exam({ status: 'finished', timeLeftSeconds: 0, itemsAnswered: 85, item: null });

export const grantedAccess: AccessGateOutput = { access: 'granted', redirectTo: null };
export const signedOutAccess: AccessGateOutput = { access: 'signedOut', redirectTo: 'login' };
export const offline = new BackendError('Failed to fetch');
export const staleRefusal = new MockExamRefusal(
  'This answer is for an item that is no longer on screen. Continue from the current item.',
  'stale',
  movedOnExam,
);
export const timeUpRefusal = new MockExamRefusal(
  'Time is up: the exam has ended and this answer was not recorded.',
  'time_up',
  finishedExam,
);
export const inProgressRefusal = new MockExamRefusal(
  'You already have a mock exam in progress. Resume it instead of starting another.',
  'exam_in_progress',
);

/** The mock-exam flow's example inputs and events (see machines/shared/fixtures.ts). */
export const mockExamFixtures: FlowFixtures<MockExamInput> = {
  inputs: {
    'Signed in': () => ({ session: ada, now: () => EXAM_NOW }),
  },
  // Signed out and a failed entitlement check are the access gate's cases (its fixtures).
  events: [
    done('accessGate', grantedAccess, 'access granted'),
    done('accessGate', { access: 'notEntitled', redirectTo: 'billing' }, 'no plan or trial: to /billing'),
    done('accessGate', signedOutAccess, 'signed out: to /login'),
    done('loadCurrentExam', null, 'no exam in progress'),
    done('loadCurrentExam', resumedExam, 'an exam in progress'),
    done('loadCurrentExam', finishedExam, 'the exam ended on time meanwhile'),
    failed('loadCurrentExam', offline),
    plain('exam.retry'),
    plain('exam.start'),
    done('startExam', startedExam, 'the first item'),
    failed('startExam', inProgressRefusal),
    failed('startExam', offline),
    { label: 'choose option a', event: { type: 'choice.pick', groupId: CLASSIC_PART, choiceId: 'a' } },
    { label: 'choose option b', event: { type: 'choice.pick', groupId: CLASSIC_PART, choiceId: 'b' } },
    plain('answer.submit'),
    done('submitAnswer', nextItemExam, 'the next item'),
    done('submitAnswer', finishedExam, 'the exam ends'),
    failed('submitAnswer', staleRefusal),
    failed('submitAnswer', timeUpRefusal),
    failed('submitAnswer', offline),
    plain('break.start'),
    plain('break.end'),
    { label: 'a second passes', event: { type: 'clock.tick', at: EXAM_NOW + 1000 } },
    { label: 'five hours have passed', event: { type: 'clock.tick', at: EXAM_NOW + FIVE_HOURS_S * 1000 } },
    done('endOnTime', finishedExam, 'ended on time'),
    done('endOnTime', null, 'ended elsewhere'),
    done('endOnTime', resumedExam, "the server's clock still runs"),
    failed('endOnTime', offline),
  ],
};
