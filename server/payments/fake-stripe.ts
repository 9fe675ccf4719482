// A test-mode stand-in for the part of Stripe the app meets: subscriptions with a 24-hour trial,
// the events Stripe sends about them (Stripe-shaped, API version 2026-10-28.endive) and their
// signed delivery to the webhook. Nothing here is trusted by the webhook: every event goes over
// HTTP with a Stripe-Signature header, exactly as Stripe would send it.
//
// Stripe's own events name the subscription by id on checkout sessions and invoices; these carry
// the subscription expanded instead, because the local webhook has no Stripe API to re-fetch it
// from and reads the object the event carries (see docs/decisions/031-local-webhook-snapshots.md).
import Stripe from 'stripe';
import { TERMS_MONTHLY_USD, TRIAL_HOURS } from '../../domain/business-rules.ts';

export const LOCAL_PRICE_ID = 'price_local_monthly';
const MONTH_SECONDS = 30 * 24 * 3600;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

type Json = Record<string, unknown>;

/** What the fake Stripe remembers about one subscription. */
export interface LocalSubscription {
  id: string;
  customer: string;
  itemId: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  created: number;
  trialStart: number | null;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  latestInvoice: string | null;
  /** The client_reference_id of its checkout (the app's user id), for listing. */
  clientReferenceId: string | null;
  email: string | null;
  /** `created` of its newest event: each new snapshot gets a strictly later one. */
  lastEventCreated: number;
}

export interface StripeEventJson extends Json {
  id: string;
  type: string;
  created: number;
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The subscription as Stripe's API returns it (billing period on the item since API basil). */
export function subscriptionObject(sub: LocalSubscription): Json {
  return {
    id: sub.id,
    object: 'subscription',
    billing_cycle_anchor: sub.periodStart,
    cancel_at: sub.cancelAt,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.canceledAt,
    collection_method: 'charge_automatically',
    created: sub.created,
    currency: 'usd',
    customer: sub.customer,
    ended_at: sub.endedAt,
    items: {
      object: 'list',
      data: [
        {
          id: sub.itemId,
          object: 'subscription_item',
          created: sub.created,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          price: {
            id: LOCAL_PRICE_ID,
            object: 'price',
            active: true,
            currency: 'usd',
            recurring: { interval: 'month', interval_count: 1 },
            type: 'recurring',
            unit_amount: TERMS_MONTHLY_USD * 100,
          },
          quantity: 1,
          subscription: sub.id,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    },
    latest_invoice: sub.latestInvoice,
    livemode: false,
    metadata: {},
    start_date: sub.created,
    status: sub.status,
    trial_end: sub.trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: sub.trialStart,
  };
}

function eventOf(type: string, object: Json, created: number): StripeEventJson {
  return {
    id: randomId('evt_local'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

function invoiceObject(sub: LocalSubscription, paid: boolean, amount: number, reason: string): Json {
  const id = randomId('in_local');
  sub.latestInvoice = id;
  return {
    id,
    object: 'invoice',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: nowSeconds(),
    currency: 'usd',
    customer: sub.customer,
    customer_email: sub.email,
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      // Expanded (see the header comment); Stripe sends the id here.
      subscription_details: { metadata: {}, subscription: subscriptionObject(sub) },
    },
    period_end: sub.periodEnd,
    period_start: sub.periodStart,
    status: paid ? 'paid' : 'open',
  };
}

/** Signs a payload as Stripe does: `t=<seconds>,v1=hex(HMAC-SHA256(secret, "<t>.<payload>"))`. */
export function signPayload(payload: string, secret: string, timestamp = nowSeconds()): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider });
}

export interface Delivery {
  id: string;
  type: string;
  status: number;
  result: string;
}

/** POSTs one event to the webhook with a valid signature; returns what the webhook answered. */
export async function deliverEvent(
  webhookUrl: string,
  secret: string,
  event: StripeEventJson,
): Promise<Delivery> {
  const payload = JSON.stringify(event);
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': await signPayload(payload, secret) },
    body: payload,
  });
  const text = await response.text();
  let result = text;
  try {
    result = String((JSON.parse(text) as { result?: unknown }).result ?? text);
  } catch {
    // a plain-text error body
  }
  return { id: event.id, type: event.type, status: response.status, result };
}

export type Transition =
  | 'renew'
  | 'trial-end'
  | 'payment-failed'
  | 'cancel-at-period-end'
  | 'resume'
  | 'update-card'
  | 'period-end'
  | 'delete';
export const TRANSITIONS: readonly Transition[] = [
  'renew',
  'trial-end',
  'payment-failed',
  'cancel-at-period-end',
  'resume',
  'update-card',
  'period-end',
  'delete',
];

