// The signed-in user's endpoints (/user, /logout): the access token is checked as GoTrue reports
// each failure, then the user is read, updated or signed out.
import type { JWTPayload } from 'jose';
import type { ServerContext } from '../context.ts';
import { AuthError } from '../http.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { deleteSessions, findSession, findUserById, type UserRow, updateUser } from './store.ts';
import { checkPasswordStrength, type LogoutScope, type UserUpdate } from './validation.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates the bearer token (the user JWT) of /user and /logout exactly as GoTrue reports each failure. */
export async function authenticate(
  ctx: Pick<ServerContext, 'db' | 'jwt'>,
  token: string | null,
): Promise<{ user: UserRow; claims: JWTPayload }> {
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
  if (sessionId !== undefined) {
    const session =
      typeof sessionId === 'string' && UUID_PATTERN.test(sessionId)
        ? await findSession(ctx.db, sessionId)
        : null;
    if (!session)
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims: verified.claims };
}

/** updateUser: new metadata and/or a new password, which must differ from the current one. */
export async function updateCurrentUser(
  ctx: Pick<ServerContext, 'db'>,
  user: UserRow,
  update: UserUpdate,
): Promise<UserRow> {
  const changes: { passwordHash?: string; metadata?: Record<string, unknown> } = {};
  if (update.metadata !== undefined) changes.metadata = update.metadata;
  if (update.password !== undefined) {
    if (await verifyPassword(update.password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    checkPasswordStrength(update.password);
    changes.passwordHash = await hashPassword(update.password);
  }
  return updateUser(ctx.db, user.id, changes);
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
