// The payment routes of the local backend, mounted at its root:
//   /functions/v1/stripe-webhook   the webhook, with the same handler module the Edge Function deploys
//   GET/POST /_checkout            the test checkout page standing in for the Stripe Payment Link
//   /functions/v1/create-portal-session  the portal function, with the Edge Function's handler module
//   GET/POST /_portal              the test Customer Portal (cancel at period end, resume, update card)
//   /_test/subscriptions[...]      a test-only API moving a subscription through its life; enabled
//                                  only with LOCAL_STRIPE_TEST_API=1, 404 otherwise
// Every subscription change reaches the database only as a signed event through the webhook.
// /_checkout, /_portal and /_test are dev tools: loopback only (server/dev-tools.ts). Bodies are limited
// before they are read: 1 MB for the webhook, 64 KB for the checkout form.
//
// The webhook secret is LOCAL_STRIPE_WEBHOOK_SECRET unless STRIPE_WEBHOOK_SECRET is set.

import type { PGlite } from '@electric-sql/pglite';
import { type Context, Hono } from 'hono';
import { createPortalSessionHandler } from '../../supabase/functions/create-portal-session/handler.ts';
import {
  type ApplySubscriptionArgs,
  createStripeWebhookHandler,
  subscriptionCarriedBy,
  WEBHOOK_MAX_BODY_BYTES,
} from '../../supabase/functions/stripe-webhook/handler.ts';
import { limitBody } from '../http.ts';
import { checkoutPage } from './checkout-page.ts';
import {
  type Delivery,
  deliverEvent,
  FakeStripe,
  type PortalAction,
  type StripeEventJson,
  TRANSITIONS,
  type Transition,
} from './fake-stripe.ts';
import { portalActions, portalPage } from './portal-page.ts';

export interface PaymentContext {
  db: PGlite;
  /** The service_role API key, for calling RPCs such as stripe_apply_subscription over HTTP. */
  serviceRoleKey: string;
  /** The anon API key, for asking /auth/v1/user who an access token belongs to. */
  anonKey: string;
  /** Whether an API key stands for the service role (the legacy JWT or the sb_secret_ key). */
  isServiceRoleKey: (key: string) => boolean;
  /** This server's base URL, e.g. http://127.0.0.1:54321 (known once it listens, hence a getter). */
  url: () => string;
  /** The app's URL (return pages such as /checkout/success live there). */
  siteUrl: string;
  log: (line: string) => void;
}

/** Well-known development signing secret of the local webhook. Public: never use it with Stripe. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_development_only_do_not_use_with_stripe';

/** The environment switch of the test-only API. */
export const TEST_API_ENV = 'LOCAL_STRIPE_TEST_API';

export const WEBHOOK_PATH = '/functions/v1/stripe-webhook';
export const PORTAL_FUNCTION_PATH = '/functions/v1/create-portal-session';

/** What each portal action tells the customer once its events are delivered. */
const PORTAL_NOTICES: Record<PortalAction, string> = {
  'cancel-at-period-end': 'Your subscription is canceled. You keep access until the end of the period.',
  resume: 'Your subscription is resumed.',
  'update-card': 'Your card is updated.',
};

