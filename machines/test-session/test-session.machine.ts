import { assign, setup } from 'xstate';
import { accessGateGuards, paidFlowGateStates } from '../access-gate/access-gate.machine';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { errorMessage } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import {
  checkAnswer,
  createTestSessionImplementations,
  itemMarksInput,
  loadTest,
  navigation,
  pickParams,
  recordDeliveryInput,
  saveProgress,
  strikeParams,
} from './test-session.parts';
import type { CustomTest, CustomTestItem } from './test-session.ports';
import { canPickIn, pickIn, strikeableChoices } from './test-session.rules';
import {
  currentItem,
  currentResponse,
  isCurrentAnswered,
  isCurrentChecked,
  isFirstItem,
  isLastItem,
  itemsOf,
  loadedTest,
  remainingMs,
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

const at = <T>(list: T[], index: number, value: T) => list.map((v, i) => (i === index ? value : v));
const toggled = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** /practice/custom/test: a custom test served by the server, answered in tutor or timed mode with flags, notes and strike-outs. */
export const testSessionMachine = setup({
  types: {
    context: {} as TestSessionContext,
    events: {} as TestSessionEvent,
    input: {} as TestSessionInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
    children: {} as {
      accessGate: 'accessGate';
      loadCustomTest: 'loadCustomTest';
      answerCustomTestItem: 'answerCustomTestItem';
      itemMarks: 'itemMarks';
      recordDelivery: 'recordDelivery';
    },
  },
  actors: placeholdersFor('test-session', createTestSessionImplementations),
  delays: {
    /** The timed test's time left, from the server's stored end: a reload resumes the clock exactly. */
    timeUp: ({ context }) => remainingMs(context),
  },
  guards: {
    ...accessGateGuards,
    hasTestId: ({ context }) => context.testId !== null,
    isSubmitted: (_, params: { test: CustomTest }) => params.test.status === 'submitted',
    isTimed: ({ context }) => context.test?.mode === 'timed',
    isCurrentChecked,
    isCurrentAnswered,
    /** A real choice of the item on screen, and the item not locked (tutor mode locks a checked item). */
    canPickAnswer: ({ context }, params: { groupId: string; choiceId: string }) => {
      const item = currentItem({ context });
      return (
        item !== undefined &&
        !item.reveal &&
        canPickIn(item, currentResponse({ context }), params.groupId, params.choiceId)
      );
    },
    canStrike: ({ context }, params: { choiceId: string }) =>
      strikeableChoices(currentItem({ context })).includes(params.choiceId),
    hasNext: ({ context }) => !isLastItem({ context }),
    hasPrevious: ({ context }) => !isFirstItem({ context }),
    isOtherItem: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) &&
      params.index >= 0 &&
      params.index < itemsOf(context).length &&
      params.index !== context.currentIndex,
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    /** Keeps (or forgets) this device's progress on the test (provided by the app). */
    saveProgress: (_, _params: TestProgress | null) => {},
    clearProgress: () => {},
    ...errorActions<TestSessionContext, TestSessionEvent>(),
    storeTest: assign(({ context }, params: { test: CustomTest }) => loadedTest(context, params.test)),
    pickAnswer: assign({
      responses: ({ context }, params: { groupId: string; choiceId: string }) =>
        at(
          context.responses,
          context.currentIndex,
          pickIn(
            currentItem({ context }) as CustomTestItem,
            currentResponse({ context }),
            params.groupId,
            params.choiceId,
          ),
        ),
    }),
    /** Tutor mode: the item as the server answered it (its reveal), in place of the one on screen. */
    storeCheckedItem: assign(({ context }, { item }: { item: CustomTestItem }) => ({
      test: context.test && {
        ...context.test,
        items: context.test.items.map((it, i) =>
          i === context.currentIndex ? { ...it, response: item.response, reveal: item.reveal } : it,
        ),
      },
      answerError: null,
    })),
    rememberAnswerError: assign({
      answerError: (_, params: { error: unknown }) => errorMessage(params.error),
    }),
    goToItem: assign(({ context }, params: { index: number }) => ({
      secondsPerItem: secondsWithCurrent(context),
      currentIndex: params.index,
      itemOpenedAt: context.now(),
      answerError: null,
    })),
    toggleStrike: assign({
      struck: ({ context }, params: { choiceId: string }) =>
        at(
          context.struck,
          context.currentIndex,
          toggled(context.struck[context.currentIndex] ?? [], params.choiceId),
        ),
    }),
    closeCurrentItem: assign({ secondsPerItem: ({ context }) => secondsWithCurrent(context) }),
    markTimedOut: assign({ timedOut: true }),
  },
}).createMachine({
  id: 'test-session',
  description:
    'A custom test built at /practice/custom: answered in tutor or timed mode with flags, notes and strike-outs, then submitted, graded and recorded on the server.',
  context: ({ input }) => ({
    session: input.session,
    testId: input.testId,
    saved: input.saved,
    test: null,
    responses: [],
    struck: [],
    currentIndex: 0,
    secondsPerItem: [],
    itemOpenedAt: input.now(),
    clockOffsetMs: 0,
    timedOut: false,
    error: null,
    answerError: null,
    now: input.now,
  }),
  initial: 'checkingAccess',
  states: {
    ...paidFlowGateStates('entitled'),
    entitled: {
      description: 'Access granted: the test named in the address loads, else there is nothing to answer.',
      tags: ['busy'],
      always: [{ guard: 'hasTestId', target: 'loading' }, { target: 'empty' }],
    },
    loading: {
      description:
        'Loading the test from the server: in progress it resumes (clock from its stored end), submitted it opens as results.',
      tags: ['busy'],
      invoke: { ...loadTest(), onError: { target: 'loadFailed', actions: rememberFailure } },
    },
    empty: {
      description: 'No test in the address: a way to the builder.',
    },
    loadFailed: {
      description: 'The test could not load (or is not this student’s): an error with Try again.',
      tags: ['error'],
      on: { 'set.retry': { target: 'loading', actions: 'clearError' } },
    },
    answering: {
      description:
        'The test on screen with its navigator; flags, notes and strike-outs act on the item shown; this device keeps its part after every change.',
      tags: ['form'],
      entry: saveProgress,
      // Flags and notes: the shared item marks (machines/item-marks), to which the view sends them.
      invoke: { id: 'itemMarks', src: 'itemMarks', input: itemMarksInput },
      on: {
        'option.strike': {
          guard: { type: 'canStrike', params: strikeParams },
          actions: [{ type: 'toggleStrike', params: strikeParams }, saveProgress],
        },
        'set.submit': { target: 'submitting', actions: ['closeCurrentItem', saveProgress] },
      },
      initial: 'choosingMode',
      states: {
        choosingMode: {
          description: 'Opening the mode the test was built with.',
          always: [{ guard: 'isTimed', target: 'timed' }, { target: 'tutor' }],
        },
        tutor: {
          description:
            'Tutor mode: untimed; each item, once checked, shows the key and rationale and is locked.',
          initial: 'routing',
          states: {
            routing: {
              description: 'The item on screen shows its key if it was checked, else it is open.',
              always: [{ guard: 'isCurrentChecked', target: 'revealed' }, { target: 'open' }],
            },
            open: {
              description: 'The item takes answers; Check answer once it is answered.',
              on: {
                ...navigation('routing'),
                'answer.pick': {
                  guard: { type: 'canPickAnswer', params: pickParams },
                  actions: [{ type: 'pickAnswer', params: pickParams }, saveProgress],
                },
                'item.check': {
                  guard: 'isCurrentAnswered',
                  target: 'checking',
                  actions: 'closeCurrentItem',
                },
              },
            },
            checking: {
              description: 'Sending the answer; the server stores it and returns the key and rationale.',
              invoke: checkAnswer({ checked: 'revealed', failed: 'open' }),
            },
            revealed: {
              description: "The student's answer beside the key and the rationale; the item is locked.",
              on: navigation('routing'),
            },
          },
        },
        timed: {
          description:
            'Timed mode: the clock runs to the stored end (80 s per item); answers change freely until submit or time-out.',
          after: {
            timeUp: { target: '#test-session.submitting', actions: ['markTimedOut', 'closeCurrentItem'] },
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
    submitting: {
      description:
        'The shared record delivery sends the answers the server lacks, then submits; a failure shows Try again and the answers stay on this device.',
      tags: ['busy'],
      invoke: {
        id: 'recordDelivery',
        src: 'recordDelivery',
        input: recordDeliveryInput,
        onDone: { target: 'loading' },
      },
    },
    results: {
      description:
        'The submitted test: the score, answered items scored and the rest marked unanswered, each with the key, the rationale, its flag and note.',
      tags: ['done'],
    },
  },
});
