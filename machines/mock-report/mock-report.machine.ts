import { assign, fromPromise, setup } from 'xstate';
import {
  accessGateGuards,
  accessGateMachine,
  createAccessGateImplementations,
  paidFlowGateStates,
} from '../access-gate/access-gate.machine';
import type { SessionInfo } from '../access-gate/access-gate.ports';
import { appActionPlaceholders } from '../shared/app-actions';
import { BackendError } from '../shared/backend-error';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { MockExamReport, MockReportPort } from './mock-report.ports';

export interface MockReportInput {
  session: SessionInfo | null;
  /** `?exam=<id>` of /exams/mock/report (null: the latest finished exam). */
  examId: string | null;
}

export interface MockReportContext extends MockReportInput {
  report: MockExamReport | null;
  error: string | null;
  /** The function's code of a final refusal (`no_exam`, `exam_not_finished`, …): the view's way on. */
  refusal: string | null;
}

export type MockReportEvent = { type: 'report.retry' };

/**
 * The function's refusals that no retry changes: no such finished exam of this student
 * (`no_exam`, a malformed id: `bad_request`) or the exam still running (`exam_not_finished`).
 */
const FINAL_REFUSALS = new Set(['no_exam', 'bad_request', 'exam_not_finished']);

/** The real actors, built from the mock-report port. */
export function createMockReportImplementations(
  port: Pick<MockReportPort, 'checkEntitlement' | 'loadReport'>,
) {
  return {
    actors: {
      accessGate: accessGateMachine.provide(createAccessGateImplementations(port)),
      loadReport: fromPromise<MockExamReport, { examId: string | null }>(({ input }) =>
        port.loadReport(input.examId),
      ),
    },
  };
}

/**
 * /exams/mock/report: the readiness report of a finished mock exam. The review holds keys and
 * rationales, so the shared access gate runs first, as in practice.
 */
export const mockReportMachine = setup({
  types: {
    context: {} as MockReportContext,
    events: {} as MockReportEvent,
    input: {} as MockReportInput,
    tags: {} as 'busy' | 'error' | 'done',
    children: {} as { accessGate: 'accessGate'; loadReport: 'loadReport' },
  },
  actors: placeholdersFor('mock-report', createMockReportImplementations),
  guards: {
    ...accessGateGuards,
    isFinalRefusal: (_, params: { error: unknown }) =>
      params.error instanceof BackendError && FINAL_REFUSALS.has(params.error.code ?? ''),
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    storeReport: assign({
      report: (_, params: { report: MockExamReport }) => params.report,
      error: null,
    }),
    ...errorActions<MockReportContext, MockReportEvent>(),
    rememberRefusal: assign({
      refusal: (_, params: { error: unknown }) =>
        params.error instanceof BackendError ? (params.error.code ?? null) : null,
    }),
  },
}).createMachine({
  id: 'mock-report',
  description: 'The readiness report of a finished mock exam: access checked, the report loaded and shown.',
  context: ({ input }) => ({ ...input, report: null, error: null, refusal: null }),
  initial: 'checkingAccess',
  states: {
    ...paidFlowGateStates('loading'),
    loading: {
      description: 'Loading the report: result, band, performance rows and the review of every scored item.',
      tags: ['busy'],
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ examId: context.examId }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeReport', params: ({ event }) => ({ report: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isFinalRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: [
              rememberFailure,
              { type: 'rememberRefusal', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          { target: 'failed', actions: rememberFailure },
        ],
      },
    },
    ready: {
      description: 'The report is shown.',
      tags: ['done'],
    },
    failed: {
      description: 'The report could not load (network, server): an error with Try again.',
      tags: ['error'],
      on: { 'report.retry': { target: 'loading' } },
    },
    unavailable: {
      description:
        'No such finished exam of this student, or the exam is still running: the reason, with links to the exam and to Results.',
      tags: ['error'],
    },
  },
});
