// Reading and checking auth requests. Each check answers a malformed request with GoTrue's 4xx error,
// in its code and wording, so supabase-js reports what it would report against hosted Supabase.
import type { Context } from 'hono';
import { AuthError, containsNul, readJsonObject } from '../http.ts';
import type { OneTimeTokenType } from './store.ts';

export type RequestBody = Record<string, unknown>;

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * GoTrue's default minimum (GOTRUE_PASSWORD_MIN_LENGTH; supabase/config.toml does not raise
 * `minimum_password_length`), so this backend refuses exactly the passwords hosted Supabase refuses.
 * The app's own rule is stricter (MIN_PASSWORD_LENGTH = 8 in domain/business-rules.ts) and the app
 * checks it before calling; it is deliberately not applied here, because the backend stands in for
 * Supabase Auth, not for the app.
 */
const GOTRUE_DEFAULT_MIN_PASSWORD_LENGTH = 6;

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

const badJson = (message: string) =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${message}`);

/** The JSON object body of an auth request. */
export function readAuthBody(c: Context): Promise<RequestBody> {
  return readJsonObject(c, badJson);
}

// --- fields --------------------------------------------------------------------------------------

/** Postgres text cannot hold NUL (SQLSTATE 22021): refused here as bad input, not left to become a 500. */
function refuseNul(key: string, value: string): string {
  if (value.includes('\0'))
    throw new AuthError(400, 'validation_failed', `${key} must not contain NUL characters`);
  return value;
}

function optionalString(body: RequestBody, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AuthError(400, 'validation_failed', `${key} must be a string`);
  return refuseNul(key, value);
}

function requireEmail(body: RequestBody): string {
  const email = optionalString(body, 'email')?.trim().toLowerCase();
  if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

/** Refuses a new password shorter than GoTrue's minimum with GoTrue's `weak_password` answer. */
export function checkPasswordStrength(password: string): void {
  if (password.length < GOTRUE_DEFAULT_MIN_PASSWORD_LENGTH) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${GOTRUE_DEFAULT_MIN_PASSWORD_LENGTH} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
}

function optionalMetadata(body: RequestBody): Record<string, unknown> {
  const data = body.data;
  if (data === undefined || data === null) return {};
  if (typeof data !== 'object' || Array.isArray(data))
    throw new AuthError(400, 'validation_failed', 'data must be an object');
  // jsonb refuses \u0000 too (SQLSTATE 22P05).
  if (containsNul(data))
    throw new AuthError(400, 'validation_failed', 'data must not contain NUL characters');
  return data as Record<string, unknown>;
}

/** The PKCE challenge of a request, or null for the implicit flow. */
function codeChallengeOf(body: RequestBody): PkceChallenge | null {
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

// --- requests that email a link ------------------------------------------------------------------

export interface OtpRequest {
  email: string;
  metadata: Record<string, unknown>;
  pkce: PkceChallenge | null;
  /** supabase-js's `shouldCreateUser`: false sends a link to existing users only. */
  createIfMissing: boolean;
}

/** POST /otp (signInWithOtp). */
export function otpRequestOf(body: RequestBody): OtpRequest {
  if (body.phone !== undefined && body.phone !== null) {
    throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  }
  return {
    email: requireEmail(body),
    metadata: optionalMetadata(body),
    pkce: codeChallengeOf(body),
    createIfMissing: body.create_user !== false,
  };
}

export interface SignupRequest {
  email: string;
  password: string;
  metadata: Record<string, unknown>;
  pkce: PkceChallenge | null;
}

/** POST /signup. */
export function signupRequestOf(body: RequestBody): SignupRequest {
  const email = requireEmail(body);
  const password = optionalString(body, 'password');
  if (!password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  return { email, password, metadata: optionalMetadata(body), pkce: codeChallengeOf(body) };
}

export interface RecoverRequest {
  email: string;
  pkce: PkceChallenge | null;
}

/** POST /recover (resetPasswordForEmail). */
export function recoverRequestOf(body: RequestBody): RecoverRequest {
  return { email: requireEmail(body), pkce: codeChallengeOf(body) };
}

// --- verification --------------------------------------------------------------------------------

export interface LinkVerification {
  token: string;
  /** The token types the link's `type` accepts; undefined for an unknown type. */
  types: OneTimeTokenType[] | undefined;
}

/**
 * GET /verify's query. Only missing parameters are refused here; an unknown type ends in a redirect
 * carrying the error, like every other failure of an opened link (verify.ts).
 */
export function linkVerificationOf(token: string | undefined, type: string | undefined): LinkVerification {
  if (!token || !type) {
    throw new AuthError(400, 'validation_failed', 'Verify requires a token and a type');
  }
  return { token: refuseNul('token', token), types: verifyTypesOf(type) };
}

/** The token types a link's `type` accepts; own keys only, so `constructor` is an unknown type, not a crash. */
function verifyTypesOf(type: string): OneTimeTokenType[] | undefined {
  return Object.hasOwn(VERIFY_TYPES, type) ? VERIFY_TYPES[type] : undefined;
}

export type TokenMatch = { tokenHash: string } | { email: string; otp: string };

export interface CodeVerification {
  types: OneTimeTokenType[];
  match: TokenMatch;
}

/** POST /verify (verifyOtp): `{ type, token_hash }` or `{ type, email, token }`. */
export function codeVerificationOf(body: RequestBody): CodeVerification {
  const type = optionalString(body, 'type');
  const tokenHash = optionalString(body, 'token_hash');
  const token = optionalString(body, 'token');
  const types = type ? verifyTypesOf(type) : undefined;
  if (!type || !types) throw new AuthError(400, 'validation_failed', `Verify requires a verification type`);
  if ((tokenHash ? 1 : 0) + (token ? 1 : 0) !== 1) {
    throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  if (tokenHash && (body.email !== undefined || body.phone !== undefined || body.redirect_to !== undefined)) {
    throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided');
  }
  const match = tokenHash ? { tokenHash } : { email: requireEmail(body), otp: token ?? '' };
  return { types, match };
}

// --- /token grants -------------------------------------------------------------------------------

/** grant_type=password. A missing password fails like a wrong one: invalid_credentials. */
export function passwordGrantOf(body: RequestBody): { email: string; password: string } {
  const email = requireEmail(body);
  return { email, password: optionalString(body, 'password') ?? '' };
}

/** grant_type=refresh_token. */
export function refreshTokenOf(body: RequestBody): string {
  const refreshToken = optionalString(body, 'refresh_token');
  if (!refreshToken) throw new AuthError(400, 'validation_failed', 'refresh_token required');
  return refreshToken;
}

/** grant_type=pkce: the auth code from the redirect and the verifier the client kept. */
export function pkceExchangeOf(body: RequestBody): { authCode: string; verifier: string } {
  const authCode = optionalString(body, 'auth_code');
  const verifier = optionalString(body, 'code_verifier');
  if (!authCode || !verifier) {
    throw new AuthError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  return { authCode, verifier };
}

// --- the signed-in user --------------------------------------------------------------------------

export interface UserUpdate {
  password?: string;
  /** A reauthentication nonce (GET /reauthenticate is not implemented, so none is ever valid). */
  nonce?: string;
  metadata?: Record<string, unknown>;
}

/**
 * PUT /user (updateUser). The email may be repeated but not changed: email change (and its
 * confirmation mails) is not implemented. The new password's strength is checked later, by
 * updateCurrentUser, because the same-password answer takes precedence over weak_password.
 */
export function userUpdateOf(body: RequestBody, currentEmail: string): UserUpdate {
  const password = optionalString(body, 'password');
  const email = optionalString(body, 'email');
  if (email !== undefined && email.trim().toLowerCase() !== currentEmail) {
    throw new AuthError(
      422,
      'email_change_not_supported',
      'Changing the email address is not supported here',
    );
  }
  const nonce = optionalString(body, 'nonce');
  const update: UserUpdate = {};
  if (body.data !== undefined) update.metadata = optionalMetadata(body);
  if (password !== undefined) update.password = password;
  if (nonce) update.nonce = nonce;
  return update;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** POST /logout's `scope` query parameter; GoTrue's default is global. */
export function logoutScopeOf(scope: string | undefined): LogoutScope {
  const resolved = scope ?? 'global';
  if (resolved !== 'global' && resolved !== 'local' && resolved !== 'others') {
    throw new AuthError(400, 'validation_failed', 'Unsupported logout scope');
  }
  return resolved;
}
