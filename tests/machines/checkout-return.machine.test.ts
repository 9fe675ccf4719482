import { afterAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHECKOUT_REDIRECT_DELAY_MS } from '../../domain/business-rules';
import { checkoutReturnFixtures } from '../../machines/checkout-return/checkout-return.fixtures';
import {
  checkoutReturnMachine,
  ENTITLEMENT_MAX_CHECKS,
  ENTITLEMENT_POLL_INTERVAL_MS,
} from '../../machines/checkout-return/checkout-return.machine';
import { ada as session } from '../../machines/shared/fixtures';
import {
  Coverage,
  casesForInputs,
  expectFullCoverage,
  FakeActors,
  replayOnActor,
  toModelMachine,
} from '../support/model';

const machineModel = toModelMachine(checkoutReturnMachine);
const coverage = new Coverage(machineModel);
const cases = casesForInputs(machineModel, checkoutReturnFixtures);

describe('checkout-return machine (model-based)', () => {
  afterAll(() => expectFullCoverage(coverage, 'machine'));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
    const fakes = new FakeActors();
    const clock = new SimulatedClock();
    const navigations: Array<{ route: string; at: number }> = [];
    const actor = createActor(
      checkoutReturnMachine.provide({
        actors: { checkEntitlement: fakes.promise('checkEntitlement') },
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
    await replayOnActor({
      coverage,
      input,
      events: path.steps.map((s) => s.event),
      actor,
      fakes,
      clock,
      delays: {
        // The redirect counts from the page's start, whatever polling happened meanwhile.
        get checkoutRedirect() {
          return CHECKOUT_REDIRECT_DELAY_MS - clock.now();
        },
        entitlementPoll: ENTITLEMENT_POLL_INTERVAL_MS,
      },
      assertions: {
        'checkout-return.signedOut': (s) => {
          expect(input.session).toBeNull();
          expect(s.hasTag('done')).toBe(true);
          expect(fakes.calls).toEqual([]);
          clock.increment(10 * CHECKOUT_REDIRECT_DELAY_MS);
          expect(navigations).toEqual([]);
        },
        'checkout-return.signedIn.checking': (s) => {
          waitingForRedirect(s);
          expect(s.hasTag('busy')).toBe(true);
          expect(fakes.isRunning('checkEntitlement')).toBe(true);
          expect(fakes.calls.at(-1)).toEqual({ name: 'checkEntitlement', input: { userId: session.userId } });
          expect(fakes.calls.length).toBe(s.context.checks + 1);
        },
        'checkout-return.signedIn.waiting': (s) => {
          waitingForRedirect(s);
          expect(s.hasTag('busy')).toBe(true);
          expect(s.context.checks).toBeLessThan(ENTITLEMENT_MAX_CHECKS);
          expect(fakes.isRunning('checkEntitlement')).toBe(false);
        },
        'checkout-return.signedIn.live': (s) => {
          waitingForRedirect(s);
          expect(s.hasTag('done')).toBe(true);
          expect(fakes.isRunning('checkEntitlement')).toBe(false);
        },
        'checkout-return.signedIn.unverified': (s) => {
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
  });

  it('redirects after the three seconds of the spec and polls only inside them', () => {
    expect(CHECKOUT_REDIRECT_DELAY_MS).toBe(3_000);
    expect((ENTITLEMENT_MAX_CHECKS - 1) * ENTITLEMENT_POLL_INTERVAL_MS).toBeLessThan(
      CHECKOUT_REDIRECT_DELAY_MS,
    );
  });
});
