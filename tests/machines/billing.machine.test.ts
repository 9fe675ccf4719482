import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { billingFixtures, billingStatuses } from '../../machines/billing/billing.fixtures';
import { billingMachine } from '../../machines/billing/billing.machine';
import { ada } from '../../machines/shared/fixtures';
import { describeModel, FakeActors } from '../support/model';

function start(fakes: FakeActors, userId: string | null, portalVisits: string[] = []) {
  return createActor(
    billingMachine.provide({
      actors: { loadStatus: fakes.promise('loadStatus'), openPortal: fakes.promise('openPortal') },
      actions: { goToPortal: (_, { url }) => void portalVisits.push(url) },
    }),
    { input: { userId } },
  ).start();
}

describeModel(billingMachine, billingFixtures, async ({ input, fakes, replay }) => {
  const portalVisits: string[] = [];
  const actor = start(fakes, input.userId, portalVisits);
  const manageable = (s: ReturnType<typeof actor.getSnapshot>) => {
    expect(s.can({ type: 'portal.open' })).toBe(true);
    expect(s.context.error).toBeNull();
  };
  await replay({
    actor,
    assertions: {
      'billing.signedOut.offering': (s) => {
        expect(s.context.userId).toBeNull();
        // A visitor is never asked for a status or a portal.
        expect(fakes.calls).toEqual([]);
      },
      'billing.signedOut.askingToSignIn': (s) => expect(s.can({ type: 'prompt.close' })).toBe(true),
      'billing.loadingStatus': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)?.name).toBe('loadStatus');
      },
      'billing.loadFailed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('Failed to fetch');
      },
      'billing.showing.noSubscription': (s) => {
        expect(s.context.status?.kind).toBe('none');
        // Nothing to manage yet: the trial link is the way forward.
        expect(s.can({ type: 'portal.open' })).toBe(false);
      },
      'billing.showing.trialing': (s) => {
        expect(s.context.status?.kind).toBe('trialing');
        manageable(s);
      },
      'billing.showing.active': (s) => {
        expect(s.context.status?.kind).toBe('active');
        manageable(s);
      },
      'billing.showing.canceling': (s) => {
        expect(s.context.status?.kind).toBe('canceling');
        manageable(s);
      },
      'billing.showing.pastDue': (s) => {
        expect(s.context.status?.kind).toBe('past_due');
        manageable(s);
      },
      'billing.showing.ended': (s) => {
        expect(s.context.status?.kind).toBe('ended');
        manageable(s);
      },
      'billing.openingPortal': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({ name: 'openPortal', input: undefined });
      },
      'billing.leavingForPortal': () => {
        expect(portalVisits).toEqual(['https://billing.stripe.com/p/session/test_fixture']);
      },
      'billing.portalFailed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('The billing portal could not be opened. Please try again.');
      },
    },
  });
  actor.stop();
});

describe('billing machine (behaviour)', () => {
  it('a dismissed portal error goes back to the same status screen, nothing reloaded', async () => {
    const fakes = new FakeActors();
    const actor = start(fakes, ada.userId);
    await fakes.settle('loadStatus', { output: billingStatuses.canceling });
    actor.send({ type: 'portal.open' });
    await fakes.settle('openPortal', { error: new Error('offline') });
    expect(actor.getSnapshot().context.error).toBe('offline');
    actor.send({ type: 'portal.dismiss' });
    expect(actor.getSnapshot().matches({ showing: 'canceling' })).toBe(true);
    expect(fakes.calls.map((c) => c.name)).toEqual(['loadStatus', 'openPortal']);
  });
});
