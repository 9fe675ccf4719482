import { ada, done, elapsed, type FlowFixtures } from '../shared/fixtures';
import type { CheckoutReturnInput } from './checkout-return.machine';

/** The checkout-return flow's example inputs and events (see machines/shared/fixtures.ts). */
export const checkoutReturnFixtures: FlowFixtures<CheckoutReturnInput> = {
  inputs: {
    'Signed in': () => ({ session: ada }),
    'Signed out': () => ({ session: null }),
  },
  events: [
    // The shared access gate's answers (no redirects; a failed check is reported as unknown).
    done('accessGate', { access: 'granted', redirectTo: null }, 'entitled'),
    done('accessGate', { access: 'notEntitled', redirectTo: null }, 'not entitled yet'),
    done('accessGate', { access: 'unknown', redirectTo: null }, 'the check failed'),
    done('accessGate', { access: 'signedOut', redirectTo: null }, 'signed out'),
    elapsed('checkoutRedirect', 'checkout-return', '3 seconds are up'),
    elapsed('entitlementPoll', 'checkout-return.waiting', 'ask again'),
  ],
};
