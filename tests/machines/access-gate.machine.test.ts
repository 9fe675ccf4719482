import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { accessGateFixtures } from '../../machines/access-gate/access-gate.fixtures';
import { accessGateMachine } from '../../machines/access-gate/access-gate.machine';
import { ada } from '../../machines/shared/fixtures';
import { describeModel, FakeActors } from '../support/model';

describeModel(accessGateMachine, accessGateFixtures, async ({ input, events, fakes, replay }) => {
  const actor = createActor(
    accessGateMachine.provide({ actors: { checkEntitlement: fakes.promise('checkEntitlement') } }),
    { input },
  ).start();
  const last = events.at(-1);
  await replay({
    actor,
    assertions: {
      'access-gate.checkingEntitlement': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.isRunning('checkEntitlement')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({ name: 'checkEntitlement', input: { userId: ada.userId } });
      },
      'access-gate.failed': (s) => {
        expect(input.onFailure).toBe('ask');
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('network');
        expect(s.can({ type: 'entitlement.retry' })).toBe(true);
      },
      'access-gate.decided': (s) => {
        expect(s.status).toBe('done');
        const expected =
          input.session === null
            ? { access: 'signedOut', redirectTo: input.signedOutRoute }
            : last?.type === 'xstate.error.actor.checkEntitlement'
              ? { access: 'unknown', redirectTo: null }
              : (last as { output?: boolean }).output === true
                ? { access: 'granted', redirectTo: null }
                : { access: 'notEntitled', redirectTo: input.notEntitledRoute };
        expect(s.output).toEqual(expected);
        // Never a check without a session.
        if (input.session === null) expect(fakes.calls).toEqual([]);
      },
    },
  });
  actor.stop();
});

describe('access-gate machine (behaviour)', () => {
  it('never sends a student whose check failed to billing', async () => {
    const fakes = new FakeActors();
    const actor = createActor(
      accessGateMachine.provide({ actors: { checkEntitlement: fakes.promise('checkEntitlement') } }),
      { input: { session: ada, signedOutRoute: 'login', notEntitledRoute: 'billing', onFailure: 'ask' } },
    ).start();
    await fakes.settle('checkEntitlement', { error: new Error('Failed to fetch') });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'entitlement.retry' });
    await fakes.settle('checkEntitlement', { output: true });
    expect(actor.getSnapshot().output).toEqual({ access: 'granted', redirectTo: null });
    expect(fakes.calls).toHaveLength(2);
  });
});
