import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  accessGateGuards,
  accessGateMachine,
  createAccessGateImplementations,
  paidFlowGateStates,
} from '../access-gate/access-gate.machine';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import { answerOf, canPickIn, isAnsweredIn, pickIn } from './exam-rules';
import { type ExamAnswer, type ExamView, type MockExamPort, MockExamRefusal } from './mock-exam.ports';
import type { MockExamContext, MockExamEvent, MockExamInput } from './mock-exam.types';

export type { MockExamContext, MockExamEvent, MockExamInput };

/** How often the clock reads the time source. */
export const CLOCK_TICK_MS = 1000;

type ExamDone = { event: { output: ExamView | null } };
type Failure = { event: { error: unknown } };
const examOf = ({ event }: ExamDone) => ({ exam: event.output });
const failureOf = ({ event }: Failure) => ({ error: event.error });
const pickParams = ({ event }: { event: MockExamEvent }) => {
  const { groupId, choiceId } = event as Extract<MockExamEvent, { type: 'choice.pick' }>;
  return { groupId, choiceId };
};
/** The exam a refusal carries (the item really on screen, or the ended exam). */
const refusedExam = ({ event }: Failure) => ({
  exam: event.error instanceof MockExamRefusal ? event.error.exam : null,
});
const isRefusal = (error: unknown, code: MockExamRefusal['refusal']) =>
  error instanceof MockExamRefusal && error.refusal === code;

