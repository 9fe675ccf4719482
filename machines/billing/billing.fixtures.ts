import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { BackendError, type BillingStatus } from '../shared/ports';
import type { BillingInput } from './billing.machine';

const day = (offsetDays: number) => new Date(Date.UTC(2026, 10, 25 + offsetDays, 15, 30)).toISOString();

/** One status of each kind get_billing_status reports. */
export const billingStatuses: Record<string, BillingStatus> = {
  none: { kind: 'none', accessUntil: null, renewsAt: null, endedAt: null, hadTrial: false },
  trialing: { kind: 'trialing', accessUntil: day(1), renewsAt: null, endedAt: null, hadTrial: true },
  active: { kind: 'active', accessUntil: day(30), renewsAt: day(30), endedAt: null, hadTrial: true },
  canceling: { kind: 'canceling', accessUntil: day(1), renewsAt: null, endedAt: null, hadTrial: true },
  past_due: { kind: 'past_due', accessUntil: day(3), renewsAt: null, endedAt: null, hadTrial: true },
  ended: { kind: 'ended', accessUntil: null, renewsAt: null, endedAt: day(-2), hadTrial: true },
};

/** The billing flow's example inputs and events (see machines/shared/fixtures.ts). */
export const billingFixtures: FlowFixtures<BillingInput> = {
  inputs: {
    'Signed in': () => ({ userId: ada.userId }),
    'Signed out': () => ({ userId: null }),
  },
  events: [
    plain('trial.start'),
    plain('prompt.close'),
    ...Object.entries(billingStatuses).map(([kind, status]) => done('loadStatus', status, kind)),
    failed('loadStatus', new BackendError('Failed to fetch')),
    plain('status.retry'),
    plain('portal.open'),
    done('openPortal', 'https://billing.stripe.com/p/session/test_fixture', 'portal URL'),
    failed('openPortal', new BackendError('The billing portal could not be opened. Please try again.')),
    plain('portal.retry'),
    plain('portal.dismiss'),
  ],
};
