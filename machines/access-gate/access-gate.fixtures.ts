import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import type { AccessGateInput } from './access-gate.machine';

/** The access gate's example inputs and events (see machines/shared/fixtures.ts). */
export const accessGateFixtures: FlowFixtures<AccessGateInput> = {
  inputs: {
    // As practice and clinical judgment invoke it.
    'Signed in, a failure asks': () => ({
      session: ada,
      signedOutRoute: 'login',
      notEntitledRoute: 'billing',
      onFailure: 'ask',
    }),
    'Signed out, a failure asks': () => ({
      session: null,
      signedOutRoute: 'login',
      notEntitledRoute: 'billing',
      onFailure: 'ask',
    }),
    // As the checkout return invokes it: no redirects, a failure is "not known yet".
    'Signed in, a failure reports': () => ({
      session: ada,
      signedOutRoute: null,
      notEntitledRoute: null,
      onFailure: 'report',
    }),
  },
  events: [
    done('checkEntitlement', true, 'entitled'),
    done('checkEntitlement', false, 'not entitled'),
    failed('checkEntitlement', new Error('network')),
    plain('entitlement.retry'),
  ],
};
