import { fromPromise, setup } from 'xstate';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { LearningRecordPort } from '../shared/ports';

export interface HistoryResetInput {
  userId: string;
}

export interface HistoryResetContext extends HistoryResetInput {
  error: string | null;
}

export type HistoryResetEvent =
  | { type: 'reset.request' }
  | { type: 'reset.confirm' }
  | { type: 'reset.cancel' };

/** The real actor, built from the learning-record port. */
export function createHistoryResetImplementations(port: Pick<LearningRecordPort, 'resetHistory'>) {
  return {
    actors: {
      resetHistory: fromPromise<void, { userId: string }>(({ input }) => port.resetHistory(input.userId)),
    },
  };
}

/** /profile "Reset my practice history": asks for confirmation, then wipes the student's record. */
export const historyResetMachine = setup({
  types: {
    context: {} as HistoryResetContext,
    events: {} as HistoryResetEvent,
    input: {} as HistoryResetInput,
    tags: {} as 'busy' | 'error',
  },
  actors: placeholdersFor('history-reset', createHistoryResetImplementations),
  actions: {
    ...errorActions<HistoryResetContext, HistoryResetEvent>(),
  },
}).createMachine({
  id: 'history-reset',
  description: 'Wiping the practice record, only after the student confirms.',
  context: ({ input }) => ({ userId: input.userId, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The Reset my practice history button.',
      on: { 'reset.request': { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      description: 'A confirmation says what will be deleted; Cancel keeps everything.',
      on: { 'reset.confirm': { target: 'resetting' }, 'reset.cancel': { target: 'idle' } },
    },
    resetting: {
      description:
        'Deleting the sets, answers and statistics on the backend and the sets waiting on this device.',
      tags: ['busy'],
      invoke: {
        id: 'resetHistory',
        src: 'resetHistory',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'done', actions: 'clearError' },
        onError: {
          target: 'failed',
          actions: rememberFailure,
        },
      },
    },
    failed: {
      description: 'The reset failed and nothing was deleted: the error with Try again and Cancel.',
      tags: ['error'],
      on: {
        'reset.confirm': { target: 'resetting' },
        'reset.cancel': { target: 'idle', actions: 'clearError' },
      },
    },
    done: {
      description: 'The history is empty; the confirmation says so, and another reset can be asked for.',
      on: { 'reset.request': { target: 'confirming' } },
    },
  },
});
