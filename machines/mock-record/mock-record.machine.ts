import { assign, fromPromise, setup } from 'xstate';
import type { MockExamRecord, MockReportPort, NclexResult } from '../mock-report/mock-report.ports';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';

export interface MockRecordContext {
  record: MockExamRecord | null;
  /** The last failure: of the load (with Try again) or of a save or removal (shown by the form). */
  error: string | null;
}

export type MockRecordEvent =
  | { type: 'record.retry' }
  | { type: 'result.edit' }
  | { type: 'result.cancel' }
  | { type: 'result.save'; result: NclexResult }
  | { type: 'result.remove' };

/** The real actors, built from the mock-report port. */
export function createMockRecordImplementations(
  port: Pick<MockReportPort, 'loadRecord' | 'saveNclexResult' | 'removeNclexResult'>,
) {
  return {
    actors: {
      loadRecord: fromPromise<MockExamRecord>(() => port.loadRecord()),
      saveNclexResult: fromPromise<NclexResult, { result: NclexResult }>(({ input }) =>
        port.saveNclexResult(input.result),
      ),
      removeNclexResult: fromPromise<void>(() => port.removeNclexResult()),
    },
  };
}

/**
 * /results' mock-exam part: every finished mock exam with its estimate and band, and the
 * student's real NCLEX-PN result, which they record, change or remove.
 */
export const mockRecordMachine = setup({
  types: {
    context: {} as MockRecordContext,
    events: {} as MockRecordEvent,
    tags: {} as 'busy' | 'error' | 'form',
  },
  actors: placeholdersFor('mock-record', createMockRecordImplementations),
  guards: {
    hasResult: ({ context }) => Boolean(context.record?.nclexResult),
  },
  actions: {
    storeRecord: assign({ record: (_, params: { record: MockExamRecord }) => params.record, error: null }),
    storeResult: assign({
      record: ({ context }, params: { result: NclexResult | null }) =>
        context.record && { ...context.record, nclexResult: params.result },
      error: null,
    }),
    ...errorActions<MockRecordContext, MockRecordEvent>(),
  },
}).createMachine({
  id: 'mock-record',
  description: 'The mock exams on /results and the real NCLEX-PN result the student records.',
  context: { record: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the finished mock exams and the recorded result in one call.',
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        onDone: {
          target: 'ready',
          actions: { type: 'storeRecord', params: ({ event }) => ({ record: event.output }) },
        },
        onError: { target: 'failed', actions: rememberFailure },
      },
    },
    failed: {
      description: 'The list could not load: an error with Try again.',
      tags: ['error'],
      on: { 'record.retry': { target: 'loading' } },
    },
    ready: {
      description: 'The mock exams over time, each linking to its report, and the real result.',
      initial: 'viewing',
      states: {
        viewing: {
          description:
            'The recorded result with Change and Remove, or a button to record one (after a mock exam); a failed save or removal is shown here.',
          on: {
            'result.edit': { target: 'editing', actions: 'clearError' },
            'result.remove': { guard: 'hasResult', target: 'removing', actions: 'clearError' },
          },
        },
        editing: {
          description: 'The form: passed or did not pass, and the date of the exam.',
          tags: ['form'],
          on: {
            'result.save': { target: 'saving' },
            'result.cancel': { target: 'viewing', actions: 'clearError' },
          },
        },
        saving: {
          description:
            'Saving the result; the backend checks the date (not in the future, not before the first mock).',
          tags: ['busy', 'form'],
          invoke: {
            id: 'saveNclexResult',
            src: 'saveNclexResult',
            input: ({ event }) => ({
              result: (event as Extract<MockRecordEvent, { type: 'result.save' }>).result,
            }),
            onDone: {
              target: 'viewing',
              actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
            },
            onError: { target: 'editing', actions: rememberFailure },
          },
        },
        removing: {
          description: 'Removing the recorded result.',
          tags: ['busy'],
          invoke: {
            id: 'removeNclexResult',
            src: 'removeNclexResult',
            onDone: { target: 'viewing', actions: { type: 'storeResult', params: { result: null } } },
            onError: { target: 'viewing', actions: rememberFailure },
          },
        },
      },
    },
  },
});