/** What the Customer Portal lets a customer do (cancel at period end, resume, update the card). */
export type PortalAction = Extract<Transition, 'cancel-at-period-end' | 'resume' | 'update-card'>;

/** A Customer Portal session: whose portal it is, where it returns, until when it works. */
export interface PortalSession {
  id: string;
  customer: string;
  returnUrl: string;
  expiresAt: number;
}

/** Stripe's portal sessions are short-lived; this one works for an hour. */
const PORTAL_SESSION_SECONDS = 3600;

/**
 * The most subscriptions and portal sessions kept in memory. Past them the oldest are forgotten
 * (a forgotten subscription's row in the database stays; only the test API and the portal lose it),
 * so no stream of requests grows the process without bound (issue 25 finding 8).
 */
export const MAX_SUBSCRIPTIONS = 5_000;
export const MAX_PORTAL_SESSIONS = 1_000;

/** Drops a Map's oldest entries (insertion order) until it holds at most `max`. */
function keepNewest<K, V>(map: Map<K, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}

/** The fake Stripe account: its subscriptions, and the events each change produces. */
export class FakeStripe {
  readonly subscriptions = new Map<string, LocalSubscription>();
  private readonly portalSessions = new Map<string, PortalSession>();

  /** How many subscriptions and portal sessions are held (bounded: see MAX_SUBSCRIPTIONS). */
  get held(): { subscriptions: number; portalSessions: number } {
    return { subscriptions: this.subscriptions.size, portalSessions: this.portalSessions.size };
  }

  /** A Customer Portal session for a customer (billingPortal.sessions.create); null if unknown. */
  createPortalSession(customer: string, returnUrl: string): PortalSession | null {
    if (![...this.subscriptions.values()].some((sub) => sub.customer === customer)) return null;
    const session: PortalSession = {
      // Unguessable: the session id is what authorises the portal page.
      id: `bps_local_${crypto.randomUUID().replaceAll('-', '')}`,
      customer,
      returnUrl,
      expiresAt: nowSeconds() + PORTAL_SESSION_SECONDS,
    };
    // Expired sessions are pruned as new ones are made, and the newest MAX_PORTAL_SESSIONS kept.
    const now = nowSeconds();
    for (const [id, held] of this.portalSessions) if (held.expiresAt <= now) this.portalSessions.delete(id);
    this.portalSessions.set(session.id, session);
    keepNewest(this.portalSessions, MAX_PORTAL_SESSIONS);
    return session;
  }

  /** A portal session that still works, or null. */
  portalSession(id: string): PortalSession | null {
    const session = this.portalSessions.get(id);
    return session && session.expiresAt > nowSeconds() ? session : null;
  }

  /** The customer's subscription the portal manages: the newest one. */
  portalSubscription(customer: string): LocalSubscription | null {
    const mine = [...this.subscriptions.values()].filter((sub) => sub.customer === customer);
    return mine.sort((a, b) => b.created - a.created)[0] ?? null;
  }

  /** The snapshot's `created`: strictly later than the subscription's previous one, so versions never tie. */
  private stamp(sub: LocalSubscription): number {
    sub.lastEventCreated = Math.max(nowSeconds(), sub.lastEventCreated + 1);
    return sub.lastEventCreated;
  }

