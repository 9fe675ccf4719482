import { ada, done, elapsed, type FlowFixtures, failed } from '../shared/fixtures';
import type { CheckoutReturnInput } from './checkout-return.machine';

/** The checkout-return flow's example inputs and events (see machines/shared/fixtures.ts). */
export const checkoutReturnFixtures: FlowFixtures<CheckoutReturnInput> = {
  inputs: {
    'Signed in': () => ({ session: ada }),
    'Signed out': () => ({ session: null }),
  },
  events: [
    done('checkEntitlement', true, 'entitled'),
    done('checkEntitlement', false, 'not entitled yet'),
    failed('checkEntitlement', new Error('network')),
    elapsed('checkoutRedirect', 'checkout-return.signedIn', '3 seconds are up'),
    elapsed('entitlementPoll', 'checkout-return.signedIn.waiting', 'ask again'),
  ],
};
