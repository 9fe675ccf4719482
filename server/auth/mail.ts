// The emails of the auth server, sent into the local mailbox (server/mailbox.ts). Their links go to
// the app's own pages with Supabase's token-hash shape, the same links the hosted email templates
// carry (supabase/templates/), so the app verifies the token itself.
import type { ServerContext } from '../context.ts';
import type { OutgoingMail } from '../mailbox.ts';
import type { OneTimeTokenType, TokenVia } from './store.ts';

/** An issued one-time token, ready to be mailed to its user. */
export interface LinkMail {
  to: string;
  type: OneTimeTokenType;
  /** 'signup' when a password signup asked for it: that mail says so, a sign-in mail does not. */
  via: TokenVia;
  /** The validated redirect_to: only its origin is used, the app's pages are fixed. */
  redirectTo: string;
  tokenHash: string;
}

/** Sends the link of a one-time token: the reset, the signup confirmation or the sign-in mail. */
export function sendLinkMail(ctx: Pick<ServerContext, 'mailbox' | 'settings'>, mail: LinkMail): void {
  const expiryMinutes = Math.round(ctx.settings.otpExpirySeconds / 60);
  if (mail.type === 'recovery') ctx.mailbox.send(recoveryMail(mail, expiryMinutes));
  else if (mail.via === 'signup') ctx.mailbox.send(signupMail(mail, expiryMinutes));
  else ctx.mailbox.send(signInMail(mail, expiryMinutes));
}

const callbackLink = (mail: LinkMail) =>
  `${new URL(mail.redirectTo).origin}/auth/callback?token_hash=${mail.tokenHash}&type=email`;

/**
 * The sign-in mail, for a new address as for a known one (the link also confirms a new address):
 * the app's /login sends a link, so the mail is a sign-in mail with a link and no code to enter.
 */
function signInMail(mail: LinkMail, expiryMinutes: number): OutgoingMail {
  return {
    to: mail.to,
    subject: 'Your sign-in link',
    lines: [
      'Use this link to sign in to PN Prep.',
      `It works once and expires in ${expiryMinutes} minutes.`,
      'If you did not ask to sign in, you can ignore this email.',
    ],
    links: [{ intro: 'Sign in:', url: callbackLink(mail) }],
  };
}

/**
 * The confirmation of a signup with a password. Anyone can ask for one with any address, so the mail
 * says plainly what was asked: confirming it makes that password sign in to this address.
 */
function signupMail(mail: LinkMail, expiryMinutes: number): OutgoingMail {
  return {
    to: mail.to,
    subject: 'Confirm your new PN Prep account',
    lines: [
      'Someone asked to create a PN Prep account with a password for this email address.',
      'Confirm only if it was you: confirming lets that password sign in to the account.',
      'If it was not you, ignore this email. To sign in without a password, use "Send login link" on the login page instead.',
      `The link works once and expires in ${expiryMinutes} minutes.`,
    ],
    links: [{ intro: 'It was me, confirm the account:', url: callbackLink(mail) }],
  };
}

function recoveryMail(mail: LinkMail, expiryMinutes: number): OutgoingMail {
  const link = `${new URL(mail.redirectTo).origin}/reset-password?token_hash=${mail.tokenHash}&type=recovery`;
  return {
    to: mail.to,
    subject: 'Reset your password',
    lines: [
      'Someone asked to reset the password of this account. If it was not you, ignore this email.',
      `The link works once and expires in ${expiryMinutes} minutes.`,
    ],
    links: [{ intro: 'Choose a new password:', url: link }],
  };
}
