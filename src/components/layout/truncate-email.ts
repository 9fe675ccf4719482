import { NAV_EMAIL_KEPT_LENGTH, NAV_EMAIL_MAX_LENGTH } from '../../../domain/business-rules';

/**
 * The signed-in label of the mobile menu: the email, cut to 17 characters plus an ellipsis when it
 * is longer than 20, or 'Account' when the session has no email.
 */
export function accountLabel(email: string | null | undefined): string {
  if (!email) return 'Account';
  return email.length > NAV_EMAIL_MAX_LENGTH ? `${email.slice(0, NAV_EMAIL_KEPT_LENGTH)}...` : email;
}
