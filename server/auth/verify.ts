// Verifying an emailed link or code (GoTrue's /verify): the one-time token is consumed and the user
// signed in, or, for a PKCE link, handed an auth code to exchange at /token.
import type { ServerContext } from '../context.ts';
import { AuthError } from '../http.ts';
import { FLOW_METHOD } from './email-links.ts';
import { confirmEmail, issueAuthCode, type OneTimeTokenType, verifyOneTimeToken } from './store.ts';
import { type SignedIn, signIn, type TokenResponse, tokenResponse } from './tokens.ts';
import type { CodeVerification, LinkVerification } from './validation.ts';

/** A token lives otpExpirySeconds and dies after maxCodeAttempts failed verifications, any form. */
const tokenLimits = (ctx: ServerContext) => ({
  expirySeconds: ctx.settings.otpExpirySeconds,
  maxAttempts: ctx.limiter.limits.maxCodeAttempts,
});

/** The `type` reported back after verification. */
const RESOLVED_TYPE: Record<OneTimeTokenType, string> = {
  confirmation: 'signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
};

const LINK_EXPIRED = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
const CODE_EXPIRED = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

type LinkOutcome =
  | { kind: 'failed'; error: AuthError }
  | { kind: 'authCode'; code: string }
  | { kind: 'signedIn'; resolvedType: string; signedIn: SignedIn };

/** GoTrue's session method: 'recovery' for a password reset link or code, 'otp' for any other. */
const amrMethodOf = (type: OneTimeTokenType) => (type === 'recovery' ? 'recovery' : 'otp');

/**
 * The emailed link opened in a browser (GET /verify). Returns where to redirect it: tokens in the
 * fragment (implicit flow) or ?code= (a token with the pkce_ prefix), errors in the fragment and,
 * for PKCE, the query too.
 */
export async function verifyLink(
  ctx: ServerContext,
  { token, types }: LinkVerification,
  redirectTo: string,
): Promise<string> {
  const isPkce = token.startsWith('pkce_');
  if (!types) return errorRedirect(redirectTo, isPkce, 400, 'validation_failed', 'Invalid type');

  // Failures are returned, not thrown, so the transaction still commits the consumed token.
  const outcome = await ctx.db.transaction(async (tx): Promise<LinkOutcome> => {
    const consumed = await verifyOneTimeToken(tx, { tokenHash: token }, types, tokenLimits(ctx));
    if (!consumed) return { kind: 'failed', error: LINK_EXPIRED() };
    const resolvedType = RESOLVED_TYPE[consumed.type];
    // Any emailed link proves the mailbox: it confirms the address (GoTrue does the same for
    // magic links and recovery) and clears a password the link's request did not know.
    await confirmEmail(tx, consumed.userId, consumed.knownPasswordHash);
    if (isPkce) {
      const code = await issueAuthCode(tx, consumed.userId, [FLOW_METHOD[consumed.type]]);
      if (!code) {
        return {
          kind: 'failed',
          error: new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
        };
      }
      return { kind: 'authCode', code };
    }
    const signedIn = await signIn(tx, consumed.userId, amrMethodOf(consumed.type));
    return { kind: 'signedIn', resolvedType, signedIn };
  });

  if (outcome.kind === 'failed') {
    const { status, code, message } = outcome.error;
    return errorRedirect(redirectTo, isPkce, status, code, message);
  }
  if (outcome.kind === 'authCode') {
    const target = new URL(redirectTo);
    target.searchParams.set('code', outcome.code);
    target.searchParams.sort();
    return target.toString();
  }
  const tokens = await tokenResponse(ctx, outcome.signedIn);
  const fragment = new URLSearchParams({
    access_token: tokens.access_token,
    expires_at: String(tokens.expires_at),
    expires_in: String(tokens.expires_in),
    refresh_token: tokens.refresh_token,
    sb: '',
    token_type: tokens.token_type,
    type: outcome.resolvedType,
  });
  return `${redirectTo.split('#')[0]}#${fragment.toString()}`;
}

/** verifyOtp (POST /verify): a token hash or an emailed code. Always answers with a session. */
export async function verifyCode(
  ctx: ServerContext,
  { types, match }: CodeVerification,
): Promise<TokenResponse> {
  const signedIn = await ctx.db.transaction(async (tx) => {
    // A failure is returned, not thrown, so the transaction still commits its count.
    const consumed = await verifyOneTimeToken(tx, match, types, tokenLimits(ctx));
    if (!consumed) return null;
    await confirmEmail(tx, consumed.userId, consumed.knownPasswordHash);
    return signIn(tx, consumed.userId, amrMethodOf(consumed.type));
  });
  if (!signedIn) throw 'tokenHash' in match ? LINK_EXPIRED() : CODE_EXPIRED();
  return tokenResponse(ctx, signedIn);
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
