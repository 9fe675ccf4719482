// The webhook handler module on its own, with its dependencies faked: which subscription each event
// concerns, how the user is linked, what is acknowledged, and that nothing is applied unless the
// signature checks out. Production mode: the subscription is re-fetched, so any order of delivery
// stores the latest state.
import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import {
  type ApplySubscriptionArgs,
  createStripeWebhookHandler,
  type SubscriptionSnapshot,
} from '../../supabase/functions/stripe-webhook/handler.ts';

const SECRET = 'whsec_handler_test_secret';
const USER = '6f1c7a2e-0b7d-4a44-9d0e-2f5b8f3c1a90';
const crypto = Stripe.createSubtleCryptoProvider();
const now = () => Math.floor(Date.now() / 1000);

function subscription(status: string, extra: Record<string, unknown> = {}) {
  return { id: 'sub_1', object: 'subscription', customer: 'cus_1', status, items: { data: [] }, ...extra };
}

function event(type: string, object: Record<string, unknown>, id = `evt_${Math.random()}`) {
  return { id, object: 'event', type, created: now(), livemode: false, data: { object } };
}

async function signed(body: unknown, secret = SECRET, timestamp = now()): Promise<Request> {
  const payload = JSON.stringify(body);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: crypto,
  });
  return new Request('http://local/functions/v1/stripe-webhook', {
    method: 'POST',
    headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' },
    body: payload,
  });
}

/** A handler over a fake Stripe API whose subscription state the test sets. */
function setup() {
  const stripeState = new Map<string, ReturnType<typeof subscription>>();
  const applied: ApplySubscriptionArgs[] = [];
  const retrieved: string[] = [];
  const logs: string[] = [];
  let fetches = 0;
  const handle = createStripeWebhookHandler({
    webhookSecret: SECRET,
    async retrieveSubscription(id): Promise<SubscriptionSnapshot | null> {
      retrieved.push(id);
      const current = stripeState.get(id);
      if (!current) throw new Error(`No such subscription: ${id}`);
      fetches += 1;
      return { subscription: current as unknown as Stripe.Subscription, version: new Date(fetches * 1000) };
    },
    async applySubscription(args) {
      applied.push(args);
      return 'applied';
    },
    log: (line) => logs.push(line),
  });
  return { handle, stripeState, applied, retrieved, logs };
}

/** A completed subscription checkout for sub_1, with the fields a test varies. */
function checkoutSession(fields: Record<string, unknown>) {
  return { id: 'cs_1', object: 'checkout.session', mode: 'subscription', subscription: 'sub_1', ...fields };
}

