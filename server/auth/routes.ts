// The GoTrue subset the app uses, mounted at /auth/v1. Request and response shapes follow
// docs/design supabase-wire-protocol §2–3; error bodies are `{ code, message }` with the
// X-Supabase-Api-Version header so supabase-js exposes `error.code`.
import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { JWTPayload } from 'jose';
import type { ServerContext } from '../context.ts';
import { AuthError, authErrorResponse, bearerToken, limitBody, readJsonObject } from '../http.ts';
import { apiKeyRole } from '../keys.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { validateRedirect } from './redirect.ts';
import {
  consumeOneTimeToken,
  createFlowState,
  createSession,
  createUser,
  deleteFlowState,
  deleteSessions,
  findFlowStateByCode,
  findSession,
  findUserByEmail,
  findUserById,
  issueAuthCode,
  issueOneTimeToken,
  type OneTimeTokenType,
  type Queryable,
  rotateRefreshToken,
  type SessionRow,
  type UserRow,
  updateUser,
  userJson,
} from './store.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
const MIN_PASSWORD_LENGTH = 6;

/**
 * Which stored token types each verify `type` accepts. `email` is what the app sends and, as in
 * GoTrue, covers both the signup confirmation and the magic link; `magiclink` is accepted for a
 * new user's first link too, because /otp sends both kinds of mail for the same user action.
 */
const VERIFY_TYPES: Record<string, OneTimeTokenType[]> = {
  email: ['confirmation', 'magiclink'],
  signup: ['confirmation'],
  invite: ['confirmation'],
  magiclink: ['magiclink', 'confirmation'],
  recovery: ['recovery'],
};

/** The `type` reported back after verification, and the PKCE flow-state method of each token type. */
const RESOLVED_TYPE: Record<OneTimeTokenType, string> = {
  confirmation: 'signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
};
const FLOW_METHOD: Record<OneTimeTokenType, string> = {
  confirmation: 'email/signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
};

