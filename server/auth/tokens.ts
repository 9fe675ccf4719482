// Sessions as supabase-js receives them: GoTrue's token response (an HS256 access token with
// GoTrue's claims plus the rotating refresh token), and the grants of POST /token, one function
// each.
import { createHash } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { AuthError } from '../http.ts';
import { verifyPassword } from './password.ts';
import {
  createSession,
  deleteFlowState,
  findFlowStateByCode,
  findUserByEmail,
  findUserById,
  type Queryable,
  rotateRefreshToken,
  type SessionRow,
  type UserRow,
  updateUser,
  userJson,
} from './store.ts';
import { passwordGrantOf, pkceExchangeOf, type RequestBody, refreshTokenOf } from './validation.ts';

/** A user with an open session and its current refresh token. */
export interface SignedIn {
  user: UserRow;
  session: SessionRow;
  refreshToken: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

type TokenContext = Pick<ServerContext, 'db' | 'jwt' | 'settings'>;
type Grant = (ctx: TokenContext, body: RequestBody) => Promise<TokenResponse>;

/** Signs the user in: marks the sign-in and opens a session. */
export async function signIn(tx: Queryable, userId: string, amrMethod: string): Promise<SignedIn> {
  const user = await updateUser(tx, userId, { signedIn: true });
  const { session, refreshToken } = await createSession(tx, user.id, amrMethod);
  return { user, session, refreshToken };
}

/** GoTrue's token response for a signed-in user: a fresh access token and the refresh token. */
export async function tokenResponse(ctx: TokenContext, signedIn: SignedIn): Promise<TokenResponse> {
  const { user, session, refreshToken } = signedIn;
  const { settings } = ctx;
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + settings.jwtExpirySeconds;
  const accessToken = await ctx.jwt.sign({
    iss: `${settings.url}/auth/v1`,
    sub: user.id,
    aud: user.aud,
    exp: expiresAt,
    iat: issuedAt,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: 'aal1',
    amr: [{ method: session.amr_method, timestamp: Math.floor(session.created_at.getTime() / 1000) }],
    session_id: session.id,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** signInWithPassword. Only confirmed addresses may sign in, as on hosted Supabase. */
export async function passwordGrant(ctx: TokenContext, body: RequestBody): Promise<TokenResponse> {
  const { email, password } = passwordGrantOf(body);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !(await verifyPassword(password, user.encrypted_password))) {
    throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  return tokenResponse(ctx, await ctx.db.transaction((tx) => signIn(tx, user.id, 'password')));
}

/** refreshSession: rotates the refresh token (see rotateRefreshToken for the reuse rules). */
export async function refreshTokenGrant(ctx: TokenContext, body: RequestBody): Promise<TokenResponse> {
  const presented = refreshTokenOf(body);
  const outcome = await ctx.db.transaction((tx) =>
    rotateRefreshToken(tx, presented, ctx.settings.refreshTokenReuseIntervalSeconds),
  );
  if (outcome.kind === 'not_found') {
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (outcome.kind === 'reused') {
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  const user = await findUserById(ctx.db, outcome.session.user_id);
  if (!user)
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  return tokenResponse(ctx, { user, session: outcome.session, refreshToken: outcome.refreshToken });
}

/** exchangeCodeForSession: the auth code of a verified PKCE link, with the verifier of its challenge. */
export async function pkceGrant(ctx: TokenContext, body: RequestBody): Promise<TokenResponse> {
  const { authCode, verifier } = pkceExchangeOf(body);
  const flow = await findFlowStateByCode(ctx.db, authCode);
  if (!flow?.user_id || !flow.auth_code_issued_at) {
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  const ageSeconds = (Date.now() - flow.auth_code_issued_at.getTime()) / 1000;
  if (ageSeconds > ctx.settings.flowStateExpirySeconds) {
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!pkceMatches(verifier, flow.code_challenge, flow.code_challenge_method)) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  const userId = flow.user_id;
  const signedIn = await ctx.db.transaction(async (tx) => {
    await deleteFlowState(tx, flow.id);
    // The address was confirmed when the link was opened (verifyLink).
    return signIn(tx, userId, flow.authentication_method === 'recovery' ? 'recovery' : 'otp');
  });
  return tokenResponse(ctx, signedIn);
}

function pkceMatches(verifier: string, challenge: string, method: 's256' | 'plain'): boolean {
  if (method === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

// A Map, not an object literal, so a grant_type such as `constructor` is not found on the prototype.
const GRANTS = new Map<string, Grant>([
  ['password', passwordGrant],
  ['refresh_token', refreshTokenGrant],
  ['pkce', pkceGrant],
]);

/** The grant function of a /token `grant_type`. */
export function grantFor(grantType: string | undefined): Grant {
  const grant = grantType === undefined ? undefined : GRANTS.get(grantType);
  if (!grant) throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  return grant;
}
