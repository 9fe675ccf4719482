/**
 * The Stripe webhook's logic, shared by the Deno Edge Function (index.ts beside this file) and the
 * local backend's /functions/v1/stripe-webhook (server/payments/). Web APIs only (Request,
 * Response, crypto.subtle through the stripe package), and every outside effect is a parameter:
 *
 *   const handle = createStripeWebhookHandler({ webhookSecret, retrieveSubscription, applySubscription });
 *   const response = await handle(request);
 *
 * Entitlement is written only here, and only after the signature checks out. Each relevant event is
 * a trigger: the subscription it concerns is (re-)read through `retrieveSubscription` and stored as
 * a versioned snapshot by `stripe_apply_subscription`, which ignores repeated event ids and older
 * snapshots, so any delivery order and any number of repeats end in the same row.
 */
import Stripe from 'stripe';

/** Events the function acts on; subscribe the Stripe endpoint to these (others are acknowledged). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * The signature's timestamp may be at most this old (Stripe's default; 0 would disable the check),
 * and neither it nor the event's `created` may be this far in the future (the stripe package only
 * checks the past).
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe's events are a few kilobytes; a body over this is refused before it is read in full. */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

/** A subscription as stored: the object and the version that orders snapshots of it. */
export interface SubscriptionSnapshot {
  subscription: Stripe.Subscription;
  /** Newer snapshots win; an older one arriving late is ignored by the SQL function. */
  version: Date;
}

/** Named arguments of public.stripe_apply_subscription (see supabase/migrations). */
export interface ApplySubscriptionArgs {
  p_event_id: string;
  p_event_type: string;
  p_event_created: string;
  p_subscription: Stripe.Subscription;
  p_source_version: string;
  p_user_id: string | null;
  /**
   * The email the customer gave at checkout, sent only when the checkout names no account: the
   * SQL links it to the confirmed account with that email, or keeps it until that address is confirmed.
   */
  p_checkout_email: string | null;
}

export interface StripeWebhookDeps {
  /** The endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /**
   * The subscription's current state. In production: `stripe.subscriptions.retrieve(id)` versioned
   * by the fetch time. Where no Stripe API is reachable (the local backend): the object the event
   * carries, versioned by the event. `null` when it cannot be had (the event is then acknowledged).
   */
  retrieveSubscription(id: string, event: Stripe.Event): Promise<SubscriptionSnapshot | null>;
  /** Calls stripe_apply_subscription as the service role; returns its result text. */
  applySubscription(args: ApplySubscriptionArgs): Promise<string>;
  /**
   * Whether the account a checkout's client_reference_id names has confirmed its address. A
   * reference to an unconfirmed account (its id is in the answer of anyone's /signup for that
   * address) is not trusted: the checkout is linked as by its email, which the SQL gives only to
   * a confirmed address (docs/decisions/112). Left out, every well-formed reference is trusted.
   */
  accountConfirmed?: (userId: string) => Promise<boolean>;
  /** Whether the student had a trial on another subscription before (their one trial is used). */
  trialAlreadyUsed?: (userId: string, subscriptionId: string) => Promise<boolean>;
  /**
   * Ends a subscription's trial now, so its first payment is taken at once (Stripe:
   * `subscriptions.update(id, { trial_end: 'now' })`; its events arrive through this webhook).
   */
  endTrialNow?: (subscriptionId: string) => Promise<void>;
  log?: (line: string) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAIN_EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** An id from an expandable Stripe field (a string id or the expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return value?.id ?? null;
}

/** Which subscription an event concerns, and the user it links it to (checkout only). */
export function subscriptionTarget(
  event: Stripe.Event,
): { subscriptionId: string; userId: string | null; checkoutEmail: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      // A trial arrives with payment_status 'no_payment_required', never 'paid': do not gate on it.
      if (session.mode !== 'subscription' || !subscriptionId) return null;
      const reference = session.client_reference_id;
      const userId = reference && UUID.test(reference) ? reference : null;
      return { subscriptionId, userId, checkoutEmail: userId ? null : checkoutEmailOf(event) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { subscriptionId: event.data.object.id, userId: null, checkoutEmail: null };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // Since API 2025-03-31.basil the invoice's subscription lives under parent.subscription_details.
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? { subscriptionId, userId: null, checkoutEmail: null } : null;
    }
    default:
      return null;
  }
}

