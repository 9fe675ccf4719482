/**
 * The pieces of the test-session machine's configuration used more than once, and its
 * implementations factory: kept beside the machine so the machine file reads as its chart.
 */
import { fromPromise } from 'xstate';
import { accessGateMachine, createAccessGateImplementations } from '../access-gate/access-gate.machine';
import { createItemMarksImplementations, itemMarksMachine } from '../item-marks/item-marks.machine';
import {
  createRecordDeliveryImplementations,
  recordDeliveryMachine,
} from '../record-delivery/record-delivery.machine';
import type {
  CustomTest,
  CustomTestItem,
  CustomTestPort,
  CustomTestSubmission,
  PendingAnswer,
} from './test-session.ports';
import { currentResponse, progressOf, submissionOf } from './test-session.selectors';
import type { TestSessionContext, TestSessionEvent } from './test-session.types';

type WithContext = { context: TestSessionContext };
type WithEvent = { event: TestSessionEvent };
type EventOf<T extends TestSessionEvent['type']> = Extract<TestSessionEvent, { type: T }>;

export const pickParams = ({ event }: WithEvent) => {
  const { groupId, choiceId } = event as EventOf<'answer.pick'>;
  return { groupId, choiceId };
};
export const strikeParams = ({ event }: WithEvent) => ({
  choiceId: (event as EventOf<'option.strike'>).choiceId,
});
const gotoParams = ({ event }: WithEvent) => ({ index: (event as EventOf<'item.goto'>).index });

/** Keeps this device's part of the test in progress after every change (a reload resumes it). */
export const saveProgress = {
  type: 'saveProgress',
  params: ({ context }: WithContext) => progressOf(context),
} as const;

/**
 * Moving between items, the same in both modes: next, previous, and any item from the navigator.
 * The time on the item left is added to it; `target` re-enters tutor mode's routing (the item's
 * key shows if it was checked).
 */
export function navigation(target?: string) {
  const move = (index: (context: TestSessionContext, params: { index: number }) => number) => ({
    type: 'goToItem' as const,
    params: ({ context, event }: WithContext & WithEvent) => ({
      index: index(context, event.type === 'item.goto' ? gotoParams({ event }) : { index: 0 }),
    }),
  });
  const to = target ? { target } : {};
  return {
    'item.next': {
      guard: 'hasNext' as const,
      ...to,
      actions: [move((c) => c.currentIndex + 1), saveProgress],
    },
    'item.previous': {
      guard: 'hasPrevious' as const,
      ...to,
      actions: [move((c) => c.currentIndex - 1), saveProgress],
    },
    'item.goto': {
      guard: { type: 'isOtherItem' as const, params: gotoParams },
      ...to,
      actions: [move((_, p) => p.index), saveProgress],
    },
  };
}

/** Loading the test, the same on the first visit, Try again and after submit (then it opens as results). */
export function loadTest() {
  type Done = { event: { output: CustomTest } };
  return {
    id: 'loadCustomTest',
    src: 'loadCustomTest',
    input: ({ context }: WithContext) => ({ testId: context.testId ?? '' }),
    onDone: [
      {
        guard: { type: 'isSubmitted' as const, params: ({ event }: Done) => ({ test: event.output }) },
        target: 'results',
        actions: [
          { type: 'storeTest' as const, params: ({ event }: Done) => ({ test: event.output }) },
          'clearProgress',
        ],
      },
      {
        target: 'answering',
        actions: { type: 'storeTest' as const, params: ({ event }: Done) => ({ test: event.output }) },
      },
    ],
  } as const;
}

/** The item marks' input: every item's flag and note as the server served them. */
export const itemMarksInput = ({ context }: WithContext) => ({
  marks: (context.test?.items ?? []).map((item) => ({
    bank: item.bank,
    itemId: item.itemId,
    flagged: item.flagged,
    note: item.note,
  })),
});

/** The submission handed to the shared record delivery. */
export const recordDeliveryInput = ({ context }: WithContext) => ({ record: submissionOf(context) });

/** The machine's real actors, built from its port; the shared parts get theirs from the same port. */
export function createTestSessionImplementations(port: CustomTestPort) {
  return {
    actors: {
      accessGate: accessGateMachine.provide(createAccessGateImplementations(port)),
      loadCustomTest: fromPromise<CustomTest, { testId: string }>(({ input }) =>
        port.loadCustomTest(input.testId),
      ),
      answerCustomTestItem: fromPromise<CustomTestItem, { testId: string; answer: PendingAnswer }>(
        ({ input }) => port.answerCustomTestItem(input.testId, input.answer),
      ),
      itemMarks: itemMarksMachine.provide(createItemMarksImplementations(port)),
      recordDelivery: recordDeliveryMachine.provide(
        createRecordDeliveryImplementations<CustomTestSubmission>({
          queue: (submission) => port.queueSubmission(submission),
          send: (submission) => port.submitCustomTest(submission),
        }),
      ),
    },
  };
}

/** Tutor mode's Check answer: the answer on screen goes to the server, which returns the key and locks it. */
export function checkAnswer(targets: { checked: string; failed: string }) {
  return {
    id: 'answerCustomTestItem',
    src: 'answerCustomTestItem',
    input: ({ context }: WithContext) => ({
      testId: context.test?.testId ?? '',
      answer: {
        position: context.currentIndex + 1,
        response: currentResponse({ context }),
        secondsSpent: context.secondsPerItem[context.currentIndex] ?? 0,
      },
    }),
    onDone: {
      target: targets.checked,
      actions: [
        {
          type: 'storeCheckedItem' as const,
          params: ({ event }: { event: { output: CustomTestItem } }) => ({ item: event.output }),
        },
        saveProgress,
      ],
    },
    onError: {
      target: targets.failed,
      actions: {
        type: 'rememberAnswerError' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  } as const;
}
