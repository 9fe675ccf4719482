// The signed-in user's endpoints (/user, /logout): the access token is checked as GoTrue reports
// each failure, then the user is read, updated or signed out.
import type { JWTPayload } from 'jose';
import type { ServerContext } from '../context.ts';
import { AuthError } from '../http.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  deleteSessions,
  findSession,
  findUserById,
  type SessionRow,
  type UserRow,
  updateUser,
} from './store.ts';
import { checkPasswordStrength, type LogoutScope, type UserUpdate } from './validation.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GoTrue's "secure password change" window (user.go): a password may be changed without a
 * reauthentication nonce only in a session that signed in this recently. A password reset link's
 * recovery session is always fresh, so the reset flow is never asked for one.
 */
export const PASSWORD_CHANGE_SIGN_IN_WINDOW_MS = 24 * 3600 * 1000;

/** Validates the bearer token (the user JWT) of /user and /logout exactly as GoTrue reports each failure. */
export async function authenticate(
  ctx: Pick<ServerContext, 'db' | 'jwt'>,
  token: string | null,
): Promise<{ user: UserRow; claims: JWTPayload; session: SessionRow | null }> {
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = ctx.jwt.verify(token);
  if (!verified.ok) {
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${verified.message}`,
    );
  }
  const { sub, session_id: sessionId } = verified.claims;
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_PATTERN.test(sub)) throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | null = null;
  if (sessionId !== undefined) {
    session =
      typeof sessionId === 'string' && UUID_PATTERN.test(sessionId)
        ? await findSession(ctx.db, sessionId)
        : null;
    if (session?.user_id !== user.id)
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims: verified.claims, session };
}

/**
 * updateUser: new metadata and/or a new password. A new password needs a recent sign-in in this
 * session (GoTrue's reauthentication rule), must differ from the current one, and ends every other
 * session of the user (GoTrue's UpdatePassword: whoever else holds a session may be the reason for
 * the change).
 */
export async function updateCurrentUser(
  ctx: Pick<ServerContext, 'db'>,
  user: UserRow,
  session: SessionRow | null,
  update: UserUpdate,
): Promise<UserRow> {
  const changes: { passwordHash?: string; metadata?: Record<string, unknown> } = {};
  if (update.metadata !== undefined) changes.metadata = update.metadata;
  if (update.password !== undefined) {
    const recent =
      session !== null && Date.now() - session.created_at.getTime() <= PASSWORD_CHANGE_SIGN_IN_WINDOW_MS;
    if (!recent) {
      // No /reauthenticate here, so no nonce can be valid (GoTrue's answer to a wrong one).
      if (update.nonce)
        throw new AuthError(400, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
      throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
    }
    if (await verifyPassword(update.password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    checkPasswordStrength(update.password);
    changes.passwordHash = await hashPassword(update.password);
  }
  return ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, changes);
    if (changes.passwordHash && session) await deleteSessions(tx, user.id, 'others', session.id);
    return updated;
  });
}

/**
 * signOut: deletes this session (local), the user's other sessions (others) or all of them
 * (global). A token without a session_id ends nothing unless the scope is global.
 */
export async function signOut(
  ctx: Pick<ServerContext, 'db'>,
  user: UserRow,
  claims: JWTPayload,
  scope: LogoutScope,
): Promise<void> {
  if (typeof claims.session_id === 'string') await deleteSessions(ctx.db, user.id, scope, claims.session_id);
  else if (scope === 'global') await deleteSessions(ctx.db, user.id, 'global', '');
}
