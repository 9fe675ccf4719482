import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { recordDeliveryFixtures } from '../../machines/record-delivery/record-delivery.fixtures';
import {
  createRecordDeliveryImplementations,
  recordDeliveryMachine,
} from '../../machines/record-delivery/record-delivery.machine';
import { describeModel } from '../support/model';

describeModel(recordDeliveryMachine, recordDeliveryFixtures, async ({ input, fakes, replay }) => {
  const actor = createActor(
    recordDeliveryMachine.provide({ actors: { sendRecord: fakes.promise('sendRecord') } }),
    { input },
  ).start();
  await replay({
    actor,
    assertions: {
      'record-delivery.saving': (s) => {
        // Every attempt carries the same record.
        expect(fakes.isRunning('sendRecord')).toBe(true);
        expect(fakes.calls.map((c) => c.input)).toEqual(fakes.calls.map(() => ({ record: input.record })));
        expect(s.status).toBe('active');
      },
      'record-delivery.saved': (s) => {
        expect(s.status).toBe('done');
        expect(s.context.error).toBeNull();
      },
      'record-delivery.notSaved': (s) => {
        expect(s.context.error).toBe('network');
        expect(s.can({ type: 'record.retry' })).toBe(true);
      },
    },
  });
  actor.stop();
});

describe('record-delivery machine (behaviour)', () => {
  it('keeps the set in the outbox before every attempt to send it, through the port', async () => {
    const order: string[] = [];
    const record = { setId: 's' };
    let failNext = true;
    const actor = createActor(
      recordDeliveryMachine.provide(
        createRecordDeliveryImplementations<typeof record>({
          queue: (r) => order.push(`queue ${r.setId}`),
          send: async (r) => {
            order.push(`send ${r.setId}`);
            if (failNext) {
              failNext = false;
              throw new Error('Failed to fetch');
            }
          },
        }),
      ),
      { input: { record } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('notSaved')).toBe(true);
    actor.send({ type: 'record.retry' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['queue s', 'send s', 'queue s', 'send s']);
    expect(actor.getSnapshot().matches('saved')).toBe(true);
  });
});
