import { assign, fromPromise, setup } from 'xstate';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { BillingKind, BillingPort, BillingStatus } from '../shared/ports';

/** What /billing knows when it opens: the signed-in student, or nobody. */
export interface BillingInput {
  userId: string | null;
}

export interface BillingContext extends BillingInput {
  status: BillingStatus | null;
  error: string | null;
}

export type BillingEvent =
  | { type: 'trial.start' }
  | { type: 'prompt.close' }
  | { type: 'status.retry' }
  | { type: 'portal.open' }
  | { type: 'portal.retry' }
  | { type: 'portal.dismiss' };

/** The real actors, built from the billing port. */
export function createBillingImplementations(port: BillingPort) {
  return {
    actors: {
      loadStatus: fromPromise<BillingStatus>(() => port.loadStatus()),
      openPortal: fromPromise<string>(() => port.openPortal()),
    },
  };
}

const isKind =
  (kind: BillingKind) =>
  ({ context }: { context: BillingContext }) =>
    context.status?.kind === kind;

/**
 * /billing: a signed-out visitor is asked to sign in before the trial checkout (so the trial is
 * linked to an account); a signed-in student sees their own subscription, read from the backend,
 * and manages it in the hosted billing portal.
 */
export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    input: {} as BillingInput,
    tags: {} as 'busy' | 'error',
  },
  actors: placeholdersFor('billing', createBillingImplementations),
  guards: {
    isSignedIn: ({ context }) => context.userId !== null,
    isTrialing: isKind('trialing'),
    isActive: isKind('active'),
    isCanceling: isKind('canceling'),
    isPastDue: isKind('past_due'),
    isEnded: isKind('ended'),
  },
  actions: {
    storeStatus: assign({ status: (_, params: { status: BillingStatus }) => params.status, error: null }),
    ...errorActions<BillingContext, BillingEvent>(),
    /** The page provides the real one: a full navigation to the hosted portal. */
    goToPortal: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'billing',
  description:
    "The Billing page: the trial offer, or the signed-in student's own subscription and its portal.",
  context: ({ input }) => ({ userId: input.userId, status: null, error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Signed in, the student’s subscription is read; signed out, the public offer shows.',
      always: [{ guard: 'isSignedIn', target: 'loadingStatus' }, { target: 'signedOut' }],
    },
    signedOut: {
      description: 'The spec’s Monthly card for a visitor who is not signed in.',
      initial: 'offering',
      states: {
        offering: {
          description: 'The Monthly card with Start 24-Hour Free Trial.',
          on: { 'trial.start': { target: 'askingToSignIn' } },
        },
        askingToSignIn: {
          description:
            'Before the checkout: sign in first so the trial is linked to an account (or continue without).',
          on: { 'prompt.close': { target: 'offering' } },
        },
      },
    },
    loadingStatus: {
      description: 'Reading the student’s own subscription from the backend.',
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: {
          target: 'showing',
          actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: rememberFailure,
        },
      },
    },
    loadFailed: {
      description: 'The subscription could not be read: an error with Try again (the offer still shows).',
      tags: ['error'],
      on: { 'status.retry': { target: 'loadingStatus', actions: 'clearError' } },
    },
    showing: {
      description: 'The student’s subscription as the backend reports it.',
      initial: 'sorting',
      states: {
        sorting: {
          description: 'Choosing the screen for the reported state.',
          always: [
            { guard: 'isTrialing', target: 'trialing' },
            { guard: 'isActive', target: 'active' },
            { guard: 'isCanceling', target: 'canceling' },
            { guard: 'isPastDue', target: 'pastDue' },
            { guard: 'isEnded', target: 'ended' },
            { target: 'noSubscription' },
          ],
        },
        noSubscription: {
          description: 'No subscription yet: the Monthly card and the trial link carrying the student’s id.',
        },
        trialing: {
          description: 'In the free trial: when it ends and what follows; Manage subscription.',
          on: { 'portal.open': { target: '#billing.openingPortal' } },
        },
        active: {
          description: 'Paid and renewing: the next renewal date; Manage subscription.',
          on: { 'portal.open': { target: '#billing.openingPortal' } },
        },
        canceling: {
          description: 'Canceled at the period end: access until then; Resume in the portal.',
          on: { 'portal.open': { target: '#billing.openingPortal' } },
        },
        pastDue: {
          description:
            'A renewal payment failed: access until the grace ends; update the card in the portal.',
          on: { 'portal.open': { target: '#billing.openingPortal' } },
        },
        ended: {
          description: 'Nothing grants access any more: when it ended, and how to subscribe again.',
          on: { 'portal.open': { target: '#billing.openingPortal' } },
        },
      },
    },
    openingPortal: {
      description: 'Asking the backend for the student’s billing portal.',
      tags: ['busy'],
      invoke: {
        id: 'openPortal',
        src: 'openPortal',
        onDone: {
          target: 'leavingForPortal',
          actions: { type: 'goToPortal', params: ({ event }) => ({ url: event.output }) },
        },
        onError: {
          target: 'portalFailed',
          actions: rememberFailure,
        },
      },
    },
    leavingForPortal: {
      description: 'The browser is on its way to the billing portal, which returns to this page.',
      tags: ['busy'],
    },
    portalFailed: {
      description: 'The portal could not be opened: the reason, Try again, and the status stays shown.',
      tags: ['error'],
      on: {
        'portal.retry': { target: 'openingPortal', actions: 'clearError' },
        'portal.dismiss': { target: 'showing', actions: 'clearError' },
      },
    },
  },
});
