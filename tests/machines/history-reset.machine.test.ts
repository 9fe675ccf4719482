import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { historyResetFixtures } from '../../machines/history-reset/history-reset.fixtures';
import { historyResetMachine } from '../../machines/history-reset/history-reset.machine';
import { ada } from '../../machines/shared/fixtures';
import { describeModel, FakeActors } from '../support/model';

describeModel(historyResetMachine, historyResetFixtures, async ({ input, events, fakes, replay }) => {
  const actor = createActor(
    historyResetMachine.provide({ actors: { resetHistory: fakes.promise('resetHistory') } }),
    { input },
  ).start();
  await replay({
    actor,
    assertions: {
      'history-reset.idle': (s) => {
        expect(s.context.error).toBeNull();
        expect(s.can({ type: 'reset.confirm' })).toBe(false);
      },
      'history-reset.confirming': (s) => {
        expect(s.can({ type: 'reset.confirm' })).toBe(true);
        expect(s.can({ type: 'reset.cancel' })).toBe(true);
      },
      'history-reset.resetting': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({ name: 'resetHistory', input: { userId: ada.userId } });
      },
      'history-reset.failed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('Failed to fetch');
      },
      'history-reset.done': (s) => {
        expect(s.context.error).toBeNull();
        expect(s.can({ type: 'reset.request' })).toBe(true);
      },
    },
  });
  // Nothing is deleted without a confirmation first.
  const confirms = events.filter((e) => e.type === 'reset.confirm').length;
  expect(fakes.calls.length).toBeLessThanOrEqual(confirms);
  actor.stop();
});

describe('history-reset machine (behaviour)', () => {
  it('deletes nothing when the student cancels', () => {
    const fakes = new FakeActors();
    const actor = createActor(
      historyResetMachine.provide({ actors: { resetHistory: fakes.promise('resetHistory') } }),
      { input: { userId: ada.userId } },
    ).start();
    actor.send({ type: 'reset.request' });
    actor.send({ type: 'reset.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(fakes.calls).toEqual([]);
  });
});
