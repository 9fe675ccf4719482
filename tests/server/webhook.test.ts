// The local backend's /functions/v1/stripe-webhook end to end (signature → handler → service-role
// RPC → subscriptions), the test checkout page and the test-only API: valid, tampered, stale,
// unsigned and wrong-secret requests; every delivery order of a trial checkout; duplicates; and
// entitlement at the exact boundaries, with the SQL's explicit clock (private.user_has_access).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeStripe, type StripeEventJson, signPayload } from '../../server/payments/fake-stripe.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET, TEST_API_ENV, WEBHOOK_PATH } from '../../server/payments/routes.ts';
import {
  createConfirmedUser,
  createTestClient,
  type LocalBackend,
  startTestBackend,
  testApiFetch,
} from '../support/backend.ts';

const SITE_URL = 'http://app.test:5173';
const PASSWORD = 'correct-horse-9';
const HOUR = 3600;
const DAY = 24 * HOUR;

let backend: LocalBackend;
let counter = 0;

beforeAll(async () => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  process.env[TEST_API_ENV] = '1';
  backend = await startTestBackend({ siteUrl: SITE_URL });
  delete process.env[TEST_API_ENV];
});
afterAll(() => backend.close());

const newUser = () => createConfirmedUser(backend, `pay${++counter}-${Date.now()}@example.com`, PASSWORD);

async function post(
  event: unknown,
  opts: { secret?: string; timestamp?: number; header?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    opts.header === undefined
      ? await signPayload(payload, opts.secret ?? LOCAL_STRIPE_WEBHOOK_SECRET, opts.timestamp)
      : opts.header;
  const response = await fetch(`${backend.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(header === null ? {} : { 'Stripe-Signature': header }),
    },
    body: payload,
  });
  const text = await response.text();
  return {
    status: response.status,
    result: response.ok ? (JSON.parse(text) as { result: string }).result : text,
  };
}

interface Row {
  stripe_subscription_id: string;
  user_id: string | null;
  status: string;
  trial_end: Date | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  cancel_at: Date | null;
  source_version: Date;
  source_event_id: string | null;
  updated_at: Date;
}

async function row(subscriptionId: string): Promise<Row | undefined> {
  const result = await backend.db.query<Row>(
    'select * from public.subscriptions where stripe_subscription_id = $1',
    [subscriptionId],
  );
  return result.rows[0];
}

async function eventsRecorded(ids: string[]): Promise<number> {
  const result = await backend.db.query<{ n: number }>(
    'select count(*)::int as n from private.stripe_events where event_id = any($1)',
    [ids],
  );
  return result.rows[0]?.n ?? 0;
}

async function hasAccess(userId: string, at: Date | number): Promise<boolean> {
  const instant = typeof at === 'number' ? new Date(at * 1000) : at;
  const result = await backend.db.query<{ ok: boolean }>('select private.user_has_access($1, $2) as ok', [
    userId,
    instant,
  ]);
  return result.rows[0]?.ok ?? false;
}

/** check_user_entitlement as the signed-in user, over HTTP with the real client (now). */
async function entitledNow(email: string, userId: string): Promise<boolean> {
  const client = createTestClient(backend);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  const { data, error: rpcError } = await client.rpc('check_user_entitlement', { check_user_id: userId });
  expect(rpcError).toBeNull();
  return data as boolean;
}

/** A trial checkout's events from the fake Stripe, for a user. */
function trialCheckout(userId: string | null) {
  const stripe = new FakeStripe();
  const trial = stripe.startTrial({
    clientReferenceId: userId,
    email: 'student@example.com',
    successUrl: SITE_URL,
  });
  return { stripe, ...trial };
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The row with ids and times made comparable across subscriptions created at different instants. */
function normalized(r: Row | undefined, userId: string, base: number, lastEvent: string) {
  if (!r) return undefined;
  const rel = (d: Date | null) => (d ? d.getTime() / 1000 - base : null);
  return {
    user: r.user_id === userId ? 'the user' : r.user_id,
    status: r.status,
    trialEnd: rel(r.trial_end),
    periodStart: rel(r.current_period_start),
    periodEnd: rel(r.current_period_end),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    cancelAt: rel(r.cancel_at),
    version: rel(r.source_version),
    fromLastEvent: r.source_event_id === lastEvent,
  };
}

describe('signatures', () => {
  test('a correctly signed event is applied; tampered, stale, unsigned and wrong-secret ones write nothing', async () => {
    const user = await newUser();
    const { events, subscription } = trialCheckout(user.id);
    const created = events[0] as StripeEventJson;
    const payload = JSON.stringify(created);
    const header = await signPayload(payload, LOCAL_STRIPE_WEBHOOK_SECRET);
    const tamperedBody = JSON.stringify({
      ...created,
      data: { object: { ...(created.data as { object: object }).object, status: 'active' } },
    });

    const refused = [
      await post(created, { header: null }),
      await post(created, { header: '' }),
      await post(created, { header: 't=1,v1=00' }),
      await post(created, { secret: 'whsec_not_the_endpoint_secret' }),
      await post(created, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await fetch(`${backend.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'Stripe-Signature': header },
        body: tamperedBody,
      }).then((r) => ({ status: r.status, result: '' })),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(await row(subscription.id)).toBeUndefined();
    expect(await eventsRecorded([created.id])).toBe(0);

    expect(await post(created, { timestamp: Math.floor(Date.now() / 1000) - 290 })).toEqual({
      status: 200,
      result: 'applied',
    });
    expect((await row(subscription.id))?.status).toBe('trialing');
    expect(await eventsRecorded([created.id])).toBe(1);
  });

  test('other methods get 405; events the app does not use are acknowledged', async () => {
    expect((await fetch(`${backend.url}${WEBHOOK_PATH}`)).status).toBe(405);
    const other = {
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    };
    expect(await post(other)).toEqual({ status: 200, result: 'ignored' });
    expect(await eventsRecorded(['evt_other'])).toBe(0);
  });
});

