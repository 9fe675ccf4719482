import { useAuthSnapshot } from '../../app/auth-actor';
import { config } from '../../app/config';
import { paymentLinkUrl } from './payment-link';

/**
 * The payment link for the current visitor, and whether the auth state is known yet (until then a
 * signed-in student's link would lack their user id).
 */
export function usePaymentLink(): { url: string; ready: boolean } {
  const session = useAuthSnapshot((s) => s.context.session);
  const ready = useAuthSnapshot((s) => s.hasTag('signedIn') || s.hasTag('signedOut'));
  return { url: paymentLinkUrl(config.paymentLink, session), ready };
}