  /**
   * A completed Payment Link checkout with a trial: the subscription (trialing, ends in 24 h), and
   * the three events Stripe sends about it, in the order Stripe usually delivers them.
   */
  startTrial(opts: { clientReferenceId: string | null; email: string | null; successUrl: string }): {
    sessionId: string;
    subscription: LocalSubscription;
    events: StripeEventJson[];
  } {
    const now = nowSeconds();
    const trialEnd = now + TRIAL_HOURS * 3600;
    const sub: LocalSubscription = {
      id: randomId('sub_local'),
      customer: randomId('cus_local'),
      itemId: randomId('si_local'),
      status: 'trialing',
      created: now,
      trialStart: now,
      trialEnd,
      periodStart: now,
      periodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      latestInvoice: null,
      clientReferenceId: opts.clientReferenceId,
      email: opts.email,
      lastEventCreated: 0,
    };
    this.subscriptions.set(sub.id, sub);
    keepNewest(this.subscriptions, MAX_SUBSCRIPTIONS);
    const invoice = invoiceObject(sub, true, 0, 'subscription_create');
    const created = this.stamp(sub);
    const sessionId = randomId('cs_test_local');
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: 0,
      amount_total: 0,
      client_reference_id: opts.clientReferenceId,
      created: now,
      currency: 'usd',
      customer: sub.customer,
      customer_details: { email: opts.email },
      invoice: invoice.id,
      livemode: false,
      mode: 'subscription',
      payment_link: 'plink_local_trial',
      // A trial owes nothing today: Stripe reports no_payment_required, not paid.
      payment_status: 'no_payment_required',
      status: 'complete',
      subscription: subscriptionObject(sub),
      success_url: opts.successUrl,
    };
    return {
      sessionId,
      subscription: sub,
      events: [
        eventOf('customer.subscription.created', subscriptionObject(sub), created),
        eventOf('invoice.paid', invoice, created),
        eventOf('checkout.session.completed', session, created),
      ],
    };
  }

  /** Moves a subscription one step through its life, as of now; returns the events Stripe would send. */
  apply(subscriptionId: string, transition: Transition): StripeEventJson[] | null {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) return null;
    const now = nowSeconds();
    const amount = TERMS_MONTHLY_USD * 100;
    // Ending the trial starts the first period now; a renewal starts the next period where the
    // current one ends (the test moves to that renewal without waiting a month).
    const startPeriod = () => {
      sub.periodStart = sub.status === 'trialing' ? now : sub.periodEnd;
      sub.periodEnd = sub.periodStart + MONTH_SECONDS;
    };
    // A cycle invoice (paid or failed) and the subscription's new state, stamped alike.
    const invoiceThenUpdate = (paid: boolean): StripeEventJson[] => {
      const invoice = invoiceObject(sub, paid, amount, 'subscription_cycle');
      const created = this.stamp(sub);
      return [
        eventOf(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, created),
        eventOf('customer.subscription.updated', subscriptionObject(sub), created),
      ];
    };
    switch (transition) {
      // The trial ends now and the first monthly charge succeeds.
      case 'trial-end': {
        sub.trialEnd = Math.min(sub.trialEnd ?? now, now);
        startPeriod();
        sub.status = 'active';
        const invoice = invoiceObject(sub, true, amount, 'subscription_cycle');
        const created = this.stamp(sub);
        return [
          eventOf('customer.subscription.updated', subscriptionObject(sub), created),
          eventOf('invoice.paid', invoice, created),
        ];
      }
      // The period ends now and the renewal is paid.
      case 'renew': {
        if (sub.status === 'trialing') sub.trialEnd = Math.min(sub.trialEnd ?? now, now);
        startPeriod();
        sub.status = 'active';
        return invoiceThenUpdate(true);
      }
      // The current period (or the trial) ends now and its charge fails: past_due while Stripe retries.
      case 'payment-failed': {
        if (sub.status === 'trialing') sub.trialEnd = Math.min(sub.trialEnd ?? now, now);
        startPeriod();
        sub.status = 'past_due';
        return invoiceThenUpdate(false);
      }
      // The customer cancels in the portal: access continues to the end of the period (or trial).
      case 'cancel-at-period-end': {
        sub.cancelAtPeriodEnd = true;
        sub.cancelAt = sub.status === 'trialing' ? (sub.trialEnd ?? sub.periodEnd) : sub.periodEnd;
        sub.canceledAt = now;
        return [eventOf('customer.subscription.updated', subscriptionObject(sub), this.stamp(sub))];
      }
      // The customer takes the cancellation back before the period ends (the portal's Renew).
      case 'resume': {
        if (!sub.cancelAtPeriodEnd && sub.cancelAt === null) return [];
        sub.cancelAtPeriodEnd = false;
        sub.cancelAt = null;
        sub.canceledAt = null;
        return [eventOf('customer.subscription.updated', subscriptionObject(sub), this.stamp(sub))];
      }
      // A new card: a past-due invoice is paid with it at once; otherwise nothing changes that the
      // app hears of (Stripe sends customer and payment-method events only).
      case 'update-card': {
        if (sub.status !== 'past_due') return [];
        sub.status = 'active';
        return invoiceThenUpdate(true);
      }
      // The current period (or trial) ends now: a cancelled subscription ends, any other renews.
      case 'period-end': {
        if (sub.cancelAtPeriodEnd || sub.cancelAt !== null) {
          sub.status = 'canceled';
          sub.endedAt = now;
          return [eventOf('customer.subscription.deleted', subscriptionObject(sub), this.stamp(sub))];
        }
        return this.apply(subscriptionId, sub.status === 'trialing' ? 'trial-end' : 'renew');
      }
      // The subscription ends now (immediate cancel, or the end of a cancelled period).
      case 'delete': {
        sub.status = 'canceled';
        sub.canceledAt ??= now;
        sub.endedAt = now;
        return [eventOf('customer.subscription.deleted', subscriptionObject(sub), this.stamp(sub))];
      }
    }
  }
}
