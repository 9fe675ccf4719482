import { assign, setup } from 'xstate';
import { CHECKOUT_REDIRECT_DELAY_MS } from '../../domain/business-rules';
import {
  type AccessGateOutput,
  accessGateGuards,
  accessGateMachine,
  createAccessGateImplementations,
  type EntitlementPort,
} from '../access-gate/access-gate.machine';
import { appActionPlaceholders } from '../shared/app-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { SessionInfo } from '../shared/ports';

/** How often the page asks whether access is live while the redirect counts down. */
export const ENTITLEMENT_POLL_INTERVAL_MS = 1_000;
/** Checks made at most (at 0, 1 and 2 seconds: all before the 3-second redirect). */
export const ENTITLEMENT_MAX_CHECKS = 3;

/** What the page knows when it opens: the session, or null when signed out. */
export interface CheckoutReturnInput {
  session: SessionInfo | null;
}

export interface CheckoutReturnContext extends CheckoutReturnInput {
  /** Entitlement checks answered so far (an error counts as "not yet"). */
  checks: number;
}

/** The real actors for the page: the shared access gate with the entitlement check. */
export function createCheckoutReturnImplementations(port: EntitlementPort) {
  return { actors: { accessGate: accessGateMachine.provide(createAccessGateImplementations(port)) } };
}

const gateParams = ({ event }: { event: { output: AccessGateOutput } }) => ({ output: event.output });

/**
 * /checkout/success: thanks the student. Signed in, it goes to /dashboard after 3 seconds and
 * meanwhile asks the shared access gate (check_user_entitlement) whether the purchase is already
 * verified; the gate redirects nowhere and reports a failed check as "not known yet". It never
 * grants anything: only the signed webhook does.
 */
export const checkoutReturnMachine = setup({
  types: {
    context: {} as CheckoutReturnContext,
    input: {} as CheckoutReturnInput,
    children: {} as { accessGate: 'accessGate' },
    tags: {} as 'busy' | 'done',
  },
  actors: placeholdersFor('checkout-return', createCheckoutReturnImplementations),
  guards: {
    ...accessGateGuards,
    isSignedOut: (_, params: { output: AccessGateOutput }) => params.output.access === 'signedOut',
    hasChecksLeft: ({ context }) => context.checks + 1 < ENTITLEMENT_MAX_CHECKS,
  },
  delays: {
    checkoutRedirect: CHECKOUT_REDIRECT_DELAY_MS,
    entitlementPoll: ENTITLEMENT_POLL_INTERVAL_MS,
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
  },
}).createMachine({
  id: 'checkout-return',
  description: 'Back from the payment page: thanks, then the dashboard; access comes only from the webhook.',
  context: ({ input }) => ({ session: input.session, checks: 0 }),
  // The redirect counts from the page's opening; a signed-out visitor's page ends at once, so only a
  // signed-in student is redirected.
  after: { checkoutRedirect: { target: '.leaving' } },
  initial: 'checking',
  states: {
    checking: {
      description:
        "Asking the access gate whether the purchase is verified; signed in, 'Redirecting to dashboard in 3 seconds...' shows.",
      tags: ['busy'],
      invoke: {
        id: 'accessGate',
        src: 'accessGate',
        input: ({ context }) => ({
          session: context.session,
          signedOutRoute: null,
          notEntitledRoute: null,
          onFailure: 'report' as const,
        }),
        onDone: [
          { guard: { type: 'isSignedOut', params: gateParams }, target: 'signedOut' },
          { guard: { type: 'isAccessGranted', params: gateParams }, target: 'live', actions: 'countCheck' },
          // Not entitled yet, or the check failed (it says nothing either way): ask again.
          { guard: 'hasChecksLeft', target: 'waiting', actions: 'countCheck' },
          { target: 'unverified', actions: 'countCheck' },
        ],
      },
    },
    signedOut: {
      description:
        'Signed out: thanks, practice may stay locked until the purchase is verified, Go to Dashboard and Sign in; no redirect.',
      tags: ['done'],
      type: 'final',
    },
    waiting: {
      description: 'Not verified yet: waits a second before asking again; says it is still being verified.',
      tags: ['busy'],
      after: { entitlementPoll: { target: 'checking' } },
    },
    live: {
      description: 'The webhook has landed: says access is live.',
      tags: ['done'],
    },
    unverified: {
      description:
        'Still not verified after a few checks: practice may stay locked until the purchase is verified.',
    },
    leaving: {
      description: 'Three seconds are up: on to /dashboard.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'navigateTo', params: { route: 'dashboard' } },
    },
  },
});
