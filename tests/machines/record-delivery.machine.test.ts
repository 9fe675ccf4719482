import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  FIXTURE_RETRY_AFTER_SECONDS,
  recordDeliveryFixtures,
} from '../../machines/record-delivery/record-delivery.fixtures';
import {
  createRecordDeliveryImplementations,
  recordDeliveryMachine,
} from '../../machines/record-delivery/record-delivery.machine';
import { describeModel } from '../support/model';

describeModel(recordDeliveryMachine, recordDeliveryFixtures, async ({ input, fakes, replay }) => {
  const clock = new SimulatedClock();
  const actor = createActor(
    recordDeliveryMachine.provide({ actors: { sendRecord: fakes.promise('sendRecord') } }),
    { input, clock },
  ).start();
  await replay({
    actor,
    clock,
    delays: { retryAfter: FIXTURE_RETRY_AFTER_SECONDS * 1000 },
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
      'record-delivery.rateLimited': (s) => {
        // Waits for the Retry-After by itself: no retry from the student, nothing running.
        expect(s.context.retryAfterSeconds).toBe(FIXTURE_RETRY_AFTER_SECONDS);
        expect(s.context.error).toMatch(/saves to your practice record/);
        expect(s.can({ type: 'record.retry' })).toBe(false);
        expect(fakes.isRunning('sendRecord')).toBe(false);
        expect(s.status).toBe('active');
      },
      'record-delivery.tooOld': (s) => {
        // Refused for good: nothing to retry, nothing sent again.
        expect(s.context.error).toMatch(/48 hours/);
        expect(s.can({ type: 'record.retry' })).toBe(false);
        expect(fakes.isRunning('sendRecord')).toBe(false);
      },
      'record-delivery.refused': (s) => {
        expect(s.context.error).toBe(
          'This set has questions that were not given to you in the last 48 hours.',
        );
        expect(s.can({ type: 'record.retry' })).toBe(false);
        expect(fakes.isRunning('sendRecord')).toBe(false);
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