const LINK_EXPIRED = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
const CODE_EXPIRED = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
const badJson = (message: string) =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${message}`);

// --- small validators ----------------------------------------------------------------------------

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AuthError(400, 'validation_failed', `${key} must be a string`);
  return value;
}

function requireEmail(body: Record<string, unknown>): string {
  const email = optionalString(body, 'email')?.trim().toLowerCase();
  if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
}

function optionalMetadata(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data;
  if (data === undefined || data === null) return {};
  if (typeof data !== 'object' || Array.isArray(data))
    throw new AuthError(400, 'validation_failed', 'data must be an object');
  return data as Record<string, unknown>;
}

/** The PKCE challenge of a request, or null for the implicit flow. */
function codeChallengeOf(
  body: Record<string, unknown>,
): { challenge: string; method: 's256' | 'plain' } | null {
  const challenge = optionalString(body, 'code_challenge');
  const method = optionalString(body, 'code_challenge_method')?.toLowerCase();
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw new AuthError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (method !== 's256' && method !== 'plain') {
    throw new AuthError(400, 'validation_failed', `code challenge method not supported: ${method}`);
  }
  if (!CODE_CHALLENGE_PATTERN.test(challenge)) {
    throw new AuthError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method };
}

function pkceMatches(verifier: string, challenge: string, method: 's256' | 'plain'): boolean {
  if (method === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

// --- routes ------------------------------------------------------------------------------------

export function authRoutes(ctx: ServerContext): Hono {
  const { db, settings } = ctx;
  const app = new Hono();
  const redirectPolicy = {
    siteUrl: settings.siteUrl,
    additionalRedirectUrls: settings.additionalRedirectUrls,
  };
  const redirectOf = (c: Context) => validateRedirect(c.req.query('redirect_to'), redirectPolicy);

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    ctx.log(`auth: unexpected error on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return authErrorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
    );
  });
  app.notFound((c) => authErrorResponse(c, new AuthError(404, 'not_found', 'Not Found')));

  app.use(
    limitBody((c) => authErrorResponse(c, new AuthError(413, 'request_too_large', 'Request body too large'))),
  );

  // Kong's key-auth: every auth route but the emailed link (a plain browser navigation) needs a key.
  app.use(async (c, next) => {
    const open = c.req.method === 'GET' && (c.req.path.endsWith('/verify') || c.req.path.endsWith('/health'));
    if (!open) {
      const apikey = c.req.header('apikey') ?? c.req.query('apikey');
      if (!apikey) throw new AuthError(401, 'no_api_key', 'No API key found in request');
      if (!apiKeyRole(apikey, ctx.keys)) throw new AuthError(401, 'invalid_api_key', 'Invalid API key');
    }
    await next();
  });

  async function tokenResponse(user: UserRow, session: SessionRow, refreshToken: string) {
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

  /** Signs the user in: marks the sign-in and opens a session. */
  async function signIn(tx: Queryable, userId: string, amrMethod: string, confirm = false) {
    const user = await updateUser(tx, userId, { signedIn: true, confirm });
    const { session, refreshToken } = await createSession(tx, user.id, amrMethod);
    return { user, session, refreshToken };
  }

  /** Validates the user JWT of /user and /logout exactly as GoTrue reports each failure. */
  async function authenticate(c: Context): Promise<{ user: UserRow; claims: JWTPayload }> {
    const token = bearerToken(c);
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
    if (!UUID_PATTERN.test(sub))
      throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(db, sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (sessionId !== undefined) {
      const session =
        typeof sessionId === 'string' && UUID_PATTERN.test(sessionId)
          ? await findSession(db, sessionId)
          : null;
      if (!session)
        throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, claims: verified.claims };
  }

  /** Sends the sign-in (or signup confirmation) email with the app's token-hash callback link. */
  function sendSignInMail(
    user: UserRow,
    type: OneTimeTokenType,
    redirectTo: string,
    issued: { otp: string; tokenHash: string },
  ) {
    const link = `${new URL(redirectTo).origin}/auth/callback?token_hash=${issued.tokenHash}&type=email`;
    const confirming = type === 'confirmation';
    ctx.mailbox.send({
      to: user.email,
      subject: confirming ? 'Confirm your signup' : 'Your sign-in link',
      lines: [
        confirming
          ? 'Confirm your email address to finish creating your account.'
          : 'Use this link to sign in.',
        `Or enter this code: ${issued.otp}`,
        `The link and the code expire in ${Math.round(settings.otpExpirySeconds / 60)} minutes and work once.`,
      ],
      links: [{ intro: confirming ? 'Confirm your email address:' : 'Sign in:', url: link }],
    });
  }

  function sendRecoveryMail(user: UserRow, redirectTo: string, issued: { otp: string; tokenHash: string }) {
    const link = `${new URL(redirectTo).origin}/reset-password?token_hash=${issued.tokenHash}&type=recovery`;
    ctx.mailbox.send({
      to: user.email,
      subject: 'Reset your password',
      lines: [
        'Someone asked to reset the password of this account. If it was not you, ignore this email.',
        `Or enter this code: ${issued.otp}`,
        `The link and the code expire in ${Math.round(settings.otpExpirySeconds / 60)} minutes and work once.`,
      ],
      links: [{ intro: 'Choose a new password:', url: link }],
    });
  }

  app.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: 'Local GoTrue subset' }));

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  // signInWithOtp: the emailed link. A new or unconfirmed user gets the signup confirmation, a
  // confirmed one the magic link; both carry the same callback link shape and a 6-digit code.
  app.post('/otp', async (c) => {
    const body = await readJsonObject(c, badJson);
    if (body.phone !== undefined && body.phone !== null) {
      throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    }
    const email = requireEmail(body);
    const metadata = optionalMetadata(body);
    const pkce = codeChallengeOf(body);
    const createIfMissing = body.create_user !== false;
    const redirectTo = redirectOf(c);

    const outcome = await db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (!user) {
        if (!createIfMissing) return null;
        user = await createUser(tx, { email, passwordHash: null, metadata, confirmed: false });
      }
      const type: OneTimeTokenType = user.email_confirmed_at ? 'magiclink' : 'confirmation';
      const issued = await issueOneTimeToken(tx, user, type, pkce !== null);
      if (pkce) {
        await createFlowState(tx, {
          userId: user.id,
          codeChallenge: pkce.challenge,
          method: pkce.method,
          authenticationMethod: FLOW_METHOD[type],
        });
      }
      return { user, type, issued };
    });
    if (!outcome) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
    sendSignInMail(outcome.user, outcome.type, redirectTo, outcome.issued);
    return c.json({});
  });

  app.post('/signup', async (c) => {
    const body = await readJsonObject(c, badJson);
    const email = requireEmail(body);
    const password = optionalString(body, 'password');
    if (!password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password);
    const metadata = optionalMetadata(body);
    const pkce = codeChallengeOf(body);
    const redirectTo = redirectOf(c);
    const passwordHash = await hashPassword(password);

    const outcome = await db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (user?.email_confirmed_at) return { kind: 'existing' as const, user };
      user = user
        ? await updateUser(tx, user.id, { passwordHash, metadata })
        : await createUser(tx, { email, passwordHash, metadata, confirmed: false });
      const issued = await issueOneTimeToken(tx, user, 'confirmation', pkce !== null);
      if (pkce) {
        await createFlowState(tx, {
          userId: user.id,
          codeChallenge: pkce.challenge,
          method: pkce.method,
          authenticationMethod: FLOW_METHOD.confirmation,
        });
      }
      return { kind: 'created' as const, user: await findUserById(tx, user.id), issued };
    });
    if (outcome.kind === 'existing') {
      // GoTrue answers an already-confirmed address with an obfuscated user, so signup cannot be
      // used to discover which emails have accounts.
      const now = new Date();
      return c.json({
        ...userJson({ ...outcome.user, id: crypto.randomUUID(), created_at: now, updated_at: now }),
        identities: [],
      });
    }
    if (!outcome.user) throw new Error('user vanished after signup');
    sendSignInMail(outcome.user, 'confirmation', redirectTo, outcome.issued);
    return c.json(userJson(outcome.user));
  });

  app.post('/recover', async (c) => {
    const body = await readJsonObject(c, badJson);
    const email = requireEmail(body);
    const pkce = codeChallengeOf(body);
    const redirectTo = redirectOf(c);
    const outcome = await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return null;
      const issued = await issueOneTimeToken(tx, user, 'recovery', pkce !== null);
      if (pkce) {
        await createFlowState(tx, {
          userId: user.id,
          codeChallenge: pkce.challenge,
          method: pkce.method,
          authenticationMethod: FLOW_METHOD.recovery,
        });
      }
      return { user, issued };
    });
    // Unknown addresses get the same answer, so the endpoint does not reveal who has an account.
    if (outcome) sendRecoveryMail(outcome.user, redirectTo, outcome.issued);
    return c.json({});
  });

  // The emailed link opened in a browser (GoTrue's own verify URL). Always answers 303: tokens in
  // the fragment (implicit) or ?code= (token with the pkce_ prefix), errors in the fragment and,
  // for PKCE, the query too.
  app.get('/verify', async (c) => {
    const token = c.req.query('token');
    const type = c.req.query('type');
    if (!token || !type) {
      throw new AuthError(400, 'validation_failed', 'Verify requires a token and a type');
    }
    const redirectTo = redirectOf(c);
    const isPkce = token.startsWith('pkce_');
    const types = VERIFY_TYPES[type];
    if (!types)
      return c.redirect(errorRedirect(redirectTo, isPkce, 400, 'validation_failed', 'Invalid type'), 303);

    const outcome = await db.transaction(async (tx) => {
      const consumed = await consumeOneTimeToken(tx, { tokenHash: token }, types, settings.otpExpirySeconds);
      if (!consumed) return { error: LINK_EXPIRED() };
      const resolvedType = RESOLVED_TYPE[consumed.type];
      if (isPkce) {
        await updateUser(tx, consumed.userId, { confirm: true });
        const code = await issueAuthCode(tx, consumed.userId, [FLOW_METHOD[consumed.type]]);
        if (!code) {
          return {
            error: new AuthError(
              404,
              'flow_state_not_found',
              'invalid flow state, no valid flow state found',
            ),
          };
        }
        return { code };
      }
      const signedIn = await signIn(
        tx,
        consumed.userId,
        consumed.type === 'recovery' ? 'recovery' : 'otp',
        true,
      );
      return { resolvedType, ...signedIn };
    });

    if ('error' in outcome && outcome.error) {
      const { status, code, message } = outcome.error;
      return c.redirect(errorRedirect(redirectTo, isPkce, status, code, message), 303);
    }
    if ('code' in outcome && outcome.code) {
      const target = new URL(redirectTo);
      target.searchParams.set('code', outcome.code);
      target.searchParams.sort();
      return c.redirect(target.toString(), 303);
    }
    if (!('user' in outcome)) throw new Error('verify produced no outcome');
    const tokens = await tokenResponse(outcome.user, outcome.session, outcome.refreshToken);
    const fragment = new URLSearchParams({
      access_token: tokens.access_token,
      expires_at: String(tokens.expires_at),
      expires_in: String(tokens.expires_in),
      refresh_token: tokens.refresh_token,
      sb: '',
      token_type: tokens.token_type,
      type: outcome.resolvedType,
    });
    return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
  });

  // verifyOtp: { type, token_hash } or { type, email, token }. Always answers with a session.
  app.post('/verify', async (c) => {
    const body = await readJsonObject(c, badJson);
    const type = optionalString(body, 'type');
    const tokenHash = optionalString(body, 'token_hash');
    const token = optionalString(body, 'token');
    const types = type ? VERIFY_TYPES[type] : undefined;
    if (!type || !types) throw new AuthError(400, 'validation_failed', `Verify requires a verification type`);
    if ((tokenHash ? 1 : 0) + (token ? 1 : 0) !== 1) {
      throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    }
    if (
      tokenHash &&
      (body.email !== undefined || body.phone !== undefined || body.redirect_to !== undefined)
    ) {
      throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided');
    }
    const match = tokenHash ? { tokenHash } : { email: requireEmail(body), otp: token ?? '' };

    const outcome = await db.transaction(async (tx) => {
      const consumed = await consumeOneTimeToken(tx, match, types, settings.otpExpirySeconds);
      if (!consumed) return null;
      return signIn(tx, consumed.userId, consumed.type === 'recovery' ? 'recovery' : 'otp', true);
    });
    if (!outcome) throw tokenHash ? LINK_EXPIRED() : CODE_EXPIRED();
    return c.json(await tokenResponse(outcome.user, outcome.session, outcome.refreshToken));
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const body = await readJsonObject(c, badJson);

    if (grantType === 'password') {
      const email = requireEmail(body);
      const password = optionalString(body, 'password') ?? '';
      const user = await findUserByEmail(db, email);
      if (!user || !(await verifyPassword(password, user.encrypted_password))) {
        throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
      }
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      const outcome = await db.transaction((tx) => signIn(tx, user.id, 'password'));
      return c.json(await tokenResponse(outcome.user, outcome.session, outcome.refreshToken));
    }

    if (grantType === 'refresh_token') {
      const refreshToken = optionalString(body, 'refresh_token');
      if (!refreshToken) throw new AuthError(400, 'validation_failed', 'refresh_token required');
      const outcome = await db.transaction((tx) =>
        rotateRefreshToken(tx, refreshToken, settings.refreshTokenReuseIntervalSeconds),
      );
      if (outcome.kind === 'not_found') {
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      if (outcome.kind === 'reused') {
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      const user = await findUserById(db, outcome.session.user_id);
      if (!user)
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return c.json(await tokenResponse(user, outcome.session, outcome.refreshToken));
    }

    if (grantType === 'pkce') {
      const authCode = optionalString(body, 'auth_code');
      const verifier = optionalString(body, 'code_verifier');
      if (!authCode || !verifier) {
        throw new AuthError(
          400,
          'validation_failed',
          'invalid request: both auth code and code verifier should be non-empty',
        );
      }
      const flow = await findFlowStateByCode(db, authCode);
      if (!flow?.user_id || !flow.auth_code_issued_at) {
        throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      }
      const ageSeconds = (Date.now() - flow.auth_code_issued_at.getTime()) / 1000;
      if (ageSeconds > settings.flowStateExpirySeconds) {
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
      const outcome = await db.transaction(async (tx) => {
        await deleteFlowState(tx, flow.id);
        return signIn(tx, userId, flow.authentication_method === 'recovery' ? 'recovery' : 'otp', true);
      });
      return c.json(await tokenResponse(outcome.user, outcome.session, outcome.refreshToken));
    }

    throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => {
    const { user } = await authenticate(c);
    return c.json(userJson(user));
  });

  app.put('/user', async (c) => {
    const { user } = await authenticate(c);
    const body = await readJsonObject(c, badJson);
    const password = optionalString(body, 'password');
    const email = optionalString(body, 'email');
    if (email !== undefined && email.trim().toLowerCase() !== user.email) {
      throw new AuthError(
        422,
        'email_change_not_supported',
        'Changing the email address is not supported here',
      );
    }
    const changes: { passwordHash?: string; metadata?: Record<string, unknown> } = {};
    if (body.data !== undefined) changes.metadata = optionalMetadata(body);
    if (password !== undefined) {
      if (await verifyPassword(password, user.encrypted_password)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      checkPasswordStrength(password);
      changes.passwordHash = await hashPassword(password);
    }
    const updated = await updateUser(db, user.id, changes);
    return c.json(userJson(updated));
  });

  app.post('/logout', async (c) => {
    const { user, claims } = await authenticate(c);
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new AuthError(400, 'validation_failed', 'Unsupported logout scope');
    }
    if (typeof claims.session_id === 'string') await deleteSessions(db, user.id, scope, claims.session_id);
    else if (scope === 'global') await deleteSessions(db, user.id, 'global', '');
    return c.body(null, 204);
  });

  return app;
}

/** GoTrue's prepErrorRedirectURL: the error in the fragment, and in the query too for PKCE. */
function errorRedirect(
  redirectTo: string,
  isPkce: boolean,
  status: number,
  code: string,
  description: string,
): string {
  const errorNames: Record<number, string> = {
    400: 'invalid_request',
    401: 'unauthorized_client',
    403: 'access_denied',
    500: 'server_error',
    503: 'temporarily_unavailable',
  };
  const params = new URLSearchParams();
  const errorName = errorNames[status];
  if (errorName) params.set('error', errorName);
  params.set('error_code', code);
  params.set('error_description', description);
  const target = new URL(redirectTo);
  target.hash = '';
  if (isPkce) for (const [key, value] of params) target.searchParams.set(key, value);
  params.set('sb', '');
  return `${target.toString()}#${params.toString()}`;
}
