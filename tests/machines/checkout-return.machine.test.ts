import { afterAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHECKOUT_REDIRECT_DELAY_MS } from '../../domain/business-rules';
import {
  checkoutReturnMachine,
  ENTITLEMENT_MAX_CHECKS,
  ENTITLEMENT_POLL_INTERVAL_MS,
} from '../../machines/checkout-return/checkout-return.machine';
import {
  Coverage,
  casesForInputs,
  expectFullCoverage,
  FakeActors,
  replayOnActor,
  toModelMachine,
} from '../support/model';

const session = { userId: '6f1c7a2e-0b7d-4a44-9d0e-2f5b8f3c1a90', email: 'ada@example.com' };
const events = [
  { type: 'xstate.done.actor.checkEntitlement', output: true },
  { type: 'xstate.done.actor.checkEntitlement', output: false },
  { type: 'xstate.error.actor.checkEntitlement', error: new Error('network') },
  { type: 'xstate.after.checkoutRedirect.checkout-return.signedIn' },
  { type: 'xstate.after.entitlementPoll.checkout-return.signedIn.waiting' },
];
const inputs = { signedIn: { session }, signedOut: { session: null } };

const machineModel = toModelMachine(checkoutReturnMachine);
const coverage = new Coverage(machineModel);
const cases = casesForInputs(machineModel, events, inputs);

describe('checkout-return machine (model-based)', () => {
  afterAll(() => expectFullCoverage(coverage, 'machine'));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
    const fakes = new FakeActors();
    const clock = new SimulatedClock();
    const navigations: Array<{ path: string; at: number }> = [];
    const actor = createActor(
      checkoutReturnMachine.provide({
        actors: { checkEntitlement: fakes.promise('checkEntitlement') },
        actions: { navigateTo: (_, params) => navigations.push({ path: params.path, at: clock.now() }) },
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
          expect(navigations).toEqual([{ path: '/dashboard', at: CHECKOUT_REDIRECT_DELAY_MS }]);
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
