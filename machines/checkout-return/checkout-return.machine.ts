import { assign, fromPromise, setup } from 'xstate';
import { CHECKOUT_REDIRECT_DELAY_MS } from '../../domain/business-rules';
import { appActionPlaceholders } from '../shared/app-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { PracticePort, SessionInfo } from '../shared/ports';

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

/** The real actors for the page, built from the practice port's entitlement check. */
export function createCheckoutReturnImplementations(port: Pick<PracticePort, 'checkEntitlement'>) {
  return {
    actors: {
      checkEntitlement: fromPromise<boolean, { userId: string }>(({ input }) =>
        port.checkEntitlement(input.userId),
      ),
    },
  };
}

/**
 * /checkout/success: thanks the student. Signed in, it goes to /dashboard after 3 seconds and
 * meanwhile asks the backend (check_user_entitlement) whether the purchase is already verified.
 * It never grants anything: only the signed webhook does.
 */
export const checkoutReturnMachine = setup({
  types: {
    context: {} as CheckoutReturnContext,
    input: {} as CheckoutReturnInput,
    tags: {} as 'busy' | 'done',
  },
  actors: placeholdersFor('checkout-return', createCheckoutReturnImplementations),
  guards: {
    hasSession: ({ context }) => context.session !== null,
    isEntitled: (_, params: { entitled: boolean }) => params.entitled,
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
  initial: 'routing',
  states: {
    routing: {
      description: 'Signed in or not decides whether the page redirects.',
      tags: ['busy'],
      always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      description:
        'Signed out: thanks, practice may stay locked until the purchase is verified, Go to Dashboard and Sign in; no redirect.',
      tags: ['done'],
      type: 'final',
    },
    signedIn: {
      description: "Signed in: 'Redirecting to dashboard in 3 seconds...' while access is checked.",
      after: { checkoutRedirect: { target: 'leaving' } },
      initial: 'checking',
      states: {
        checking: {
          description: 'Asking check_user_entitlement whether the purchase is verified yet.',
          tags: ['busy'],
          invoke: {
            id: 'checkEntitlement',
            src: 'checkEntitlement',
            input: ({ context }) => ({ userId: context.session?.userId ?? '' }),
            onDone: [
              {
                guard: { type: 'isEntitled', params: ({ event }) => ({ entitled: event.output }) },
                target: 'live',
                actions: 'countCheck',
              },
              { guard: 'hasChecksLeft', target: 'waiting', actions: 'countCheck' },
              { target: 'unverified', actions: 'countCheck' },
            ],
            // A failed check says nothing either way: treat it as "not yet" and ask again.
            onError: [
              { guard: 'hasChecksLeft', target: 'waiting', actions: 'countCheck' },
              { target: 'unverified', actions: 'countCheck' },
            ],
          },
        },
        waiting: {
          description:
            'Not verified yet: waits a second before asking again; says it is still being verified.',
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
      },
    },
    leaving: {
      description: 'Three seconds are up: on to /dashboard.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'navigateTo', params: { route: 'dashboard' } },
    },
  },
});