describe('stripe-webhook handler', () => {
  test('a trial checkout links the user although payment_status is no_payment_required', async () => {
    const { handle, stripeState, applied } = setup();
    stripeState.set('sub_1', subscription('trialing'));
    const session = checkoutSession({
      payment_status: 'no_payment_required',
      client_reference_id: USER,
    });
    const response = await handle(await signed(event('checkout.session.completed', session, 'evt_cs')));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: 'applied' });
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({
      p_event_id: 'evt_cs',
      p_event_type: 'checkout.session.completed',
      p_user_id: USER,
      p_subscription: { id: 'sub_1', status: 'trialing' },
      p_source_version: new Date(1000).toISOString(),
    });
  });

  test.each([['User/42'], ['not-a-uuid'], [null]])(
    'client_reference_id %s is not used to link: the checkout’s email is passed on to link by',
    async (reference) => {
      const { handle, stripeState, applied, logs } = setup();
      stripeState.set('sub_1', subscription('trialing'));
      const session = checkoutSession({
        client_reference_id: reference,
        customer_details: { email: 'ada@example.com' },
      });
      expect((await handle(await signed(event('checkout.session.completed', session)))).status).toBe(200);
      expect(applied[0]?.p_user_id).toBeNull();
      expect(applied[0]?.p_checkout_email).toBe('ada@example.com');
      expect(logs.join('\n')).not.toMatch(/no usable client_reference_id/);
    },
  );

  test('a checkout with neither a usable client_reference_id nor an email is logged for reconciliation', async () => {
    const { handle, stripeState, applied, logs } = setup();
    stripeState.set('sub_1', subscription('trialing'));
    const session = checkoutSession({
      client_reference_id: null,
      customer_details: { email: null },
    });
    expect((await handle(await signed(event('checkout.session.completed', session)))).status).toBe(200);
    expect(applied[0]).toMatchObject({ p_user_id: null, p_checkout_email: null });
    expect(logs.join('\n')).toMatch(/no usable client_reference_id and no email/);
  });

  test('a linked checkout does not pass its email on (the account id decides)', async () => {
    const { handle, stripeState, applied } = setup();
    stripeState.set('sub_1', subscription('trialing'));
    const session = checkoutSession({
      client_reference_id: USER,
      customer_details: { email: 'someone-else@example.com' },
    });
    expect((await handle(await signed(event('checkout.session.completed', session)))).status).toBe(200);
    expect(applied[0]).toMatchObject({ p_user_id: USER, p_checkout_email: null });
  });

  test('invoice events find the subscription under parent.subscription_details (API basil and later)', async () => {
    const { handle, stripeState, applied, retrieved } = setup();
    stripeState.set('sub_1', subscription('past_due'));
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      // The pre-basil field is ignored even when present.
      subscription: 'sub_old',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
    };
    expect((await handle(await signed(event('invoice.payment_failed', invoice)))).status).toBe(200);
    expect((await handle(await signed(event('invoice.paid', invoice)))).status).toBe(200);
    expect(retrieved).toEqual(['sub_1', 'sub_1']);
    expect(applied.map((a) => a.p_subscription.status)).toEqual(['past_due', 'past_due']);
  });

  test('subscription events re-fetch: whatever the delivery order, the stored state is the latest', async () => {
    const { handle, stripeState, applied } = setup();
    const created = event('customer.subscription.created', subscription('trialing'));
    const updated = event('customer.subscription.updated', subscription('active'));
    stripeState.set('sub_1', subscription('active'));
    // Delivered newest first: both writes carry Stripe's current state, the later fetch the later version.
    await handle(await signed(updated));
    await handle(await signed(created));
    expect(applied.map((a) => [a.p_subscription.status, a.p_source_version])).toEqual([
      ['active', new Date(1000).toISOString()],
      ['active', new Date(2000).toISOString()],
    ]);
  });

  test.each([
    ['customer.subscription.trial_will_end', subscription('trialing')],
    ['invoice.created', { id: 'in_1', object: 'invoice', parent: null }],
    [
      'checkout.session.completed',
      { id: 'cs_1', object: 'checkout.session', mode: 'payment', subscription: null },
    ],
    ['charge.succeeded', { id: 'ch_1', object: 'charge' }],
  ])('%s is acknowledged with 2xx and nothing is written', async (type, object) => {
    const { handle, applied, retrieved } = setup();
    const response = await handle(await signed(event(type, object)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: 'ignored' });
    expect(applied).toEqual([]);
    expect(retrieved).toEqual([]);
  });

  test('a failing re-fetch or write answers 500 so that Stripe retries', async () => {
    const { handle } = setup();
    const response = await handle(
      await signed(event('customer.subscription.updated', subscription('active'))),
    );
    expect(response.status).toBe(500);
  });

  test('bad requests are refused before anything is read or written', async () => {
    const { handle, stripeState, applied, retrieved } = setup();
    stripeState.set('sub_1', subscription('active'));
    const body = event('customer.subscription.updated', subscription('active'));
    const good = await signed(body);
    const header = good.headers.get('stripe-signature') ?? '';

    const unsigned = new Request(good.url, { method: 'POST', body: JSON.stringify(body) });
    const tampered = new Request(good.url, {
      method: 'POST',
      headers: { 'Stripe-Signature': header },
      body: JSON.stringify({ ...body, type: 'customer.subscription.deleted' }),
    });
    const reserialized = new Request(good.url, {
      method: 'POST',
      headers: { 'Stripe-Signature': header },
      body: JSON.stringify(body, null, 2),
    });
    const garbage = new Request(good.url, {
      method: 'POST',
      headers: { 'Stripe-Signature': 'garbage' },
      body: JSON.stringify(body),
    });
    const cases: Array<[string, Request, number]> = [
      ['unsigned', unsigned, 400],
      ['tampered', tampered, 400],
      ['re-serialised', reserialized, 400],
      ['malformed header', garbage, 400],
      ['wrong secret', await signed(body, 'whsec_someone_else'), 400],
      ['secret without its prefix', await signed(body, SECRET.slice('whsec_'.length)), 400],
      ['301 s old', await signed(body, SECRET, now() - 301), 400],
      ['GET', new Request(good.url), 405],
    ];
    for (const [name, request, status] of cases) {
      const response = await handle(request);
      expect(response.status, name).toBe(status);
    }
    expect(applied).toEqual([]);
    expect(retrieved).toEqual([]);

    // Still inside the tolerance: accepted.
    expect((await handle(await signed(body, SECRET, now() - 290))).status).toBe(200);
  });

  test('with no webhook secret configured, everything is refused', async () => {
    const handle = createStripeWebhookHandler({
      webhookSecret: '',
      retrieveSubscription: async () => null,
      applySubscription: async () => 'applied',
    });
    const response = await handle(await signed(event('invoice.paid', { id: 'in_1', object: 'invoice' })));
    expect(response.status).toBe(500);
  });
});