describe('event order and duplicates', () => {
  test('every order of a trial checkout’s three events ends in the same linked, trialing row', async () => {
    const outcomes = new Set<string>();
    for (const order of permutations([0, 1, 2])) {
      const user = await newUser();
      const { events, subscription } = trialCheckout(user.id);
      for (const i of order) expect((await post(events[i])).status).toBe(200);
      const r = await row(subscription.id);
      outcomes.add(JSON.stringify(normalized(r, user.id, subscription.created, '')));
      expect(await hasAccess(user.id, new Date())).toBe(true);
    }
    expect(outcomes.size).toBe(1);
    expect(JSON.parse([...outcomes][0] as string)).toMatchObject({
      user: 'the user',
      status: 'trialing',
      trialEnd: DAY,
    });
  });

  test('every order of the checkout plus an ignored event and a later update ends in the update’s state', async () => {
    const outcomes = new Set<string>();
    let count = 0;
    // One user for all 120 checkouts (a user may own several subscriptions); each has its own row.
    const user = await newUser();
    for (const order of permutations([0, 1, 2, 3, 4])) {
      const { events, subscription, stripe } = trialCheckout(user.id);
      const willEnd = {
        ...(events[0] as StripeEventJson),
        id: `evt_will_end_${count++}`,
        type: 'customer.subscription.trial_will_end',
      };
      const [update] = stripe.apply(subscription.id, 'cancel-at-period-end') ?? [];
      const all = [...events, willEnd, update as StripeEventJson];
      for (const i of order) expect((await post(all[i])).status).toBe(200);
      outcomes.add(
        JSON.stringify(
          normalized(await row(subscription.id), user.id, subscription.created, update?.id ?? ''),
        ),
      );
    }
    expect(count).toBe(120);
    expect(outcomes.size).toBe(1);
    expect(JSON.parse([...outcomes][0] as string)).toMatchObject({
      user: 'the user',
      status: 'trialing',
      cancelAtPeriodEnd: true,
      cancelAt: DAY,
      fromLastEvent: true,
    });
  }, 120_000);

  test('each event delivered twice changes nothing the second time', async () => {
    const user = await newUser();
    const { events, subscription, stripe } = trialCheckout(user.id);
    const later = [
      ...(stripe.apply(subscription.id, 'trial-end') ?? []),
      ...(stripe.apply(subscription.id, 'payment-failed') ?? []),
    ];
    for (const event of [...events, ...later]) {
      expect((await post(event)).status).toBe(200);
      const before = await row(subscription.id);
      expect(await post(event)).toEqual({ status: 200, result: 'duplicate' });
      expect(await row(subscription.id)).toEqual(before);
    }
    // Delivered again at the very end, out of order, they are still duplicates.
    for (const event of events) expect((await post(event)).result).toBe('duplicate');
    expect((await row(subscription.id))?.status).toBe('past_due');
  });

  test('a late older snapshot is stale but still links the user; a link never re-points', async () => {
    const user = await newUser();
    const other = await newUser();
    const { events, subscription, stripe } = trialCheckout(user.id);
    const [created, , completed] = events as [StripeEventJson, StripeEventJson, StripeEventJson];
    const [update] = stripe.apply(subscription.id, 'cancel-at-period-end') ?? [];
    expect((await post(created)).result).toBe('applied');
    expect((await post(update)).result).toBe('applied');
    expect((await post(completed)).result).toBe('stale,linked');
    expect((await row(subscription.id))?.user_id).toBe(user.id);

    const hijack = JSON.parse(JSON.stringify(completed)) as StripeEventJson & {
      data: { object: { client_reference_id: string } };
    };
    hijack.id = 'evt_hijack';
    hijack.data.object.client_reference_id = other.id;
    expect((await post(hijack)).result).toBe('stale,user_conflict');
    expect((await row(subscription.id))?.user_id).toBe(user.id);
  });
});

