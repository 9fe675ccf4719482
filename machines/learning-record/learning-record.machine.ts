import { assign, fromPromise, setup } from 'xstate';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { LearningRecordPort, OutboxDelivery, ResultsSummary, ReviewedSet } from '../shared/ports';

/** What /results and the dashboard know when they open. */
export interface LearningRecordInput {
  /** The signed-in student (both pages sit behind the session guard). */
  userId: string;
  /** A set to open at once (`/results?set=<id>`, e.g. "Review this set" after practising). */
  openSetId: string | null;
}

export interface LearningRecordContext {
  userId: string;
  summary: ResultsSummary | null;
  /** Sets still waiting on this device after the delivery attempt. */
  waitingSets: number;
  openSetId: string | null;
  openSet: ReviewedSet | null;
  error: string | null;
}

export type LearningRecordEvent =
  | { type: 'summary.retry' }
  | { type: 'set.open'; setId: string }
  | { type: 'set.retry' }
  | { type: 'set.close' };

/** The real actors, built from the learning-record port. */
export function createLearningRecordImplementations(
  port: Pick<LearningRecordPort, 'deliverOutbox' | 'loadSummary' | 'loadSet'>,
) {
  return {
    actors: {
      deliverOutbox: fromPromise<OutboxDelivery, { userId: string }>(({ input }) =>
        port.deliverOutbox(input.userId),
      ),
      loadSummary: fromPromise<ResultsSummary>(() => port.loadSummary()),
      loadSet: fromPromise<ReviewedSet, { setId: string }>(({ input }) => port.loadSet(input.setId)),
    },
  };
}

// Selectors the views read.
type WithContext = { context: LearningRecordContext };
/** Share of correct answers in percent, rounded; null with nothing answered. */
export const accuracy = (correct: number, answered: number): number | null =>
  answered === 0 ? null : Math.round((100 * correct) / answered);
export const overallAccuracy = ({ context }: WithContext) =>
  context.summary ? accuracy(context.summary.totals.correct, context.summary.totals.answered) : null;

/**
 * The student's learning record on /results and the dashboard: first the sets waiting on this device
 * are sent, then the summary loads in one call; on /results a past set opens for review.
 */
export const learningRecordMachine = setup({
  types: {
    context: {} as LearningRecordContext,
    events: {} as LearningRecordEvent,
    input: {} as LearningRecordInput,
    tags: {} as 'busy' | 'error',
  },
  actors: placeholdersFor('learning-record', createLearningRecordImplementations),
  guards: {
    hasNoSets: (_, params: { summary: ResultsSummary }) =>
      params.summary.totals.sets === 0 && params.summary.judgment.sets === 0,
    hasSetToOpen: ({ context }) => context.openSetId !== null,
  },
  actions: {
    storeDelivery: assign({ waitingSets: (_, params: { waiting: number }) => params.waiting }),
    storeSummary: assign({
      summary: (_, params: { summary: ResultsSummary }) => params.summary,
      error: null,
    }),
    ...errorActions<LearningRecordContext, LearningRecordEvent>(),
    chooseSet: assign({
      openSetId: (_, params: { setId: string }) => params.setId,
      openSet: null,
      error: null,
    }),
    storeSet: assign({ openSet: (_, params: { set: ReviewedSet }) => params.set, error: null }),
    closeSet: assign({ openSetId: null, openSet: null, error: null }),
  },
}).createMachine({
  id: 'learning-record',
  description: "The student's record: waiting sets are sent, the summary loads, past sets open for review.",
  context: ({ input }) => ({
    userId: input.userId,
    summary: null,
    waitingSets: 0,
    openSetId: input.openSetId,
    openSet: null,
    error: null,
  }),
  initial: 'deliveringOutbox',
  states: {
    deliveringOutbox: {
      description:
        'Sending the sets that wait on this device; any that cannot be sent stay waiting for next time.',
      tags: ['busy'],
      invoke: {
        id: 'deliverOutbox',
        src: 'deliverOutbox',
        input: ({ context }) => ({ userId: context.userId }),
        // Delivery never fails as a whole: a set that cannot be sent stays waiting (the port's contract).
        onDone: {
          target: 'loadingSummary',
          actions: { type: 'storeDelivery', params: ({ event }) => ({ waiting: event.output.waiting }) },
        },
      },
    },
    loadingSummary: {
      description: 'Loading totals, categories, the sets over time and the recent sets in one call.',
      tags: ['busy'],
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        onDone: [
          {
            guard: { type: 'hasNoSets', params: ({ event }) => ({ summary: event.output }) },
            target: 'empty',
            actions: { type: 'storeSummary', params: ({ event }) => ({ summary: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'storeSummary', params: ({ event }) => ({ summary: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: rememberFailure,
        },
      },
    },
    failed: {
      description: 'The summary could not load: an error with Try again (nothing is lost).',
      tags: ['error'],
      on: { 'summary.retry': { target: 'deliveringOutbox' } },
    },
    empty: {
      description: 'No set recorded yet: a friendly empty state that leads to practice.',
    },
    ready: {
      description: 'The summary is shown; a past set can be opened for review.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Opening the set asked for in the address, if any.',
          always: [{ guard: 'hasSetToOpen', target: 'loadingSet' }, { target: 'browsing' }],
        },
        browsing: {
          description: 'The numbers, the charts and the list of past sets.',
          on: {
            'set.open': {
              target: 'loadingSet',
              actions: { type: 'chooseSet', params: ({ event }) => ({ setId: event.setId }) },
            },
          },
        },
        loadingSet: {
          description: 'Loading one past set with its questions, choices, keys and rationales.',
          tags: ['busy'],
          invoke: {
            id: 'loadSet',
            src: 'loadSet',
            input: ({ context }) => ({ setId: context.openSetId ?? '' }),
            onDone: {
              target: 'reviewingSet',
              actions: { type: 'storeSet', params: ({ event }) => ({ set: event.output }) },
            },
            onError: {
              target: 'setFailed',
              actions: rememberFailure,
            },
          },
        },
        reviewingSet: {
          description:
            'One set question by question: every option lettered, the choice and the key marked, the rationale.',
          on: { 'set.close': { target: 'browsing', actions: 'closeSet' } },
        },
        setFailed: {
          description: 'The set could not load (or is not this student’s): an error with Try again and Back.',
          tags: ['error'],
          on: {
            'set.retry': { target: 'loadingSet' },
            'set.close': { target: 'browsing', actions: 'closeSet' },
          },
        },
      },
    },
  },
});