describe('stripe-webhook handler limits (issue "Hardening")', () => {
  test('a signature or event dated beyond the tolerance in the future is refused', async () => {
    const { handle, stripeState, applied } = setup();
    stripeState.set('sub_1', subscription('active'));
    const body = event('customer.subscription.updated', subscription('active'));
    expect((await handle(await signed(body, SECRET, now() + 301))).status).toBe(400);
    expect((await handle(await signed({ ...body, created: now() + 3600 }))).status).toBe(400);
    expect(applied).toEqual([]);
    // Clock skew inside the tolerance is fine.
    expect((await handle(await signed(body, SECRET, now() + 60))).status).toBe(200);
  });

  test('a body over 1 MB is refused with 413 JSON, a declared length before anything is read', async () => {
    const { handle, applied } = setup();
    let pulled = 0;
    // 3 MB in 64 KB chunks, counting how many were read.
    const threeMegabytes = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(64 * 1024));
          if (pulled >= 48) controller.close();
        },
      });
    const declared = new Request('http://local/functions/v1/stripe-webhook', {
      method: 'POST',
      headers: { 'Stripe-Signature': 't=1,v1=00', 'Content-Length': String(2 * 1024 * 1024) },
      body: threeMegabytes(),
      duplex: 'half',
    } as RequestInit);
    const response = await handle(declared);
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect((await response.json()).message).toMatch(/too large/i);
    expect(pulled).toBeLessThanOrEqual(1);

    // Without a length (chunked): reading stops at the limit.
    pulled = 0;
    const undeclared = new Request('http://local/functions/v1/stripe-webhook', {
      method: 'POST',
      headers: { 'Stripe-Signature': 't=1,v1=00' },
      body: threeMegabytes(),
      duplex: 'half',
    } as RequestInit);
    expect((await handle(undeclared)).status).toBe(413);
    expect(pulled).toBeLessThan(48);
    expect(applied).toEqual([]);

    // A body under the limit is read and checked as before.
    const small = await signed({ ...event('invoice.paid', {}), padding: 'x'.repeat(900 * 1024) });
    expect((await handle(small)).status).toBe(200);
  });
});