describe('entitlement at the exact boundaries (explicit clock)', () => {
  /** Sends one signed customer.subscription.updated carrying this snapshot. */
  async function deliver(userId: string, fields: Record<string, unknown>) {
    const stripe = new FakeStripe();
    const { subscription, events } = stripe.startTrial({
      clientReferenceId: userId,
      email: null,
      successUrl: SITE_URL,
    });
    for (const event of events) await post(event);
    const sub = (events[0] as unknown as { data: { object: Record<string, unknown> } }).data.object;
    const { current_period_start, current_period_end, ...rest } = fields;
    const items = sub.items as { data: Array<Record<string, unknown>> };
    const item = { ...items.data[0], current_period_start, current_period_end };
    const update = {
      id: `evt_boundary_${++counter}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: subscription.lastEventCreated + 1,
      data: { object: { ...sub, ...rest, items: { ...items, data: [item] } } },
    };
    expect((await post(update)).result).toBe('applied');
  }

  const T = 1_900_000_000; // a fixed instant; every boundary below is relative to it

  test('trialing: access until trial_end, none at trial_end', async () => {
    const user = await newUser();
    await deliver(user.id, {
      status: 'trialing',
      trial_start: T - DAY,
      trial_end: T,
      current_period_start: T - DAY,
      current_period_end: T,
    });
    expect(await hasAccess(user.id, T - DAY)).toBe(true);
    expect(await hasAccess(user.id, T - 1)).toBe(true);
    expect(await hasAccess(user.id, T)).toBe(false);
  });

  test('active: until period end plus one day of renewal grace', async () => {
    const user = await newUser();
    await deliver(user.id, {
      status: 'active',
      trial_end: T - 30 * DAY,
      current_period_start: T - 30 * DAY,
      current_period_end: T,
    });
    expect(await hasAccess(user.id, T + DAY - 1)).toBe(true);
    expect(await hasAccess(user.id, T + DAY)).toBe(false);
  });

  test('cancelled at period end: until the period end exactly, no grace', async () => {
    const user = await newUser();
    await deliver(user.id, {
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: T,
      trial_end: T - 60 * DAY,
      current_period_start: T - 30 * DAY,
      current_period_end: T,
    });
    expect(await hasAccess(user.id, T - 1)).toBe(true);
    expect(await hasAccess(user.id, T)).toBe(false);
  });

  test('past_due after a renewal: three days of grace from the period start', async () => {
    const user = await newUser();
    await deliver(user.id, {
      status: 'past_due',
      trial_end: T - 60 * DAY,
      current_period_start: T,
      current_period_end: T + 30 * DAY,
    });
    expect(await hasAccess(user.id, T + 3 * DAY - 1)).toBe(true);
    expect(await hasAccess(user.id, T + 3 * DAY)).toBe(false);
  });

  test('past_due on the first charge after the trial: no grace at all', async () => {
    const user = await newUser();
    await deliver(user.id, {
      status: 'past_due',
      trial_end: T,
      current_period_start: T,
      current_period_end: T + 30 * DAY,
    });
    expect(await hasAccess(user.id, T)).toBe(false);
    expect(await hasAccess(user.id, T + HOUR)).toBe(false);
  });

  test('canceled: no access', async () => {
    const user = await newUser();
    await deliver(user.id, {
      status: 'canceled',
      ended_at: T - DAY,
      trial_end: T,
      current_period_start: T - DAY,
      current_period_end: T,
    });
    expect(await hasAccess(user.id, T - HOUR)).toBe(false);
  });
});

describe('test checkout page', () => {
  test('shows the plan, the prefilled email and both buttons; drops an invalid client_reference_id', async () => {
    const user = await newUser();
    const page = await fetch(
      `${backend.url}/_checkout?client_reference_id=${user.id}&prefilled_email=${encodeURIComponent(user.email)}`,
    ).then((r) => r.text());
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`value="${user.id}"`);
    expect(page).toContain(`value="${user.email}"`);
    expect(page).toMatch(/<button[^>]*value="start">Start trial<\/button>/);
    expect(page).toMatch(/<button[^>]*value="cancel">Cancel<\/button>/);

    const invalid = await fetch(`${backend.url}/_checkout?client_reference_id=User%2F42`).then((r) =>
      r.text(),
    );
    expect(invalid).toContain('name="client_reference_id" value=""');
    expect(invalid).toContain('Not signed in');
  });

  test('Start trial: signed events create a linked 24-hour trial, then 303 to the app’s /checkout/success', async () => {
    const user = await newUser();
    expect(await entitledNow(user.email, user.id)).toBe(false);
    const response = await fetch(`${backend.url}/_checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'start', client_reference_id: user.id, email: user.email }),
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/checkout/success`);
    expect(location.searchParams.get('session_id')).toMatch(/^cs_test_/);

    const rows = await backend.db.query<Row>('select * from public.subscriptions where user_id = $1', [
      user.id,
    ]);
    expect(rows.rows).toHaveLength(1);
    const trial = rows.rows[0] as Row;
    expect(trial.status).toBe('trialing');
    const length = ((trial.trial_end?.getTime() ?? 0) - Date.now()) / 1000;
    expect(Math.abs(length - DAY)).toBeLessThan(10);
    expect(await entitledNow(user.email, user.id)).toBe(true);
  });

  test('Cancel: 303 to the app’s /checkout/cancel and nothing written', async () => {
    const user = await newUser();
    const response = await fetch(`${backend.url}/_checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'cancel', client_reference_id: user.id }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SITE_URL}/checkout/cancel`);
    const rows = await backend.db.query('select 1 from public.subscriptions where user_id = $1', [user.id]);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('test-only API', () => {
  async function startTrialFor(userId: string, email: string): Promise<string> {
    await fetch(`${backend.url}/_checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'start', client_reference_id: userId, email }),
    });
    const list = (await testApiFetch(backend, `/_test/subscriptions?client_reference_id=${userId}`).then(
      (r) => r.json(),
    )) as Array<{ id: string }>;
    expect(list).toHaveLength(1);
    return (list[0] as { id: string }).id;
  }

  async function move(id: string, transition: string) {
    const response = await testApiFetch(backend, `/_test/subscriptions/${id}/${transition}`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { deliveries: Array<{ status: number; result: string }> };
    for (const delivery of body.deliveries) {
      expect(delivery.status).toBe(200);
      expect(delivery.result).toMatch(/^applied/);
    }
  }

  test('trial ends and is paid, renews, is cancelled at period end, then deleted', async () => {
    const user = await newUser();
    const id = await startTrialFor(user.id, user.email);
    await move(id, 'trial-end');
    expect((await row(id))?.status).toBe('active');
    expect(await entitledNow(user.email, user.id)).toBe(true);
    await move(id, 'renew');
    await move(id, 'cancel-at-period-end');
    expect(await row(id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await entitledNow(user.email, user.id)).toBe(true);
    await move(id, 'delete');
    expect((await row(id))?.status).toBe('canceled');
    expect(await entitledNow(user.email, user.id)).toBe(false);
  });

  test('a failed renewal keeps the grace; a failed first charge after the trial does not', async () => {
    const paying = await newUser();
    const renewing = await startTrialFor(paying.id, paying.email);
    await move(renewing, 'trial-end');
    await move(renewing, 'payment-failed');
    expect((await row(renewing))?.status).toBe('past_due');
    expect(await entitledNow(paying.email, paying.id)).toBe(true);

    const trialing = await newUser();
    const firstCharge = await startTrialFor(trialing.id, trialing.email);
    await move(firstCharge, 'payment-failed');
    expect((await row(firstCharge))?.status).toBe('past_due');
    expect(await entitledNow(trialing.email, trialing.id)).toBe(false);
  });

  test('unknown subscriptions and transitions are 404', async () => {
    expect(
      (await testApiFetch(backend, `/_test/subscriptions/sub_nope/delete`, { method: 'POST' })).status,
    ).toBe(404);
    expect(
      (await testApiFetch(backend, `/_test/subscriptions/sub_nope/explode`, { method: 'POST' })).status,
    ).toBe(404);
  });

  test('without the switch the test API is refused with 404', async () => {
    const plain = await startTestBackend({ siteUrl: SITE_URL });
    try {
      expect((await fetch(`${plain.url}/_test/subscriptions`)).status).toBe(404);
      expect((await fetch(`${plain.url}/_test/subscriptions/sub_x/delete`, { method: 'POST' })).status).toBe(
        404,
      );
      // The checkout page itself is part of every local backend.
      expect((await fetch(`${plain.url}/_checkout`)).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

test('the local events use the API version the stripe package pins', () => {
  const { events } = trialCheckout(null);
  expect(events.every((e) => e.api_version === Stripe.API_VERSION)).toBe(true);
});