/** /exams/mock: the full-length mock exam, one item at a time on the server's clock (decision 200). */
export const mockExamMachine = setup({
  types: {
    context: {} as MockExamContext,
    events: {} as MockExamEvent,
    input: {} as MockExamInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
    children: {} as { accessGate: 'accessGate' },
  },
  actors: placeholdersFor('mock-exam', createMockExamImplementations),
  guards: {
    ...accessGateGuards,
    hasNoExam: (_, params: { exam: ExamView | null }) => params.exam === null,
    hasEnded: (_, params: { exam: ExamView | null }) =>
      params.exam === null || params.exam.status === 'finished',
    canPickChoice: ({ context }, params: { groupId: string; choiceId: string }) => {
      const item = context.exam?.item;
      return item != null && canPickIn(item, context.response, params.groupId, params.choiceId);
    },
    isAnswered: ({ context }) => {
      const item = context.exam?.item;
      return item != null && isAnsweredIn(item, context.response);
    },
    timeRunsOut: ({ context }, params: { at: number }) => context.deadlineAt - params.at <= 0,
    isInProgressRefusal: (_, params: { error: unknown }) => isRefusal(params.error, 'exam_in_progress'),
    /** The answer was for an item no longer on screen (another tab, a repeat): the server's item shows. */
    isStaleRefusal: (_, params: { error: unknown }) =>
      isRefusal(params.error, 'stale') && (params.error as MockExamRefusal).exam?.item != null,
    isTimeUpRefusal: (_, params: { error: unknown }) => isRefusal(params.error, 'time_up'),
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    /** Leaves for the finished exam's report (/exams/mock/report?exam=<id>), provided by the page. */
    openReport: (_, _params: { examId: string }) => {},
    storeExam: assign(({ context }, params: { exam: ExamView | null }) => {
      if (!params.exam) return {};
      const timeLeftMs = params.exam.timeLeftSeconds * 1000;
      const sameItem = params.exam.item?.token === context.exam?.item?.token;
      return {
        exam: params.exam,
        response: sameItem ? context.response : {},
        deadlineAt: context.now() + timeLeftMs,
        timeLeftMs,
        error: null,
      };
    }),
    tick: assign({
      timeLeftMs: ({ context }, params: { at: number }) => Math.max(0, context.deadlineAt - params.at),
    }),
    pickChoice: assign({
      response: ({ context }, params: { groupId: string; choiceId: string }) =>
        context.exam?.item
          ? pickIn(context.exam.item, context.response, params.groupId, params.choiceId)
          : context.response,
    }),
    ...errorActions<MockExamContext, MockExamEvent>(),
    noteRefusal: assign({
      notice: (_, params: { error: unknown }) =>
        params.error instanceof Error ? params.error.message : null,
    }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'mock-exam',
  description:
    'The mock exam: resumed or started on the server, answered one item at a time against the server-kept clock, then the report.',
  context: ({ input }) => ({
    ...input,
    exam: null,
    response: {},
    deadlineAt: input.now(),
    timeLeftMs: 0,
    error: null,
    notice: null,
  }),
  initial: 'checkingAccess',
  states: {
    ...paidFlowGateStates('resuming'),
    resuming: {
      description:
        'Asking the server for the exam in progress: it resumes at the same item with the clock having run; none shows the start screen.',
      tags: ['busy'],
      invoke: {
        id: 'loadCurrentExam',
        src: 'loadCurrentExam',
        onDone: [
          { guard: { type: 'hasNoExam', params: examOf }, target: 'ready' },
          {
            guard: { type: 'hasEnded', params: examOf },
            target: 'finished',
            actions: { type: 'storeExam', params: examOf },
          },
          { target: 'exam', actions: { type: 'storeExam', params: examOf } },
        ],
        onError: { target: 'loadFailed', actions: rememberFailure },
      },
    },
    loadFailed: {
      description: 'The exam could not be reached: an error with Try again.',
      tags: ['error'],
      on: { 'exam.retry': { target: 'resuming', actions: 'clearError' } },
    },
    ready: {
      description: 'No exam in progress: how the exam works, and Start the exam.',
      on: { 'exam.start': { target: 'starting' } },
    },
    starting: {
      description: 'The server starts the exam and its clock, and serves the first item.',
      tags: ['busy'],
      invoke: {
        id: 'startExam',
        src: 'startExam',
        onDone: { target: 'exam', actions: { type: 'storeExam', params: examOf } },
        onError: [
          // Started meanwhile in another tab: that exam resumes.
          { guard: { type: 'isInProgressRefusal', params: failureOf }, target: 'resuming' },
          { target: 'startFailed', actions: rememberFailure },
        ],
      },
    },
    startFailed: {
      description: 'The exam could not start: an error with Try again.',
      tags: ['error'],
      on: { 'exam.retry': { target: 'starting', actions: 'clearError' } },
    },
    exam: {
      description:
        "The exam in progress. Its clock ticks in every state inside, the break included; reaching the server's deadline ends the exam on time.",
      initial: 'answering',
      invoke: { id: 'clock', src: 'clock', input: ({ context }) => ({ now: context.now }) },
      on: {
        'clock.tick': [
          {
            guard: { type: 'timeRunsOut', params: ({ event }) => ({ at: event.at }) },
            target: 'timeUp',
            actions: { type: 'tick', params: ({ event }) => ({ at: event.at }) },
          },
          { actions: { type: 'tick', params: ({ event }) => ({ at: event.at }) } },
        ],
      },
      states: {
        answering: {
          description: 'One item, no going back and no feedback: Next once every part is answered.',
          tags: ['form'],
          on: {
            'choice.pick': {
              guard: { type: 'canPickChoice', params: pickParams },
              actions: { type: 'pickChoice', params: pickParams },
            },
            'answer.submit': { guard: 'isAnswered', target: 'submitting' },
            'break.start': { target: 'onBreak' },
          },
        },
        submitting: {
          description:
            'The server grades the answer and chooses the next item, or ends the exam by its rules.',
          tags: ['busy'],
          invoke: {
            id: 'submitAnswer',
            src: 'submitAnswer',
            input: ({ context }) => answerOf(context),
            onDone: [
              {
                guard: { type: 'hasEnded', params: examOf },
                target: '#mock-exam.finished',
                actions: { type: 'storeExam', params: examOf },
              },
              { target: 'answering', actions: [{ type: 'storeExam', params: examOf }, 'clearNotice'] },
            ],
            onError: [
              {
                guard: { type: 'isStaleRefusal', params: failureOf },
                target: 'answering',
                actions: [
                  { type: 'storeExam', params: refusedExam },
                  { type: 'noteRefusal', params: failureOf },
                ],
              },
              {
                guard: { type: 'isTimeUpRefusal', params: failureOf },
                target: '#mock-exam.timeUp',
                actions: { type: 'noteRefusal', params: failureOf },
              },
              { target: 'submitFailed', actions: rememberFailure },
            ],
          },
        },
        submitFailed: {
          description: 'The answer did not reach the server: an error with Try again (the same answer).',
          tags: ['error'],
          on: { 'exam.retry': { target: 'submitting', actions: 'clearError' } },
        },
        onBreak: {
          description: 'The break screen: the item is hidden and the clock keeps running.',
          on: { 'break.end': { target: 'answering' } },
        },
      },
    },
    timeUp: {
      description: 'The time ran out: the server ends the exam on the time rule (its stored start decides).',
      tags: ['busy'],
      invoke: {
        id: 'endOnTime',
        src: 'endOnTime',
        onDone: [
          {
            guard: { type: 'hasEnded', params: examOf },
            target: 'finished',
            actions: { type: 'storeExam', params: examOf },
          },
          // The server's clock still has time (this device's ran fast): the exam goes on.
          { target: 'exam', actions: { type: 'storeExam', params: examOf } },
        ],
        onError: { target: 'timeUpFailed', actions: rememberFailure },
      },
    },
    timeUpFailed: {
      description: 'The time ran out but the server could not be reached: an error with Try again.',
      tags: ['error'],
      on: { 'exam.retry': { target: 'timeUp', actions: 'clearError' } },
    },
    finished: {
      description: 'The exam has ended: on to its report.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'openReport', params: ({ context }) => ({ examId: context.exam?.id ?? '' }) },
    },
  },
});

/** The machine's real actors, built from its port; the clock reads the time source every second. */
export function createMockExamImplementations(port: MockExamPort) {
  return {
    actors: {
      accessGate: accessGateMachine.provide(createAccessGateImplementations(port)),
      loadCurrentExam: fromPromise<ExamView | null>(() => port.loadCurrentExam()),
      // The server ends an exam whose time is up when asked for it (the `current` action).
      endOnTime: fromPromise<ExamView | null>(() => port.loadCurrentExam()),
      startExam: fromPromise<ExamView>(() => port.startExam()),
      submitAnswer: fromPromise<ExamView, ExamAnswer>(({ input }) => port.answerItem(input)),
      clock: fromCallback<MockExamEvent, { now: () => number }>(({ sendBack, input }) => {
        const timer = setInterval(() => sendBack({ type: 'clock.tick', at: input.now() }), CLOCK_TICK_MS);
        return () => clearInterval(timer);
      }),
    },
  };
}
