// The GoTrue subset the app uses, mounted at /auth/v1. Request and response shapes follow
// docs/design supabase-wire-protocol §2–3; error bodies are `{ code, message }` with the
// X-Supabase-Api-Version header so supabase-js exposes `error.code`. This file only wires HTTP:
// validation.ts reads and checks requests, email-links.ts and mail.ts send the emailed links,
// verify.ts consumes them, tokens.ts answers /token, user.ts serves /user and /logout.
import { type Context, Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { AuthError, authErrorResponse, bearerToken, limitBody } from '../http.ts';
import { apiKeyRole } from '../keys.ts';
import { sendRecoveryLink, sendSignInLink, signUp } from './email-links.ts';
import { clientIp, type IpLimited } from './rate-limit.ts';
import { validateRedirect } from './redirect.ts';
import { userJson } from './store.ts';
import { grantFor } from './tokens.ts';
import { authenticate, signOut, updateCurrentUser } from './user.ts';
import {
  codeVerificationOf,
  linkVerificationOf,
  logoutScopeOf,
  otpRequestOf,
  readAuthBody,
  recoverRequestOf,
  signupRequestOf,
  userUpdateOf,
} from './validation.ts';
import { verifyCode, verifyLink } from './verify.ts';

/** The /auth/v1 app: key check, body limit and GoTrue's error shape around every endpoint. */
export function authRoutes(ctx: ServerContext): Hono {
  const { settings } = ctx;
  const app = new Hono();
  const redirectPolicy = {
    siteUrl: settings.siteUrl,
    additionalRedirectUrls: settings.additionalRedirectUrls,
  };
  const limited = async (c: Context, endpoint: IpLimited, next: () => Promise<void>) => {
    ctx.limiter.checkIp(endpoint, clientIp(c));
    await next();
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

  // Per-IP budgets (GoTrue's limitHandler), counted before the request is read.
  app.use('/otp', async (c, next) => limited(c, 'signIn', next));
  app.use('/signup', async (c, next) => limited(c, 'signIn', next));
  app.use('/recover', async (c, next) => limited(c, 'signIn', next));
  app.use('/verify', async (c, next) => limited(c, 'verify', next));
  app.use('/token', async (c, next) => limited(c, 'token', next));

  app.post('/otp', async (c) => {
    const request = otpRequestOf(await readAuthBody(c));
    ctx.limiter.reserveEmail(request.email, { ip: clientIp(c) });
    await sendSignInLink(ctx, request, redirectOf(c));
    return c.json({});
  });

  app.post('/signup', async (c) => {
    const request = signupRequestOf(await readAuthBody(c));
    ctx.limiter.reserveEmail(request.email, { kind: 'signup', ip: clientIp(c) });
    return c.json(await signUp(ctx, request, redirectOf(c)));
  });

  app.post('/recover', async (c) => {
    const started = Date.now();
    const request = recoverRequestOf(await readAuthBody(c));
    ctx.limiter.reserveEmail(request.email, { ip: clientIp(c) });
    await sendRecoveryLink(ctx, request, redirectOf(c));
    // Known or unknown address, the answer comes after the same fixed minimum, so its timing does
    // not reveal who has an account (the work for a known one is well under it).
    const wait = settings.recoverMinMs - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return c.json({});
  });

  app.get('/verify', async (c) => {
    const link = linkVerificationOf(c.req.query('token'), c.req.query('type'));
    return c.redirect(await verifyLink(ctx, link, redirectOf(c)), 303);
  });

  app.post('/verify', async (c) => {
    const verification = codeVerificationOf(await readAuthBody(c));
    return c.json(await verifyCode(ctx, verification));
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const body = await readAuthBody(c);
    return c.json(await grantFor(grantType)(ctx, body));
  });

  app.get('/user', async (c) => {
    const { user } = await authenticate(ctx, bearerToken(c));
    return c.json(userJson(user));
  });

  app.put('/user', async (c) => {
    const { user, session } = await authenticate(ctx, bearerToken(c));
    const update = userUpdateOf(await readAuthBody(c), user.email);
    return c.json(userJson(await updateCurrentUser(ctx, user, session, update)));
  });

  app.post('/logout', async (c) => {
    const { user, claims } = await authenticate(ctx, bearerToken(c));
    await signOut(ctx, user, claims, logoutScopeOf(c.req.query('scope')));
    return c.body(null, 204);
  });

  return app;
}
