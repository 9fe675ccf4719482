import { TRIAL_HOURS } from '../../domain/business-rules';
import { paths } from '../config/paths';
import { startTrialLabel } from './landing';

/** /billing: the Monthly card, the test-mode note, its features and the payment button-link. */
export const billing = {
  title: 'Billing',
  intro: `Start your ${TRIAL_HOURS}-hour free trial, then keep full access with a monthly subscription.`,
  planName: 'Monthly',
  testModeNote: 'Test mode — payments not charged yet',
  features: ['Full PN question bank', 'Rationales', 'Dashboard', 'Results'],
  cta: startTrialLabel,
  hintBefore: 'After payment, continue at ',
  hintLink: paths.checkoutSuccess,
  hintAfter: '.',
} as const;

/** /billing/success: thanks for starting the trial. */
export const billingSuccess = {
  title: 'Your Free Trial Has Started',
  text: `Thank you for starting your ${TRIAL_HOURS}-hour free trial. Your first practice set is ready whenever you are.`,
  practice: 'Go to Practice',
  home: 'Back to Home',
} as const;

/** /checkout/success: thanks, and why practice may still be locked. */
export const checkoutSuccess = {
  title: 'Thank You!',
  // Most students arrive here from the free trial, where nothing has been charged yet (decision 090).
  text: 'Thank you for subscribing to PN Prep. If your subscription starts with the free trial, nothing is charged until the trial ends.',
  lockedNote: 'Practice may stay locked until your purchase is verified.',
  supportBefore: 'If practice is still locked after a few minutes, contact us at ',
  supportAfter: '.',
  dashboard: 'Go to Dashboard',
  signIn: 'Sign in',
} as const;

/** /checkout/cancel. */
export const checkoutCancel = {
  title: 'Payment canceled — no charge made.',
  text: 'You can start your free trial whenever you are ready.',
  tryAgain: 'Try again',
  home: 'Home',
} as const;

/** /dev/stripe: a developer page with three ways to open the test-mode payment link. */
export const devStripe = {
  title: 'Test-Mode Payment Link',
  intro: 'Developer page: three ways to open the test-mode payment link.',
  linkLabel: 'Payment link',
  newTab: 'Open in a new tab',
  newTabHint: '(opens in a new tab)',
  sameTab: 'Open in this tab',
  scriptRedirect: 'Redirect with script',
} as const;

/** /pay: redirects at once, with a fallback link and a copyable link. */
export const pay = {
  title: 'Redirecting to Checkout',
  text: 'Taking you to the secure payment page…',
  fallbackBefore: 'If nothing happens, ',
  fallbackLink: 'open the payment page',
  fallbackAfter: '.',
  copyLabel: 'Payment link',
  copyDescription: 'Copy the link to open it in another browser or on another device.',
  copy: 'Copy link',
  copied: 'Copied',
} as const;
