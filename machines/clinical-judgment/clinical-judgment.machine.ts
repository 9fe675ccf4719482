import { assign, fromPromise, setup } from 'xstate';
import {
  accessGateGuards,
  accessGateMachine,
  createAccessGateImplementations,
  paidFlowGateStates,
} from '../access-gate/access-gate.machine';
import {
  createRecordDeliveryImplementations,
  recordDeliveryMachine,
} from '../record-delivery/record-delivery.machine';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type {
  JudgmentPort,
  JudgmentReview,
  JudgmentSet,
  JudgmentSetKind,
  JudgmentSetRecord,
} from './clinical-judgment.ports';
import {
  currentItem,
  currentResponse,
  isCurrentAnswered,
  isLastItem,
  judgmentProgressOf,
  judgmentRecordOf,
  resumableJudgment,
} from './clinical-judgment.selectors';
import type {
  ClinicalJudgmentContext,
  ClinicalJudgmentEvent,
  ClinicalJudgmentInput,
  JudgmentProgress,
} from './clinical-judgment.types';
import { canPick, pick } from './judgment-rules';

export type { ClinicalJudgmentContext, ClinicalJudgmentEvent, ClinicalJudgmentInput, JudgmentProgress };
export { currentItem, currentResponse, isLastItem, judgmentRecordOf };

const pickParams = ({ event }: { event: ClinicalJudgmentEvent }) => {
  const { groupId, choiceId } = event as Extract<ClinicalJudgmentEvent, { type: 'choice.pick' }>;
  return { groupId, choiceId };
};
/** Keeps the set in progress on this device after every change (a reload resumes it). */
const saveProgress = {
  type: 'saveProgress',
  params: ({ context }: { context: ClinicalJudgmentContext }) => judgmentProgressOf(context),
} as const;

