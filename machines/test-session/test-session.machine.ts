import { assign, setup } from 'xstate';
import { accessGateGuards, paidFlowGate, redirectingState } from '../access-gate/access-gate.machine';
import { appActionPlaceholders } from '../shared/app-actions';
import { rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import {
  createTestSessionImplementations,
  navigation,
  noteParams,
  pickParams,
  recordDeliveryInput,
  saveProgress,
  strikeParams,
} from './test-session.parts';
import type { TestItem } from './test-session.ports';
import { canPickIn, NOTE_MAX_LENGTH, pickIn, strikeableChoices } from './test-session.rules';
import {
  currentItem,
  currentResponse,
  isCurrentAnswered,
  isCurrentChecked,
  isFirstItem,
  isLastItem,
  remainingMs,
  resumableTest,
  secondsWithCurrent,
} from './test-session.selectors';
import type {
  TestProgress,
  TestSessionContext,
  TestSessionEvent,
  TestSessionInput,
} from './test-session.types';

export { createTestSessionImplementations } from './test-session.parts';
export type * from './test-session.ports';
export * from './test-session.selectors';
export type * from './test-session.types';

const toggled = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** /practice/custom/test: a custom test in tutor or timed mode, with flags, notes and strike-outs, then recorded. */
export const testSessionMachine = setup({
  types: {
    context: {} as TestSessionContext,
    events: {} as TestSessionEvent,
    input: {} as TestSessionInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
    children: {} as {
      accessGate: 'accessGate';
      loadCustomTest: 'loadCustomTest';
      recordDelivery: 'recordDelivery';
    },
  },
  actors: placeholdersFor('test-session', createTestSessionImplementations),
  delays: {
    /** The timed test's time left, from its stored start: a reload resumes the clock exactly. */
    timeUp: ({ context }) => remainingMs(context),
  },
  guards: {
    ...accessGateGuards,
    hasResumedTest: ({ context }) => context.items.length > 0,
    hasRequest: ({ context }) => context.request !== null,
    hasNoItems: (_, params: { items: TestItem[] }) => params.items.length === 0,
    isTimed: ({ context }) => context.mode === 'timed',
    isCurrentChecked,
    isCurrentAnswered,
    /** A real choice of the item on screen, and the item not locked (tutor mode locks a checked item). */
    canPickAnswer: ({ context }, params: { groupId: string; choiceId: string }) => {
      const item = currentItem({ context });
      return (
        item !== undefined &&
        !isCurrentChecked({ context }) &&
        canPickIn(item, currentResponse({ context }), params.groupId, params.choiceId)
      );
    },
    canStrike: ({ context }, params: { choiceId: string }) =>
      strikeableChoices(currentItem({ context }) as TestItem).includes(params.choiceId),
    hasNext: ({ context }) => !isLastItem({ context }),
    hasPrevious: ({ context }) => !isFirstItem({ context }),
    isOtherItem: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) &&
      params.index >= 0 &&
      params.index < context.items.length &&
      params.index !== context.currentIndex,
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    /** Keeps (or forgets) the test in progress on this device (provided by the app). */
    saveProgress: (_, _params: TestProgress | null) => {},
    clearProgress: () => {},
    rememberError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    storeTest: assign(({ context }, params: { items: TestItem[] }) => ({
      items: params.items,
      responses: params.items.map(() => ({})),
      secondsPerItem: params.items.map(() => 0),
      checked: [],
      currentIndex: 0,
      flagged: [],
      notes: {},
      struck: {},
      setId: context.newSetId(),
      startedAt: context.now(),
      itemOpenedAt: context.now(),
    })),
    pickAnswer: assign({
      responses: ({ context }, params: { groupId: string; choiceId: string }) => {
        const item = currentItem({ context }) as TestItem;
        return context.responses.map((response, i) =>
          i === context.currentIndex ? pickIn(item, response, params.groupId, params.choiceId) : response,
        );
      },
    }),
    checkCurrent: assign({
      checked: ({ context }) => [...context.checked, currentItem({ context })?.id ?? ''],
    }),
    goToItem: assign(({ context }, params: { index: number }) => ({
      secondsPerItem: secondsWithCurrent(context),
      currentIndex: params.index,
      itemOpenedAt: context.now(),
    })),
    toggleFlag: assign({
      flagged: ({ context }) => toggled(context.flagged, currentItem({ context })?.id ?? ''),
    }),
    changeNote: assign({
      notes: ({ context }, params: { text: string }) => {
        const id = currentItem({ context })?.id ?? '';
        const { [id]: _, ...others } = context.notes;
        const text = params.text.slice(0, NOTE_MAX_LENGTH);
        return text.trim() === '' ? others : { ...others, [id]: text };
      },
    }),
    toggleStrike: assign({
      struck: ({ context }, params: { choiceId: string }) => {
        const id = currentItem({ context })?.id ?? '';
        const { [id]: current = [], ...others } = context.struck;
        const next = toggled(current, params.choiceId);
        return next.length === 0 ? others : { ...others, [id]: next };
      },
    }),
    markSubmitted: assign(({ context }) => ({
      secondsPerItem: secondsWithCurrent(context),
      submittedAt: context.now(),
    })),
    markTimedOut: assign({ timedOut: true }),
  },
}).createMachine({
  id: 'test-session',
  description:
    'A custom test built at /practice/custom: answered in tutor or timed mode with flags, notes and strike-outs, then scored and recorded.',
  context: ({ input }) => {
    const resumed = resumableTest(input);
    const request = resumed?.request ?? input.request;
    return {
      session: input.session,
      request,
      mode: request?.mode ?? 'tutor',
      items: resumed?.items ?? [],
      responses: resumed?.responses ?? [],
      checked: resumed?.checked ?? [],
      currentIndex: resumed?.currentIndex ?? 0,
      secondsPerItem: resumed?.secondsPerItem ?? [],
      itemOpenedAt: input.now(),
      flagged: resumed?.flagged ?? [],
      notes: resumed?.notes ?? {},
      struck: resumed?.struck ?? {},
      setId: resumed?.setId ?? input.newSetId(),
      startedAt: resumed?.startedAt ?? input.now(),
      submittedAt: null,
      timedOut: false,
      error: null,
      newSetId: input.newSetId,
      now: input.now,
    };
  },
  initial: 'checkingAccess',
  states: {
    checkingAccess: {
      description:
        'The shared access gate (machines/access-gate): a session, then a paid plan or trial; a failed check shows Try again there.',
      tags: ['busy'],
      invoke: paidFlowGate({ granted: 'entitled', redirecting: 'redirecting' }),
    },
    redirecting: redirectingState,
    entitled: {
      description:
        'Access granted: a test in progress on this device resumes (its clock from the stored start), else the test just built loads.',
      tags: ['busy'],
      always: [
        { guard: 'hasResumedTest', target: 'answering' },
        { guard: 'hasRequest', target: 'loading' },
        { target: 'empty' },
      ],
    },
    loading: {
      description: 'Drawing the items of the test just built.',
      tags: ['busy'],
      invoke: {
        id: 'loadCustomTest',
        src: 'loadCustomTest',
        input: ({ context }) => ({ request: context.request }),
        onDone: [
          {
            guard: { type: 'hasNoItems', params: ({ event }) => ({ items: event.output }) },
            target: 'empty',
          },
          {
            target: 'answering',
            actions: { type: 'storeTest', params: ({ event }) => ({ items: event.output }) },
          },
        ],
        onError: { target: 'loadFailed', actions: rememberFailure },
      },
    },
    empty: {
      description:
        'No test to answer (none built, or its choices yield no items): a way back to the builder.',
    },
    loadFailed: {
      description: 'The items could not load: an error with Try again.',
      tags: ['error'],
      on: { 'set.retry': { target: 'loading', actions: 'clearError' } },
    },
    answering: {
      description:
        'The test on screen with its navigator; flags, notes and strike-outs act on the item shown; every change is kept on this device.',
      tags: ['form'],
      entry: saveProgress,
      initial: 'choosingMode',
      on: {
        'flag.toggle': { actions: ['toggleFlag', saveProgress] },
        'note.change': { actions: [{ type: 'changeNote', params: noteParams }, saveProgress] },
        'option.strike': {
          guard: { type: 'canStrike', params: strikeParams },
          actions: [{ type: 'toggleStrike', params: strikeParams }, saveProgress],
        },
        'set.submit': { target: 'results', actions: 'markSubmitted' },
      },
      states: {
        choosingMode: {
          description: 'Opening the mode the test was built with.',
          always: [{ guard: 'isTimed', target: 'timed' }, { target: 'tutor' }],
        },
        tutor: {
          description:
            'Tutor mode: untimed; each item, once checked, shows the key and rationale and is locked.',
          initial: 'routing',
          on: navigation('.routing'),
          states: {
            routing: {
              description: 'The item on screen shows its key if it was checked, else it is open.',
              always: [{ guard: 'isCurrentChecked', target: 'revealed' }, { target: 'open' }],
            },
            open: {
              description: 'The item takes answers; Check answer once it is answered.',
              on: {
                'answer.pick': {
                  guard: { type: 'canPickAnswer', params: pickParams },
                  actions: [{ type: 'pickAnswer', params: pickParams }, saveProgress],
                },
                'item.check': {
                  guard: 'isCurrentAnswered',
                  target: 'revealed',
                  actions: ['checkCurrent', saveProgress],
                },
              },
            },
            revealed: {
              description: "The student's answer beside the key and the rationale; the item is locked.",
            },
          },
        },
        timed: {
          description:
            'Timed mode: the clock runs from the stored start (80 s per item); answers change freely until submit or time out.',
          after: {
            timeUp: { target: '#test-session.results', actions: ['markTimedOut', 'markSubmitted'] },
          },
          on: {
            ...navigation(),
            'answer.pick': {
              guard: { type: 'canPickAnswer', params: pickParams },
              actions: [{ type: 'pickAnswer', params: pickParams }, saveProgress],
            },
          },
        },
      },
    },
    results: {
      description:
        'The score with every item: answered ones scored, the rest marked unanswered, each with its key and rationale; meanwhile the shared record delivery saves the test.',
      tags: ['done'],
      // A finished test is not resumed: a reload on the results finds nothing in progress.
      entry: 'clearProgress',
      invoke: { id: 'recordDelivery', src: 'recordDelivery', input: recordDeliveryInput },
    },
  },
});
