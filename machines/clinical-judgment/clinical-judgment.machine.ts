import { assign, fromPromise, setup } from 'xstate';
import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorMessage } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import type {
  JudgmentPort,
  JudgmentSet,
  JudgmentSetKind,
  JudgmentSetRecord,
  SessionInfo,
} from '../shared/ports';
import { canPick, isAnswered, pick } from './judgment-rules';

export interface ClinicalJudgmentInput {
  session: SessionInfo | null;
  /** Ten standalone items, or one six-item case study (`/clinical-judgment?kind=case`). */
  kind: JudgmentSetKind;
  newSetId: () => string;
  now: () => string;
}

export interface ClinicalJudgmentContext extends ClinicalJudgmentInput {
  set: JudgmentSet | null;
  /** One response per item, in order. */
  responses: NgnResponse[];
  /** Items before this index are locked. */
  currentIndex: number;
  setId: string;
  startedAt: string;
  submittedAt: string | null;
  error: string | null;
  recordError: string | null;
}

export type ClinicalJudgmentEvent =
  | { type: 'entitlement.retry' }
  | { type: 'set.retry' }
  | { type: 'choice.pick'; groupId: string; choiceId: string }
  | { type: 'item.next' }
  | { type: 'set.submit' }
  | { type: 'set.new' }
  | { type: 'record.retry' };

type WithContext = { context: ClinicalJudgmentContext };

/** The item on screen. */
export const currentItem = ({ context }: WithContext): NgnItem | undefined =>
  context.set?.items[context.currentIndex];
export const currentResponse = ({ context }: WithContext): NgnResponse =>
  context.responses[context.currentIndex] ?? {};
export const isLastItem = ({ context }: WithContext) =>
  (context.set?.items.length ?? 0) > 0 && context.currentIndex === (context.set?.items.length ?? 0) - 1;
const isCurrentAnswered = ({ context }: WithContext) => {
  const item = currentItem({ context });
  return item !== undefined && isAnswered(item, currentResponse({ context }));
};

/** The finished set as the backend records it (it grades the responses itself). */
export function judgmentRecordOf(context: ClinicalJudgmentContext): JudgmentSetRecord {
  return {
    setId: context.setId,
    userId: context.session?.userId ?? '',
    kind: context.kind,
    caseId: context.set?.caseStudy?.id ?? null,
    itemIds: context.set?.items.map((i) => i.id) ?? [],
    responses: context.responses,
    startedAt: context.startedAt,
    submittedAt: context.submittedAt ?? context.startedAt,
  };
}

const pickParams = ({ event }: { event: ClinicalJudgmentEvent }) => {
  const { groupId, choiceId } = event as Extract<ClinicalJudgmentEvent, { type: 'choice.pick' }>;
  return { groupId, choiceId };
};