/** /clinical-judgment: NGN items one at a time with locking, scored per item as NCSBN scores them, then recorded. */
export const clinicalJudgmentMachine = setup({
  types: {
    context: {} as ClinicalJudgmentContext,
    events: {} as ClinicalJudgmentEvent,
    input: {} as ClinicalJudgmentInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
    children: {} as { accessGate: 'accessGate'; recordDelivery: 'recordDelivery' },
  },
  actors: placeholdersFor('clinical-judgment', createClinicalJudgmentImplementations),
  guards: {
    ...accessGateGuards,
    isReviewing: ({ context }) => Boolean(context.reviewSetId),
    hasResumedSet: ({ context }) => context.set !== null,
    hasNoItems: (_, params: { set: JudgmentSet }) => params.set.items.length === 0,
    canPickChoice: ({ context }, params: { groupId: string; choiceId: string }) => {
      const item = currentItem({ context });
      return (
        item !== undefined && canPick(item, currentResponse({ context }), params.groupId, params.choiceId)
      );
    },
    canGoNext: ({ context }) => isCurrentAnswered({ context }) && !isLastItem({ context }),
    canSubmit: ({ context }) => isCurrentAnswered({ context }) && isLastItem({ context }),
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    /** Keeps (or forgets) the set in progress on this device (provided by the app). */
    saveProgress: (_, _params: JudgmentProgress | null) => {},
    clearProgress: () => {},
    ...errorActions<ClinicalJudgmentContext, ClinicalJudgmentEvent>(),
    storeSet: assign({
      set: (_, params: { set: JudgmentSet }) => params.set,
      responses: (_, params: { set: JudgmentSet }) => params.set.items.map(() => ({})),
      currentIndex: 0,
      setId: ({ context }) => context.newSetId(),
      startedAt: ({ context }) => context.now(),
      submittedAt: null,
    }),
    forgetSet: assign({ set: null, responses: [], currentIndex: 0 }),
    storeReview: assign({ review: (_, params: { review: JudgmentReview }) => params.review }),
    pickChoice: assign({
      responses: ({ context }, params: { groupId: string; choiceId: string }) => {
        const item = currentItem({ context });
        if (!item) return context.responses;
        return context.responses.map((response, i) =>
          i === context.currentIndex ? pick(item, response, params.groupId, params.choiceId) : response,
        );
      },
    }),
    lockCurrentItem: assign({ currentIndex: ({ context }) => context.currentIndex + 1 }),
    markSubmitted: assign({ submittedAt: ({ context }) => context.now() }),
  },
}).createMachine({
  id: 'clinical-judgment',
  description:
    'Clinical judgment practice: NGN items or a case study, answered with locking, scored and recorded.',
  context: ({ input }) => {
    const resumed = input.reviewSetId ? null : resumableJudgment(input);
    return {
      ...input,
      saved: null,
      set: resumed?.set ?? null,
      responses: resumed?.responses ?? [],
      currentIndex: resumed?.currentIndex ?? 0,
      setId: resumed?.setId ?? input.newSetId(),
      startedAt: resumed?.startedAt ?? input.now(),
      submittedAt: null,
      review: null,
      error: null,
    };
  },
  initial: 'checkingAccess',
  states: {
    ...paidFlowGateStates('entitled'),
    entitled: {
      description:
        'Access granted: a recorded set opens for review, a set in progress on this device resumes, otherwise a new set loads.',
      tags: ['busy'],
      always: [
        { guard: 'isReviewing', target: 'loadingReview' },
        { guard: 'hasResumedSet', target: 'answering' },
        { target: 'loading' },
      ],
    },
    loadingReview: {
      description: 'Loading a recorded set with the responses the student gave.',
      tags: ['busy'],
      invoke: {
        id: 'loadJudgmentReview',
        src: 'loadJudgmentReview',
        input: ({ context }) => ({ setId: context.reviewSetId ?? '' }),
        onDone: {
          target: 'reviewing',
          actions: { type: 'storeReview', params: ({ event }) => ({ review: event.output }) },
        },
        onError: {
          target: 'reviewFailed',
          actions: rememberFailure,
        },
      },
    },
    reviewFailed: {
      description: "The recorded set could not load (or is not this student's): an error with Try again.",
      tags: ['error'],
      on: { 'set.retry': { target: 'loadingReview', actions: 'clearError' } },
    },
    reviewing: {
      description:
        "A recorded set: each item with the student's response beside the key, points and rationale.",
      // A new set is a link to /clinical-judgment (a reload then resumes that set, not this review).
      tags: ['done'],
    },
    loading: {
      description: 'Loading ten items or one case study.',
      tags: ['busy'],
      invoke: {
        id: 'loadJudgmentSet',
        src: 'loadJudgmentSet',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          { guard: { type: 'hasNoItems', params: ({ event }) => ({ set: event.output }) }, target: 'empty' },
          {
            target: 'answering',
            actions: { type: 'storeSet', params: ({ event }) => ({ set: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: rememberFailure,
        },
      },
    },
    empty: {
      description: 'No items of this kind yet: a message with a way back.',
    },
    loadFailed: {
      description: 'The items could not load: an error with Try again.',
      tags: ['error'],
      on: { 'set.retry': { target: 'loading', actions: 'clearError' } },
    },
    answering: {
      description:
        'One item at a time; Next once every part is answered locks it; the last shows Submit. Every change is kept on this device so a reload resumes.',
      tags: ['form'],
      entry: saveProgress,
      on: {
        'choice.pick': {
          guard: { type: 'canPickChoice', params: pickParams },
          actions: [{ type: 'pickChoice', params: pickParams }, saveProgress],
        },
        'item.next': { guard: 'canGoNext', actions: ['lockCurrentItem', saveProgress] },
        'set.submit': { guard: 'canSubmit', target: 'results', actions: 'markSubmitted' },
      },
    },
    results: {
      description:
        'Points per item and in total with every rationale; meanwhile the shared record delivery (machines/record-delivery) saves the set.',
      tags: ['done'],
      // A finished set is not resumed: a reload on the results starts a new set.
      entry: 'clearProgress',
      invoke: {
        id: 'recordDelivery',
        src: 'recordDelivery',
        input: ({ context }) => ({ record: judgmentRecordOf(context) }),
      },
      on: { 'set.new': { target: 'loading', actions: 'forgetSet' } },
    },
  },
});

/** The port the page provides: the judgment procedures and the device outbox in front of the record. */
export type ClinicalJudgmentPort = JudgmentPort & { queueSet(record: JudgmentSetRecord): void };

/** The machine's real actors, built from its port; the shared parts get theirs from the same port. */
export function createClinicalJudgmentImplementations(port: ClinicalJudgmentPort) {
  return {
    actors: {
      accessGate: accessGateMachine.provide(createAccessGateImplementations(port)),
      recordDelivery: recordDeliveryMachine.provide(
        createRecordDeliveryImplementations<JudgmentSetRecord>({
          queue: (record) => port.queueSet(record),
          send: (record) => port.recordJudgmentSet(record),
        }),
      ),
      loadJudgmentSet: fromPromise<JudgmentSet, { kind: JudgmentSetKind }>(({ input }) =>
        port.loadJudgmentSet(input.kind),
      ),
      loadJudgmentReview: fromPromise<JudgmentReview, { setId: string }>(({ input }) =>
        port.loadJudgmentReview(input.setId),
      ),
    },
  };
}
