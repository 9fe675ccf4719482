import { TERMS_MONTHLY_USD, TRIAL_HOURS } from '../../../domain/business-rules';

/** A date and time in the student's own time zone (the browser's), e.g. "Nov 26, 2026, 3:30 PM". */
export function localDateTime(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** The words of /billing beyond the spec's card (docs/decisions/035-billing-status-and-portal.md). */
export const billingCopy = {
  yourSubscription: 'Your subscription',
  checking: 'Checking your subscription…',
  loadFailed: 'We could not check your subscription',
  tryAgain: 'Try again',
  manage: 'Manage subscription',
  updateCard: 'Update card',
  resume: 'Resume subscription',
  portalFailed: 'The billing portal could not be opened',
  close: 'Close',
  portalNote: 'Opens the secure billing portal, which brings you back here.',
  trialing: (until: string) => `Free trial — ends ${until}.`,
  trialingThen: `Then $${TERMS_MONTHLY_USD} per month, unless you cancel before the trial ends.`,
  active: (renews: string) => `Active — renews on ${renews}.`,
  activePrice: `$${TERMS_MONTHLY_USD} per month. You can cancel anytime; access continues to the end of the period.`,
  canceling: (until: string) => `Canceled — you keep full access until ${until}.`,
  cancelingNext: 'Nothing more will be charged. Changed your mind? Resume before then to keep your plan.',
  pastDue: (until: string) => `Payment failed — update your card to keep access after ${until}.`,
  pastDueNow: 'Payment failed — update your card to restore access.',
  ended: (when: string) => `Your subscription ended on ${when}.`,
  endedNoTrial:
    `Your account's one ${TRIAL_HOURS}-hour free trial has been used. Subscribing again charges the first ` +
    `month ($${TERMS_MONTHLY_USD}) at checkout and starts access at once.`,
  trialNotYours: (support: string) =>
    `Did not start that trial yourself? Write to ${support} and we will look into it.`,
  alreadySubscribed: 'You are on this plan. Manage it above.',
  canceledPlan: (until: string) =>
    `You canceled this plan: access continues until ${until}. Resume it above to keep it.`,
  signInTitle: 'Sign in to start your trial',
  signInText:
    'Your trial is linked to your account, so practice unlocks as soon as it starts. Sign in with your ' +
    'email first: the sign-in link brings you back to the Billing page.',
  signIn: 'Sign in',
  continueSignedOut: 'Continue without signing in',
  continueSignedOutNote:
    'Use the same email at checkout: the trial is added to your account when you sign in with it.',
} as const;
