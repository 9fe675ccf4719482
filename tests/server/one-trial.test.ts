// One free trial per student, decided in SQL (supabase/migrations/*_one_trial_per_student.sql):
// after a subscription ends, a new trial checkout is recorded but grants nothing, whatever order
// its signed webhook events arrive in; paying still grants access.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverEvent, FakeStripe, type StripeEventJson } from '../../server/payments/fake-stripe.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET, WEBHOOK_PATH } from '../../server/payments/routes.ts';
import { createConfirmedUser, type LocalBackend, startTestBackend } from '../support/backend.ts';

let backend: LocalBackend;
let counter = 0;

beforeAll(async () => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const newUser = () => createConfirmedUser(backend, `one-trial${++counter}-${Date.now()}@example.com`);

async function deliver(events: StripeEventJson[]) {
  for (const event of events) {
    const delivery = await deliverEvent(`${backend.url}${WEBHOOK_PATH}`, LOCAL_STRIPE_WEBHOOK_SECRET, event);
    expect(delivery.status).toBe(200);
  }
}

async function hasAccess(userId: string): Promise<boolean> {
  const result = await backend.db.query<{ ok: boolean }>('select private.user_has_access($1, now()) as ok', [
    userId,
  ]);
  return result.rows[0]?.ok ?? false;
}

async function statusOf(id: string): Promise<string | undefined> {
  const result = await backend.db.query<{ status: string; user_id: string }>(
    'select status, user_id from public.subscriptions where stripe_subscription_id = $1',
    [id],
  );
  return result.rows[0]?.status;
}

/** Trial checkout, then the subscription is deleted: the first trial is used up. */
async function usedTrial(stripe: FakeStripe, userId: string) {
  const first = stripe.startTrial({
    clientReferenceId: userId,
    email: null,
    successUrl: 'http://localhost:5173',
  });
  await deliver(first.events);
  expect(await hasAccess(userId)).toBe(true);
  await deliver(stripe.apply(first.subscription.id, 'delete') ?? []);
  expect(await hasAccess(userId)).toBe(false);
  // trial_start has second resolution: the next checkout starts in a later second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
}

describe('one trial per student', () => {
  test.each([
    ['in order', [0, 1, 2]],
    ['reversed', [2, 1, 0]],
    ['checkout completed first', [1, 0, 2]],
    ['checkout completed last', [0, 2, 1]],
  ] as const)(
    'a second trial after the first ended is recorded but grants nothing (%s)',
    async (_, order) => {
      const user = await newUser();
      const stripe = new FakeStripe();
      await usedTrial(stripe, user.id);
      const second = stripe.startTrial({
        clientReferenceId: user.id,
        email: null,
        successUrl: 'http://localhost:5173',
      });
      await deliver(order.map((i) => second.events[i] as StripeEventJson));
      expect(await statusOf(second.subscription.id)).toBe('trialing');
      expect(await hasAccess(user.id)).toBe(false);

      // Paying for it (the trial ends and the charge succeeds) grants access.
      await deliver(stripe.apply(second.subscription.id, 'trial-end') ?? []);
      expect(await statusOf(second.subscription.id)).toBe('active');
      expect(await hasAccess(user.id)).toBe(true);
    },
  );

  test('the first trial still grants; another student’s trial does not count', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const stripe = new FakeStripe();
    await usedTrial(stripe, a.id);
    const trial = stripe.startTrial({
      clientReferenceId: b.id,
      email: null,
      successUrl: 'http://localhost:5173',
    });
    await deliver(trial.events);
    expect(await hasAccess(b.id)).toBe(true);
  });
});

describe('a checkout never links to an account that has not confirmed its address (issue 25 finding 5)', () => {
  async function checkout(fields: { client_reference_id?: string; email?: string }) {
    const response = await fetch(`${backend.url}/_checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'start', ...fields }),
    });
    expect(response.status).toBe(303);
  }
  const linkedSubscriptions = async (userId: string) =>
    (
      await backend.db.query<{ n: number }>(
        'select count(*)::int as n from public.subscriptions where user_id = $1',
        [userId],
      )
    ).rows[0]?.n;
  /** An account as anyone's /signup leaves it: unconfirmed, its id in the signup's answer. */
  async function preRegistered(email: string): Promise<string> {
    const response = await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'attacker-chose-this' }),
    });
    return ((await response.json()) as { id: string }).id;
  }

  test("a checkout naming an unconfirmed account's id (from anyone's /signup) does not start its trial", async () => {
    const email = `unconfirmed-ref${++counter}-${Date.now()}@example.com`;
    const userId = await preRegistered(email);
    // Before: the trial was linked to the account at once, burnt before its owner ever signed in.
    await checkout({ client_reference_id: userId });
    expect(await linkedSubscriptions(userId)).toBe(0);
    expect(await hasAccess(userId)).toBe(false);
  });

  test("a checkout by an unconfirmed account's email does not start its trial either", async () => {
    const email = `unconfirmed-email${++counter}-${Date.now()}@example.com`;
    const userId = await preRegistered(email);
    await checkout({ email });
    expect(await linkedSubscriptions(userId)).toBe(0);
  });

  test("a confirmed student's own id still starts the trial at once", async () => {
    const user = await newUser();
    await checkout({ client_reference_id: user.id });
    expect(await hasAccess(user.id)).toBe(true);
  });
});
