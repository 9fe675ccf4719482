// The emails of the auth server, sent into the local mailbox (server/mailbox.ts). Their links go to
// the app's own pages with Supabase's token-hash shape, the same links the hosted email templates
// carry (supabase/templates/), so the app verifies the token itself.
import type { ServerContext } from '../context.ts';
import type { OutgoingMail } from '../mailbox.ts';
import type { OneTimeTokenType } from './store.ts';

/** An issued one-time token, ready to be mailed to its user. */
export interface LinkMail {
  to: string;
  type: OneTimeTokenType;
  /** The validated redirect_to: only its origin is used, the app's pages are fixed. */
  redirectTo: string;
  otp: string;
  tokenHash: string;
}

/** Sends the link of a one-time token: the password reset for recovery, the sign-in mail otherwise. */
export function sendLinkMail(ctx: Pick<ServerContext, 'mailbox' | 'settings'>, mail: LinkMail): void {
  const expiryMinutes = Math.round(ctx.settings.otpExpirySeconds / 60);
  ctx.mailbox.send(
    mail.type === 'recovery' ? recoveryMail(mail, expiryMinutes) : signInMail(mail, expiryMinutes),
  );
}

/** The sign-in (or signup confirmation) email with the app's token-hash callback link. */
function signInMail(mail: LinkMail, expiryMinutes: number): OutgoingMail {
  const link = `${new URL(mail.redirectTo).origin}/auth/callback?token_hash=${mail.tokenHash}&type=email`;
  const confirming = mail.type === 'confirmation';
  return {
    to: mail.to,
    subject: confirming ? 'Confirm your signup' : 'Your sign-in link',
    lines: [
      confirming
        ? 'Confirm your email address to finish creating your account.'
        : 'Use this link to sign in.',
      `Or enter this code: ${mail.otp}`,
      `The link and the code expire in ${expiryMinutes} minutes and work once.`,
    ],
    links: [{ intro: confirming ? 'Confirm your email address:' : 'Sign in:', url: link }],
  };
}

function recoveryMail(mail: LinkMail, expiryMinutes: number): OutgoingMail {
  const link = `${new URL(mail.redirectTo).origin}/reset-password?token_hash=${mail.tokenHash}&type=recovery`;
  return {
    to: mail.to,
    subject: 'Reset your password',
    lines: [
      'Someone asked to reset the password of this account. If it was not you, ignore this email.',
      `Or enter this code: ${mail.otp}`,
      `The link and the code expire in ${expiryMinutes} minutes and work once.`,
    ],
    links: [{ intro: 'Choose a new password:', url: link }],
  };
}
