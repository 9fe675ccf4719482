import { authKnown, currentSession } from '../../../machines/auth/auth.machine';
import { config } from '../../config/config';
import { useAuthSnapshot } from '../../runtime/auth-actor';
import { paymentLinkUrl } from './payment-link';

/**
 * The payment link for the current visitor, and whether the auth state is known yet (until then a
 * signed-in student's link would lack their user id).
 */
export interface PaymentLink {
  url: string;
  ready: boolean;
}

export function usePaymentLink(): PaymentLink {
  const session = useAuthSnapshot(currentSession);
  const ready = useAuthSnapshot(authKnown);
  return { url: paymentLinkUrl(config.paymentLink, session), ready };
}
