// `deno test` (run by npm test through scripts/check-edge-functions.ts): the webhook handler in the
// Edge Runtime's engine, with Stripe's SubtleCrypto signature check, Deno's Request and Response.
// The handler's full behaviour is covered under Node in tests/server/webhook-handler.test.ts; this
// proves the same module works under Deno.
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { type ApplySubscriptionArgs, createStripeWebhookHandler } from './handler.ts';

const SECRET = 'whsec_deno_test_secret';
const USER = '6f1c7a2e-0b7d-4a44-9d0e-2f5b8f3c1a90';
const cryptoProvider = Stripe.createSubtleCryptoProvider();

function setup() {
  const applied: ApplySubscriptionArgs[] = [];
  const handle = createStripeWebhookHandler({
    webhookSecret: SECRET,
    retrieveSubscription: async (id) => ({
      subscription: {
        id,
        object: 'subscription',
        customer: 'cus_1',
        status: 'trialing',
        items: { data: [] },
      } as unknown as Stripe.Subscription,
      version: new Date(1000),
    }),
    applySubscription: async (args) => {
      applied.push(args);
      return 'applied';
    },
    log: () => {},
  });
  return { handle, applied };
}

async function request(body: unknown, secret = SECRET): Promise<Request> {
  const payload = JSON.stringify(body);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
  return new Request('http://local/functions/v1/stripe-webhook', {
    method: 'POST',
    headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' },
    body: payload,
  });
}

const checkoutCompleted = {
  id: 'evt_deno',
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: {
    object: {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_1',
      payment_status: 'no_payment_required',
      client_reference_id: USER,
    },
  },
};

Deno.test('a signed checkout is applied once, linked to the user it names', async () => {
  const { handle, applied } = setup();
  const response = await handle(await request(checkoutCompleted));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { received: true, result: 'applied' });
  assert.equal(applied.length, 1);
  assert.equal(applied[0]?.p_event_id, 'evt_deno');
  assert.equal(applied[0]?.p_user_id, USER);
  assert.equal(applied[0]?.p_subscription.id, 'sub_1');
});

Deno.test('a wrong signature is refused with a 400 and nothing is applied', async () => {
  const { handle, applied } = setup();
  const response = await handle(await request(checkoutCompleted, 'whsec_someone_else'));
  assert.equal(response.status, 400);
  assert.match(await response.text(), /^signature verification failed/);
  assert.equal(applied.length, 0);
});