/** The email a completed checkout's customer gave, if it is shaped like an address. */
function checkoutEmailOf(event: Stripe.Event): string | null {
  if (event.type !== 'checkout.session.completed') return null;
  const session = event.data.object;
  const email = session.customer_details?.email ?? session.customer_email ?? null;
  // Only something shaped like an address is used to link (a control character could not be stored).
  return typeof email === 'string' && PLAIN_EMAIL.test(email) ? email : null;
}

/**
 * The subscription object an event itself carries, if any: the event's object for subscription
 * events, or an expanded `subscription` field on a checkout session or an invoice. Used where the
 * Stripe API cannot be called (Stripe's own events carry ids there, not objects).
 */
export function subscriptionCarriedBy(
  event: Stripe.Event,
  subscriptionId: string,
): Stripe.Subscription | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const candidates: unknown[] = [
    object,
    object.subscription,
    (object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined)
      ?.subscription_details?.subscription,
  ];
  for (const candidate of candidates) {
    const value = candidate as { object?: unknown; id?: unknown } | null | undefined;
    if (
      value &&
      typeof value === 'object' &&
      value.object === 'subscription' &&
      value.id === subscriptionId
    ) {
      return value as unknown as Stripe.Subscription;
    }
  }
  return null;
}

/** Latest Unix time Postgres' timestamptz (and a Date) can hold comfortably: 9999-12-31. */
const MAX_UNIX_SECONDS = 253_402_300_799;
const SUBSCRIPTION_TIMES = [
  'current_period_start',
  'current_period_end',
  'trial_start',
  'trial_end',
  'cancel_at',
  'canceled_at',
  'ended_at',
] as const;

const isUnixTime = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_UNIX_SECONDS;
const absentOr = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || value === null || check(value);
const isId = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 255;

/**
 * Why a subscription object cannot be stored, or null when every field stripe_apply_subscription
 * reads has the type Stripe documents: ids are strings, times are Unix seconds (or null), flags are
 * booleans. A validly signed event with other types (only a leaked signing secret or a broken
 * sender makes one) is rejected and acknowledged, never a 500 that Stripe would retry for days.
 */
export function invalidSubscription(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'the subscription is not an object';
  const sub = value as Record<string, unknown>;
  if (sub.object !== 'subscription' || !isId(sub.id)) return 'the subscription has no id';
  if (typeof sub.status !== 'string') return 'status is not a string';
  const customer = sub.customer;
  if (!absentOr(customer, (c) => isId(c) || (typeof c === 'object' && isId((c as { id?: unknown }).id)))) {
    return 'customer is not an id';
  }
  for (const field of SUBSCRIPTION_TIMES) {
    if (!absentOr(sub[field], isUnixTime)) return `${field} is not a Unix time`;
  }
  for (const field of ['cancel_at_period_end', 'livemode'] as const) {
    if (!absentOr(sub[field], (flag) => typeof flag === 'boolean')) return `${field} is not a boolean`;
  }
  const items = (sub.items as { data?: unknown } | null | undefined)?.data;
  if (!absentOr(items, Array.isArray)) return 'items.data is not a list';
  for (const item of (items as unknown[] | undefined) ?? []) {
    if (typeof item !== 'object' || item === null) return 'an item is not an object';
    const { current_period_start, current_period_end, price } = item as Record<string, unknown>;
    if (!absentOr(current_period_start, isUnixTime) || !absentOr(current_period_end, isUnixTime)) {
      return "an item's period is not a Unix time";
    }
    if (!absentOr(price, (p) => typeof p === 'object' && absentOr((p as { id?: unknown }).id, isId))) {
      return "an item's price has no id";
    }
  }
  return null;
}

function text(body: string, status: number): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

function tooLarge(): Response {
  return Response.json(
    { message: `Request body too large: the limit is ${WEBHOOK_MAX_BODY_BYTES} bytes` },
    { status: 413 },
  );
}

