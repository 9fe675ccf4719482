import { expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHECKOUT_REDIRECT_DELAY_MS } from '../../domain/business-rules';
import { checkoutReturnFixtures } from '../../machines/checkout-return/checkout-return.fixtures';
import {
  checkoutReturnMachine,
  ENTITLEMENT_MAX_CHECKS,
  ENTITLEMENT_POLL_INTERVAL_MS,
} from '../../machines/checkout-return/checkout-return.machine';
import { ada as session } from '../../machines/shared/fixtures';
import { describeModel } from '../support/model';

describeModel(
  checkoutReturnMachine,
  checkoutReturnFixtures,
  async ({ input, fakes, replay }) => {
    const clock = new SimulatedClock();
    const navigations: Array<{ route: string; at: number }> = [];
    const actor = createActor(
      checkoutReturnMachine.provide({
        actors: { accessGate: fakes.promise('accessGate') as never },
        actions: { navigateTo: (_, params) => navigations.push({ route: params.route, at: clock.now() }) },
      }),
      { input, clock },
    ).start();
    type Snapshot = ReturnType<typeof actor.getSnapshot>;
    const waitingForRedirect = (s: Snapshot) => {
      expect(navigations).toEqual([]);
      expect(clock.now()).toBeLessThan(CHECKOUT_REDIRECT_DELAY_MS);
      expect(s.context.session).toEqual(session);
    };
    await replay({
      actor,
      clock,
      delays: {
        // The redirect counts from the page's start, whatever polling happened meanwhile.
        get checkoutRedirect() {
          return CHECKOUT_REDIRECT_DELAY_MS - clock.now();
        },
        entitlementPoll: ENTITLEMENT_POLL_INTERVAL_MS,
      },
      assertions: {
        'checkout-return.checking': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          expect(fakes.isRunning('accessGate')).toBe(true);
          expect(fakes.calls.at(-1)).toEqual({
            name: 'accessGate',
            input: {
              session: input.session,
              signedOutRoute: null,
              notEntitledRoute: null,
              onFailure: 'report',
            },
          });
          expect(fakes.calls.length).toBe(s.context.checks + 1);
          expect(navigations).toEqual([]);
        },
        'checkout-return.signedOut': (s) => {
          expect(input.session).toBeNull();
          expect(s.hasTag('done')).toBe(true);
          expect(s.status).toBe('done');
          clock.increment(10 * CHECKOUT_REDIRECT_DELAY_MS);
          expect(navigations).toEqual([]);
        },
        'checkout-return.waiting': (s) => {
          waitingForRedirect(s);
          expect(s.hasTag('busy')).toBe(true);
          expect(s.context.checks).toBeLessThan(ENTITLEMENT_MAX_CHECKS);
          expect(fakes.isRunning('accessGate')).toBe(false);
        },
        'checkout-return.live': (s) => {
          waitingForRedirect(s);
          expect(s.hasTag('done')).toBe(true);
          expect(fakes.isRunning('accessGate')).toBe(false);
        },
        'checkout-return.unverified': (s) => {
          waitingForRedirect(s);
          expect(s.context.checks).toBe(ENTITLEMENT_MAX_CHECKS);
          expect(fakes.calls.length).toBe(ENTITLEMENT_MAX_CHECKS);
        },
        'checkout-return.leaving': (s) => {
          expect(s.status).toBe('done');
          // Exactly three seconds after the page opened, once.
          expect(navigations).toEqual([{ route: 'dashboard', at: CHECKOUT_REDIRECT_DELAY_MS }]);
        },
      },
    });
    actor.stop();
  },
  {
    // The gate answers "signed out" exactly when nobody is signed in (its own model test proves it).
    keep: ({ input, path }) =>
      path.steps.every(
        (s) =>
          s.event.type !== 'xstate.done.actor.accessGate' ||
          (s.event.output.access === 'signedOut') === (input.session === null),
      ),
  },
);

it('redirects after the three seconds of the spec and polls only inside them', () => {
  expect(CHECKOUT_REDIRECT_DELAY_MS).toBe(3_000);
  expect((ENTITLEMENT_MAX_CHECKS - 1) * ENTITLEMENT_POLL_INTERVAL_MS).toBeLessThan(
    CHECKOUT_REDIRECT_DELAY_MS,
  );
});