/** Stripe drops a client_reference_id that is not 1–200 letters, digits, '-' or '_'. */
const CLIENT_REFERENCE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** An email as the checkout accepts it: one @, no spaces or control characters, at most 254 long. */
const CHECKOUT_EMAIL = /^(?=.{3,254}$)[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/** The checkout form has three short fields; anything much larger is not from its page. */
export const CHECKOUT_MAX_BODY_BYTES = 64 * 1024;

/** A 413 in the JSON shape the other local errors have, before the body is read. */
function limitPaymentBody(maxSize: number) {
  return limitBody(
    (c) => c.json({ message: `Request body too large: the limit is ${maxSize} bytes` }, 413),
    maxSize,
  );
}

export function localWebhookSecret(): string {
  return process.env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_WEBHOOK_SECRET;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function paymentRoutes(ctx: PaymentContext): Hono {
  const app = new Hono();
  const secret = localWebhookSecret();
  const testApi = process.env[TEST_API_ENV] === '1';
  const stripe = new FakeStripe();
  // The server's own origin: the settings URL once listening, else the origin the request came to.
  const selfUrl = (c: Context) => trimSlash(ctx.url() || new URL(c.req.url).origin);
  const appUrl = (path: string) => `${trimSlash(ctx.siteUrl)}${path}`;

  /** Calls an RPC as the service role over this server's REST API, as the Edge Functions do. */
  async function serviceRpc<T>(base: string, name: string, args: object): Promise<T> {
    const response = await fetch(`${base}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: ctx.serviceRoleKey,
        Authorization: `Bearer ${ctx.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${name} ${response.status}: ${body}`);
    return JSON.parse(body) as T;
  }
  const applyOverRest = (base: string, args: ApplySubscriptionArgs) =>
    serviceRpc<string>(base, 'stripe_apply_subscription', args);

  // The shared handler enforces the same limit (for the Edge Function); this answers first.
  app.use(WEBHOOK_PATH, limitPaymentBody(WEBHOOK_MAX_BODY_BYTES));
  app.all(WEBHOOK_PATH, (c) => {
    const base = selfUrl(c);
    const handle = createStripeWebhookHandler({
      webhookSecret: secret,
      // No Stripe API here: the snapshot is the object the event carries, versioned by the event's
      // created time (the fake Stripe keeps those strictly increasing per subscription).
      async retrieveSubscription(id, event) {
        const subscription = subscriptionCarriedBy(event, id);
        return subscription ? { subscription, version: new Date(event.created * 1000) } : null;
      },
      applySubscription: (args) => applyOverRest(base, args),
      log: (line) => ctx.log(`stripe-webhook: ${line}`),
    });
    return handle(c.req.raw);
  });

  // The portal function: the Edge Function's handler with this server's Auth, REST and fake Stripe.
  app.all(PORTAL_FUNCTION_PATH, (c) => {
    const base = selfUrl(c);
    const handle = createPortalSessionHandler({
      returnUrl: appUrl('/billing'),
      async userIdFromToken(accessToken) {
        const response = await fetch(`${base}/auth/v1/user`, {
          headers: { apikey: ctx.anonKey, Authorization: `Bearer ${accessToken}` },
        });
        if (!response.ok) return null;
        const user = (await response.json()) as { id?: unknown };
        return typeof user.id === 'string' ? user.id : null;
      },
      customerFor: (userId) => serviceRpc<string | null>(base, 'customer_for_portal', { p_user_id: userId }),
      async createPortalSession(customer, returnUrl) {
        const session = stripe.createPortalSession(customer, returnUrl);
        if (!session) throw new Error(`no such customer ${customer}`);
        return `${base}/_portal?session=${session.id}`;
      },
      log: (line) => ctx.log(`create-portal-session: ${line}`),
    });
    return handle(c.req.raw);
  });

  async function deliverAll(c: Context, events: StripeEventJson[]): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (const event of events) {
      deliveries.push(await deliverEvent(`${selfUrl(c)}${WEBHOOK_PATH}`, secret, event));
    }
    return deliveries;
  }

  app.get('/_checkout', (c) => {
    const reference = c.req.query('client_reference_id') ?? '';
    return c.html(
      checkoutPage({
        clientReferenceId: CLIENT_REFERENCE_ID.test(reference) ? reference : null,
        email: c.req.query('prefilled_email') ?? null,
      }),
    );
  });

  app.post('/_checkout', limitPaymentBody(CHECKOUT_MAX_BODY_BYTES), async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
    if (field('action') !== 'start') return c.redirect(appUrl('/checkout/cancel'), 303);

    const reference = field('client_reference_id');
    const clientReferenceId = CLIENT_REFERENCE_ID.test(reference) ? reference : null;
    const email = field('email') || null;
    // Stripe's hosted page validates the email before a checkout completes; so does this one.
    if (email !== null && !CHECKOUT_EMAIL.test(email)) {
      return c.html(
        checkoutPage({ clientReferenceId, email: null, error: 'Enter a valid email address.' }),
        400,
      );
    }
    const trial = stripe.startTrial({
      clientReferenceId,
      email,
      successUrl: appUrl('/checkout/success?session_id={CHECKOUT_SESSION_ID}'),
    });
    const failed = (await deliverAll(c, trial.events)).filter((d) => d.status >= 300);
    if (failed.length > 0) {
      ctx.log(
        `checkout: webhook refused ${failed.map((d) => `${d.type} (${d.status} ${d.result})`).join(', ')}`,
      );
      return c.html(
        checkoutPage({
          clientReferenceId,
          email,
          error: 'The trial could not be started. Please try again.',
        }),
        502,
      );
    }
    return c.redirect(appUrl(`/checkout/success?session_id=${encodeURIComponent(trial.sessionId)}`), 303);
  });

  /** The portal page for a session id, or a 404 page for an unknown or expired one. */
  function portalFor(c: Context, sessionId: string, notice?: { notice?: string; error?: string }) {
    const session = stripe.portalSession(sessionId);
    const subscription = session ? stripe.portalSubscription(session.customer) : null;
    if (!session || !subscription) {
      return c.json(
        { message: 'This portal session has expired. Open it again from the Billing page.' },
        404,
      );
    }
    return c.html(portalPage({ sessionId, returnUrl: session.returnUrl, subscription, ...notice }));
  }

  app.get('/_portal', (c) => {
    const done = c.req.query('done') as PortalAction | undefined;
    const notice = done && Object.hasOwn(PORTAL_NOTICES, done) ? PORTAL_NOTICES[done] : undefined;
    return portalFor(c, c.req.query('session') ?? '', { notice });
  });

  // Each action changes the fake subscription and reaches the database only as signed events.
  app.post('/_portal', limitPaymentBody(CHECKOUT_MAX_BODY_BYTES), async (c) => {
    const form = await c.req.parseBody();
    const sessionId = typeof form.session === 'string' ? form.session : '';
    const session = stripe.portalSession(sessionId);
    const subscription = session ? stripe.portalSubscription(session.customer) : null;
    if (!session || !subscription) return portalFor(c, sessionId);
    const action = portalActions(subscription).find((offered) => offered.action === form.action)?.action;
    if (!action)
      return portalFor(c, sessionId, { error: 'That action is not available for this subscription.' });
    const events = stripe.apply(subscription.id, action) ?? [];
    const failed = (await deliverAll(c, events)).filter((d) => d.status >= 300);
    if (failed.length > 0) {
      ctx.log(
        `portal: webhook refused ${failed.map((d) => `${d.type} (${d.status} ${d.result})`).join(', ')}`,
      );
      return portalFor(c, sessionId, { error: 'The change could not be saved. Please try again.' });
    }
    // Post/redirect/get: reloading the page after an action does not repeat it.
    return c.redirect(`/_portal?session=${encodeURIComponent(sessionId)}&done=${action}`, 303);
  });

  // Test-only API: refused unless the server was started with the switch.
  app.use('/_test/subscriptions/*', async (c, next) => {
    if (!testApi) return c.json({ message: 'Not Found' }, 404);
    await next();
  });
  app.use('/_test/subscriptions', async (c, next) => {
    if (!testApi) return c.json({ message: 'Not Found' }, 404);
    await next();
  });

  // Every subscription with its customer's email: the service role only. Without the key, one
  // account's own subscriptions (by its id) are listed, emails left out.
  app.get('/_test/subscriptions', (c) => {
    const reference = c.req.query('client_reference_id');
    const key = c.req.header('apikey') ?? /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const service = key !== undefined && ctx.isServiceRoleKey(key);
    if (!service && !reference) {
      return c.json(
        {
          message:
            'Listing every subscription needs the service_role key (apikey header), or a client_reference_id',
        },
        401,
      );
    }
    const list = [...stripe.subscriptions.values()].filter(
      (sub) => !reference || sub.clientReferenceId === reference,
    );
    return c.json(service ? list : list.map(({ email: _email, ...rest }) => rest));
  });

  app.post('/_test/subscriptions/:id/:transition', async (c) => {
    const transition = c.req.param('transition') as Transition;
    if (!TRANSITIONS.includes(transition)) return c.json({ message: 'Not Found' }, 404);
    const events = stripe.apply(c.req.param('id'), transition);
    if (!events) return c.json({ message: 'No such subscription' }, 404);
    const deliveries = await deliverAll(c, events);
    const ok = deliveries.every((d) => d.status < 300);
    return c.json({ subscription: stripe.subscriptions.get(c.req.param('id')), deliveries }, ok ? 200 : 502);
  });

  return app;
}