/**
 * The body as text, or null once it exceeds `limit` bytes: a declared Content-Length over the
 * limit is refused unread, and a streamed body is read only up to the limit.
 */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) {
    await request.body?.cancel().catch(() => {});
    return null;
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The `t=` of a Stripe-Signature header (seconds), or null. */
function signatureTimestamp(header: string): number | null {
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key?.trim() === 't' && value && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

/** Builds the request handler: POST with a valid Stripe-Signature, else 4xx and nothing written. */
export function createStripeWebhookHandler(deps: StripeWebhookDeps): (request: Request) => Promise<Response> {
  const log = deps.log ?? ((line: string) => console.log(line));
  return async (request) => {
    if (request.method !== 'POST') return text('method not allowed', 405);
    // A missing secret must not turn into "accept anything"; 500 makes Stripe retry once it is set.
    if (!deps.webhookSecret) return text('webhook secret not configured', 500);
    const signature = request.headers.get('stripe-signature');
    if (!signature) return text('missing Stripe-Signature header', 400);

    // The signature covers the exact bytes sent: read them raw, never parse before verifying.
    const body = await readLimited(request, WEBHOOK_MAX_BODY_BYTES);
    if (body === null) return tooLarge();
    let event: Stripe.Event;
    try {
      event = await Stripe.webhooks.constructEventAsync(
        body,
        signature,
        deps.webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
        cryptoProvider,
      );
    } catch (error) {
      return text(`signature verification failed: ${(error as Error).message}`, 400);
    }
    // A valid signature dated in the future was made with the secret for later replay (or on a
    // wrong clock): refused like a stale one.
    const latest = Math.floor(Date.now() / 1000) + SIGNATURE_TOLERANCE_SECONDS;
    const signedAt = signatureTimestamp(signature);
    if (signedAt === null || signedAt > latest) {
      return text('signature verification failed: timestamp is in the future', 400);
    }
    if (typeof event.created !== 'number' || event.created > latest) {
      return text('event refused: created is in the future', 400);
    }

    // Signed but malformed: acknowledged (2xx, so Stripe does not retry it for days) and logged as
    // rejected, with nothing written (Stripe's guidance for events an endpoint cannot use).
    const rejected = (reason: string) => {
      log(`${isId(event.id) ? event.id : '(no event id)'} ${String(event.type)}: rejected, ${reason}`);
      return Response.json({ received: true, result: 'rejected' });
    };
    if (!isId(event.id) || typeof event.type !== 'string') return rejected('the event has no id or type');
    if (typeof event.data?.object !== 'object' || event.data.object === null) {
      return rejected('the event carries no object');
    }

    const target = subscriptionTarget(event);
    if (target && !isId(target.subscriptionId)) return rejected('the subscription id is not an id');
    if (!target) {
      if (event.type === 'checkout.session.completed') {
        log(`${event.id} ${event.type}: not a subscription checkout, ignored`);
      }
      // Acknowledge everything else so Stripe does not retry it for days.
      return Response.json({ received: true, result: 'ignored' });
    }
    if (event.type === 'checkout.session.completed' && !target.userId && !target.checkoutEmail) {
      // Neither an account id nor an email: nothing links this purchase; reconcile it by hand.
      log(`${event.id}: no usable client_reference_id and no email`);
    }

    try {
      if (target.userId && deps.accountConfirmed && !(await deps.accountConfirmed(target.userId))) {
        log(`${event.id}: client_reference_id names an unconfirmed account, linked by email instead`);
        target.checkoutEmail = checkoutEmailOf(event);
        target.userId = null;
      }
      const snapshot = await deps.retrieveSubscription(target.subscriptionId, event);
      if (!snapshot) {
        log(`${event.id} ${event.type}: subscription ${target.subscriptionId} not available, acknowledged`);
        return Response.json({ received: true, result: 'unavailable' });
      }
      const invalid = invalidSubscription(snapshot.subscription);
      if (invalid) return rejected(invalid);
      const result = await deps.applySubscription({
        p_event_id: event.id,
        p_event_type: event.type,
        p_event_created: new Date(event.created * 1000).toISOString(),
        p_subscription: snapshot.subscription,
        p_source_version: snapshot.version.toISOString(),
        p_user_id: target.userId,
        p_checkout_email: target.checkoutEmail,
      });
      log(`${event.id} ${event.type} ${target.subscriptionId}: ${result}`);
      // A student whose one trial is used (by them, or by someone who started it for them) gets no
      // access from a second trial; the checkout instead charges the first month at once, so paying
      // starts access at once (docs/decisions/112). Retried deliveries repeat this until it holds.
      if (
        event.type === 'checkout.session.completed' &&
        target.userId &&
        snapshot.subscription.status === 'trialing' &&
        deps.trialAlreadyUsed &&
        deps.endTrialNow &&
        (await deps.trialAlreadyUsed(target.userId, target.subscriptionId))
      ) {
        await deps.endTrialNow(target.subscriptionId);
        log(`${event.id}: the student's trial was already used; trial ended now, first payment taken`);
      }
      return Response.json({ received: true, result });
    } catch (error) {
      // 500: Stripe retries (3 days in live mode); the event id was not recorded, so a retry applies.
      log(`${event.id} ${event.type} failed: ${(error as Error).message}`);
      return text('processing failed', 500);
    }
  };
}
