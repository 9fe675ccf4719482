// The endpoints that email a link: /otp (sign-in, or the signup confirmation of a new address),
// /signup and /recover. Each finds or creates the user and issues the link in one transaction.
import type { ServerContext } from '../context.ts';
import { AuthError } from '../http.ts';
import { sendLinkMail } from './mail.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  createFlowState,
  createUser,
  findUserByEmail,
  findUserById,
  issueOneTimeToken,
  type OneTimeTokenType,
  type Queryable,
  type TokenVia,
  type UserRow,
  userJson,
} from './store.ts';
import type { OtpRequest, PkceChallenge, RecoverRequest, SignupRequest } from './validation.ts';

/** The PKCE flow-state method of each token type; /verify issues the auth code of the matching one. */
export const FLOW_METHOD: Record<OneTimeTokenType, string> = {
  confirmation: 'email/signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
};

/** An emailed link whose token is stored but whose mail is not sent yet. */
export interface IssuedEmailLink {
  send(): void;
}

/**
 * Issues the one-time token of an emailed link and, when the request started a PKCE flow, its flow
 * state. The mail is sent by the returned `send`, to be called once `tx` has committed, so no one
 * is mailed a link whose token was rolled back.
 */
export async function issueEmailLink(
  tx: Queryable,
  ctx: Pick<ServerContext, 'mailbox' | 'settings'>,
  link: {
    user: UserRow;
    type: OneTimeTokenType;
    pkce: PkceChallenge | null;
    redirectTo: string;
    /** The unconfirmed user's password hash, when the request proved to know that password. */
    knownPasswordHash?: string | null;
    /** 'signup' for a password signup's confirmation (its own mail), else a sign-in or reset link. */
    via?: TokenVia;
  },
): Promise<IssuedEmailLink> {
  const { user, type, pkce, redirectTo } = link;
  // No mail carries a code: the app signs in and resets by link alone, so a code could be entered
  // nowhere (docs/decisions/111).
  const { tokenHash } = await issueOneTimeToken(tx, user, type, {
    pkce: pkce !== null,
    knownPasswordHash: link.knownPasswordHash ?? null,
    via: link.via ?? 'link',
  });
  if (pkce) {
    await createFlowState(tx, {
      userId: user.id,
      codeChallenge: pkce.challenge,
      method: pkce.method,
      authenticationMethod: FLOW_METHOD[type],
    });
  }
  return {
    send: () => sendLinkMail(ctx, { to: user.email, type, via: link.via ?? 'link', redirectTo, tokenHash }),
  };
}

/**
 * signInWithOtp: a new or unconfirmed user gets the signup confirmation, a confirmed one the magic
 * link; both carry the same callback link shape and no code.
 */
export async function sendSignInLink(
  ctx: ServerContext,
  request: OtpRequest,
  redirectTo: string,
): Promise<void> {
  const { email, metadata, pkce, createIfMissing } = request;
  const link = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (!createIfMissing) return null;
      user = await createUser(tx, { email, passwordHash: null, metadata, confirmed: false });
    }
    const type: OneTimeTokenType = user.email_confirmed_at ? 'magiclink' : 'confirmation';
    return issueEmailLink(tx, ctx, { user, type, pkce, redirectTo });
  });
  if (!link) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  link.send();
}

/**
 * signUp with confirmations on: stores a new user with its password, mails the confirmation link
 * and answers with the bare user, no session. An existing unconfirmed user is not updated, as in
 * GoTrue ("we can't be sure of their claimed identity"): no new password, no new metadata, only a
 * new confirmation mail. That mail keeps the stored password on confirmation only if this request
 * knew it (the same password again); otherwise confirming clears it (see confirmEmail).
 */
export async function signUp(
  ctx: ServerContext,
  request: SignupRequest,
  redirectTo: string,
): Promise<Record<string, unknown>> {
  const { email, metadata, pkce, password } = request;
  const passwordHash = await hashPassword(password);
  // Hashing is slow, so it happens before the transaction: does this request know the stored
  // password of an unconfirmed user (someone signing up again after a lost mail)?
  const before = await findUserByEmail(ctx.db, email);
  const knownStoredHash =
    before && !before.email_confirmed_at && (await verifyPassword(password, before.encrypted_password))
      ? before.encrypted_password
      : null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const found = await findUserByEmail(tx, email);
    if (found?.email_confirmed_at) return { kind: 'existing' as const, user: found };
    const user = found ?? (await createUser(tx, { email, passwordHash, metadata, confirmed: false }));
    // A new user's password is this request's; an existing user's only if this request knew it.
    const knownPasswordHash = found
      ? found.encrypted_password === knownStoredHash
        ? knownStoredHash
        : null
      : passwordHash;
    const link = await issueEmailLink(tx, ctx, {
      user,
      type: 'confirmation',
      pkce,
      redirectTo,
      knownPasswordHash,
      via: 'signup',
    });
    // Read again for the confirmation_sent_at that issuing the token has just set.
    return { kind: 'created' as const, user: await findUserById(tx, user.id), link };
  });
  if (outcome.kind === 'existing') {
    // GoTrue answers an already-confirmed address with an obfuscated user, so signup cannot be
    // used to discover which emails have accounts.
    const now = new Date();
    return {
      ...userJson({ ...outcome.user, id: crypto.randomUUID(), created_at: now, updated_at: now }),
      identities: [],
    };
  }
  if (!outcome.user) throw new Error('user vanished after signup');
  outcome.link.send();
  return userJson(outcome.user);
}

/** resetPasswordForEmail: mails the recovery link to a known address. */
export async function sendRecoveryLink(
  ctx: ServerContext,
  request: RecoverRequest,
  redirectTo: string,
): Promise<void> {
  const { email, pkce } = request;
  const link = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    return user ? issueEmailLink(tx, ctx, { user, type: 'recovery', pkce, redirectTo }) : null;
  });
  // Unknown addresses get the same answer, so the endpoint does not reveal who has an account.
  link?.send();
}