/** /clinical-judgment: NGN items one at a time with locking, scored per item as NCSBN scores them, then recorded. */
export const clinicalJudgmentMachine = setup({
  types: {
    context: {} as ClinicalJudgmentContext,
    events: {} as ClinicalJudgmentEvent,
    input: {} as ClinicalJudgmentInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
  },
  actors: placeholdersFor('clinical-judgment', createClinicalJudgmentImplementations),
  guards: {
    hasSession: ({ context }) => context.session !== null,
    isEntitled: (_, params: { entitled: boolean }) => params.entitled,
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
    /** Keeps the finished set on this device until the backend has it (provided by the app). */
    queueRecord: (_, _params: JudgmentSetRecord) => {},
    rememberError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    storeSet: assign({
      set: (_, params: { set: JudgmentSet }) => params.set,
      responses: (_, params: { set: JudgmentSet }) => params.set.items.map(() => ({})),
      currentIndex: 0,
      setId: ({ context }) => context.newSetId(),
      startedAt: ({ context }) => context.now(),
      submittedAt: null,
      recordError: null,
    }),
    forgetSet: assign({ set: null, responses: [], currentIndex: 0 }),
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
    rememberRecordError: assign({ recordError: (_, params: { message: string }) => params.message }),
    clearRecordError: assign({ recordError: null }),
  },
}).createMachine({
  id: 'clinical-judgment',
  description:
    'Clinical judgment practice: NGN items or a case study, answered with locking, scored and recorded.',
  context: ({ input }) => ({
    ...input,
    set: null,
    responses: [],
    currentIndex: 0,
    setId: input.newSetId(),
    startedAt: input.now(),
    submittedAt: null,
    error: null,
    recordError: null,
  }),
  initial: 'checkingSession',
  states: {
    checkingSession: {
      description: 'Practice needs a session: without one the student goes to /login.',
      tags: ['busy'],
      always: [{ guard: 'hasSession', target: 'checkingEntitlement' }, { target: 'redirectingToLogin' }],
    },
    redirectingToLogin: {
      description: 'No session: navigating to /login.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'navigateTo', params: { route: 'login' } },
    },
    checkingEntitlement: {
      description: 'Asking the backend whether the student has a paid plan or a trial.',
      tags: ['busy'],
      invoke: {
        id: 'checkEntitlement',
        src: 'checkEntitlement',
        input: ({ context }) => ({ userId: context.session?.userId ?? '' }),
        onDone: [
          {
            guard: { type: 'isEntitled', params: ({ event }) => ({ entitled: event.output }) },
            target: 'loading',
            actions: 'clearError',
          },
          { target: 'redirectingToBilling', actions: 'clearError' },
        ],
        onError: {
          target: 'entitlementFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    entitlementFailed: {
      description:
        'The access check failed: an error with Try again (never billing: the student may have paid).',
      tags: ['error'],
      on: { 'entitlement.retry': { target: 'checkingEntitlement' } },
    },
    redirectingToBilling: {
      description: 'No paid plan or trial: navigating to /billing.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'navigateTo', params: { route: 'billing' } },
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
          actions: { type: 'rememberError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
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
      description: 'One item at a time; Next once every part is answered locks it; the last shows Submit.',
      tags: ['form'],
      on: {
        'choice.pick': {
          guard: { type: 'canPickChoice', params: pickParams },
          actions: { type: 'pickChoice', params: pickParams },
        },
        'item.next': { guard: 'canGoNext', actions: 'lockCurrentItem' },
        'set.submit': { guard: 'canSubmit', target: 'results', actions: 'markSubmitted' },
      },
    },
    results: {
      description:
        'Points per item and in total with every rationale; meanwhile the set is saved to the record.',
      tags: ['done'],
      type: 'parallel',
      entry: { type: 'queueRecord', params: ({ context }) => judgmentRecordOf(context) },
      on: { 'set.new': { target: 'loading', actions: 'forgetSet' } },
      states: {
        review: {
          description: 'Every item with its points, the key and the rationale.',
          initial: 'showing',
          states: { showing: { description: 'The results stay until the student starts another set.' } },
        },
        record: {
          description: 'Saving the set to the learning record without holding up the results.',
          initial: 'saving',
          states: {
            saving: {
              description: 'Sending the set; the backend grades it and stores it once.',
              invoke: {
                id: 'recordJudgmentSet',
                src: 'recordJudgmentSet',
                input: ({ context }) => judgmentRecordOf(context),
                onDone: { target: 'saved', actions: 'clearRecordError' },
                onError: {
                  target: 'notSaved',
                  actions: {
                    type: 'rememberRecordError',
                    params: ({ event }) => ({ message: errorMessage(event.error) }),
                  },
                },
              },
            },
            saved: { description: 'The set is in the record.' },
            notSaved: {
              description: 'Saving failed: the set waits on this device; Try again sends it now.',
              on: { 'record.retry': { target: 'saving' } },
            },
          },
        },
      },
    },
  },
});

/** The machine's real actors, built from its port. */
export function createClinicalJudgmentImplementations(port: JudgmentPort) {
  return {
    actors: {
      checkEntitlement: fromPromise<boolean, { userId: string }>(({ input }) =>
        port.checkEntitlement(input.userId),
      ),
      loadJudgmentSet: fromPromise<JudgmentSet, { kind: JudgmentSetKind }>(({ input }) =>
        port.loadJudgmentSet(input.kind),
      ),
      recordJudgmentSet: fromPromise<void, JudgmentSetRecord>(({ input }) => port.recordJudgmentSet(input)),
    },
  };
}
