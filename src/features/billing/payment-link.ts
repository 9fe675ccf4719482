/** The signed-in student, as far as the payment page needs to know them. */
export interface PaymentLinkSession {
  userId: string;
  email: string | null;
}

/**
 * The payment link for this visitor. Signed in, it carries `client_reference_id` (the user id: the
 * only way the purchase is linked to the account) and `prefilled_email`; signed out, the base as is.
 */
export function paymentLinkUrl(base: string, session: PaymentLinkSession | null): string {
  if (!session) return base;
  const url = new URL(base);
  url.searchParams.set('client_reference_id', session.userId);
  if (session.email) url.searchParams.set('prefilled_email', session.email);
  return url.toString();
}
