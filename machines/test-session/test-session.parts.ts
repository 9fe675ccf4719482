/**
 * The pieces of the test-session machine's configuration used more than once, and its
 * implementations factory: kept beside the machine so the machine file reads as its chart.
 */
import { fromPromise } from 'xstate';
import { accessGateMachine, createAccessGateImplementations } from '../access-gate/access-gate.machine';
import {
  createRecordDeliveryImplementations,
  recordDeliveryMachine,
} from '../record-delivery/record-delivery.machine';
import type { CustomTestPort, CustomTestRecord, CustomTestRequest, TestItem } from './test-session.ports';
import { progressOf, testRecordOf } from './test-session.selectors';
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
export const noteParams = ({ event }: WithEvent) => ({ text: (event as EventOf<'note.change'>).text });
export const gotoParams = ({ event }: WithEvent) => ({ index: (event as EventOf<'item.goto'>).index });

/** Keeps the test in progress on this device after every change (a reload resumes it, clock included). */
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

/** The finished test handed to the shared record delivery when the results open. */
export const recordDeliveryInput = ({ context }: WithContext) => ({ record: testRecordOf(context) });

/** The machine's real actors, built from its port; the shared parts get theirs from the same port. */
export function createTestSessionImplementations(port: CustomTestPort) {
  return {
    actors: {
      accessGate: accessGateMachine.provide(createAccessGateImplementations(port)),
      loadCustomTest: fromPromise<TestItem[], { request: CustomTestRequest | null }>(({ input }) =>
        input.request ? port.loadCustomTest(input.request) : Promise.resolve([]),
      ),
      recordDelivery: recordDeliveryMachine.provide(
        createRecordDeliveryImplementations<CustomTestRecord>({
          queue: (record) => port.queueCustomTest(record),
          send: (record) => port.recordCustomTest(record),
        }),
      ),
    },
  };
}
