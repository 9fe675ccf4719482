// The entitlement rule at the exact boundaries of every subscription state (explicit clock), the
// caller-only check_user_entitlement, and the webhook write path's idempotency and ordering.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser } from '../support/backend.ts';
import { type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';

let backend: SqlBackend;
let owner: { id: string };
let subscriptionCounter = 0;

beforeAll(async () => {
  backend = await startSqlBackend();
  owner = await createConfirmedUser(backend, 'entitlement-owner@example.com');
});
afterAll(() => backend.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const at = (ms: number) => new Date(ms);

interface Subscription {
  status: string;
  trial_start?: number;
  trial_end?: number;
  current_period_start?: number;
  current_period_end?: number;
  cancel_at_period_end?: boolean;
  cancel_at?: number;
}

/** Stores a subscription for the owner and returns a function telling whether it grants access at an instant. */
async function subscription(fields: Subscription): Promise<(ms: number) => Promise<boolean>> {
  const id = `sub_boundary_${++subscriptionCounter}`;
  const ts = (ms?: number) => (ms === undefined ? null : at(ms));
  await backend.db.query(
    `insert into public.subscriptions (stripe_subscription_id, user_id, stripe_customer_id, status, trial_start,
       trial_end, current_period_start, current_period_end, cancel_at_period_end, cancel_at, source_version)
     values ($1, null, 'cus_boundary', $2, $3, $4, $5, $6, $7, $8, now())`,
    [
      id,
      fields.status,
      ts(fields.trial_start),
      ts(fields.trial_end),
      ts(fields.current_period_start),
      ts(fields.current_period_end),
      fields.cancel_at_period_end ?? false,
      ts(fields.cancel_at),
    ],
  );
  return async (ms: number) => {
    const result = await backend.db.query<{ granted: boolean }>(
      `select private.subscription_grants_access(s, $2) as granted from public.subscriptions s
        where stripe_subscription_id = $1`,
      [id, at(ms)],
    );
    return result.rows[0]?.granted ?? false;
  };
}

const SECOND = 1000;
const TRIAL_END = T0 + DAY;

describe('subscription_grants_access at the boundaries', () => {
  test('trialing: from the start until trial_end, not at it', async () => {
    const grants = await subscription({
      status: 'trialing',
      trial_start: T0,
      trial_end: TRIAL_END,
      current_period_start: T0,
      current_period_end: TRIAL_END,
    });
    expect(await grants(T0)).toBe(true);
    expect(await grants(TRIAL_END - SECOND)).toBe(true);
    expect(await grants(TRIAL_END)).toBe(false);
    expect(await grants(TRIAL_END + HOUR)).toBe(false);
  });

  test('trialing with cancel_at before trial_end ends at cancel_at', async () => {
    const cancelAt = T0 + 12 * HOUR;
    const grants = await subscription({
      status: 'trialing',
      trial_start: T0,
      trial_end: TRIAL_END,
      cancel_at: cancelAt,
    });
    expect(await grants(cancelAt - SECOND)).toBe(true);
    expect(await grants(cancelAt)).toBe(false);
  });

  test('active and renewing: until current_period_end + 1 day (late renewal webhook)', async () => {
    const end = TRIAL_END + 30 * DAY;
    const grants = await subscription({
      status: 'active',
      current_period_start: TRIAL_END,
      current_period_end: end,
    });
    expect(await grants(TRIAL_END)).toBe(true);
    expect(await grants(end)).toBe(true);
    expect(await grants(end + DAY - SECOND)).toBe(true);
    expect(await grants(end + DAY)).toBe(false);
  });

  test('active but cancelled at period end: until the period end, no grace', async () => {
    const end = TRIAL_END + 30 * DAY;
    const grants = await subscription({
      status: 'active',
      current_period_start: TRIAL_END,
      current_period_end: end,
      cancel_at_period_end: true,
    });
    expect(await grants(end - SECOND)).toBe(true);
    expect(await grants(end)).toBe(false);
  });

  test('active with cancel_at: until cancel_at, no grace', async () => {
    const end = TRIAL_END + 30 * DAY;
    const cancelAt = TRIAL_END + 10 * DAY;
    const grants = await subscription({
      status: 'active',
      current_period_start: TRIAL_END,
      current_period_end: end,
      cancel_at: cancelAt,
    });
    expect(await grants(cancelAt - SECOND)).toBe(true);
    expect(await grants(cancelAt)).toBe(false);
  });

  test('past_due on a renewal: 3 days from the start of the unpaid period', async () => {
    const start = TRIAL_END + 30 * DAY;
    const grants = await subscription({
      status: 'past_due',
      trial_start: T0,
      trial_end: TRIAL_END,
      current_period_start: start,
      current_period_end: start + 30 * DAY,
    });
    expect(await grants(start)).toBe(true);
    expect(await grants(start + 3 * DAY - SECOND)).toBe(true);
    expect(await grants(start + 3 * DAY)).toBe(false);
  });

  test('past_due grace never runs past the end of the period', async () => {
    const start = T0 + 40 * DAY;
    const grants = await subscription({
      status: 'past_due',
      current_period_start: start,
      current_period_end: start + 2 * DAY,
    });
    expect(await grants(start + 2 * DAY - SECOND)).toBe(true);
    expect(await grants(start + 2 * DAY)).toBe(false);
  });

  test('past_due on the first charge after the trial: no grace at all', async () => {
    const grants = await subscription({
      status: 'past_due',
      trial_start: T0,
      trial_end: TRIAL_END,
      current_period_start: TRIAL_END,
      current_period_end: TRIAL_END + 30 * DAY,
    });
    expect(await grants(TRIAL_END)).toBe(false);
    expect(await grants(TRIAL_END + HOUR)).toBe(false);
  });

  test.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused', 'a_future_status'])(
    '%s: never',
    async (status) => {
      const grants = await subscription({
        status,
        trial_start: T0,
        trial_end: TRIAL_END + 30 * DAY,
        current_period_start: T0,
        current_period_end: TRIAL_END + 30 * DAY,
      });
      expect(await grants(T0 + HOUR)).toBe(false);
    },
  );
});

describe('user_has_access and check_user_entitlement', () => {
  async function userWith(...statuses: { status: string; end: number }[]) {
    const user = await createConfirmedUser(backend, `entitled-${crypto.randomUUID()}@example.com`);
    for (const { status, end } of statuses) {
      await backend.db.query(
        `insert into public.subscriptions (stripe_subscription_id, user_id, stripe_customer_id, status,
           current_period_start, current_period_end, trial_end, source_version)
         values ($1, $2, 'cus', $3, now() - interval '1 day', $4, $4, now())`,
        [`sub_${crypto.randomUUID()}`, user.id, status, at(end)],
      );
    }
    return user;
  }

  test('any one granting subscription is enough, at the given instant', async () => {
    const user = await userWith(
      { status: 'canceled', end: Date.now() + DAY },
      { status: 'trialing', end: Date.now() + HOUR },
    );
    const access = async (ms: number) =>
      (
        await backend.db.query<{ ok: boolean }>('select private.user_has_access($1, $2) as ok', [
          user.id,
          at(ms),
        ])
      ).rows[0]?.ok;
    expect(await access(Date.now())).toBe(true);
    expect(await access(Date.now() + 2 * HOUR)).toBe(false);
  });

  test('answers true only for the caller; other ids, no sub and anon get false or a refusal', async () => {
    const alice = await userWith({ status: 'active', end: Date.now() + 10 * DAY });
    const bob = await userWith();
    const check = (tx: { query: typeof backend.db.query }, id: string | null) =>
      tx
        .query<{ ok: boolean }>('select public.check_user_entitlement($1) as ok', [id])
        .then((r) => r.rows[0]?.ok);

    expect(await asUser(backend.apiDb, alice.id, (tx) => check(tx, alice.id))).toBe(true);
    expect(await asUser(backend.apiDb, bob.id, (tx) => check(tx, alice.id))).toBe(false);
    expect(await asUser(backend.apiDb, bob.id, (tx) => check(tx, bob.id))).toBe(false);
    expect(await asUser(backend.apiDb, alice.id, (tx) => check(tx, null))).toBe(false);
    expect(await asRole(backend.apiDb, 'authenticated', {}, (tx) => check(tx, alice.id))).toBe(false);
    expect(await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => check(tx, alice.id)))).toBe('42501');
  });
});

describe('stripe_apply_subscription (service role only)', () => {
  const apply = (
    eventId: string,
    version: string,
    subscription: Record<string, unknown>,
    userId: string | null = null,
  ) =>
    asRole(backend.apiDb, 'service_role', {}, (tx) =>
      tx
        .query<{ result: string }>(
          'select public.stripe_apply_subscription($1, $2, $3, $4, $5, $6) as result',
          [eventId, 'customer.subscription.updated', version, JSON.stringify(subscription), version, userId],
        )
        .then((r) => r.rows[0]?.result),
    );
  const sub = (id: string, status: string) => ({
    id,
    object: 'subscription',
    customer: 'cus_webhook',
    status,
    items: {
      data: [
        { current_period_start: 1_780_000_000, current_period_end: 1_782_592_000, price: { id: 'price_1' } },
      ],
    },
  });
  const storedStatus = async (id: string) =>
    (
      await backend.db.query<{ status: string; user_id: string | null }>(
        'select status, user_id from public.subscriptions where stripe_subscription_id = $1',
        [id],
      )
    ).rows[0];

  test('a redelivered event is a no-op; an older snapshot does not overwrite a newer one', async () => {
    expect(await apply('evt_a1', '2026-05-01T00:00:10Z', sub('sub_order', 'active'))).toBe('applied');
    expect(await apply('evt_a1', '2026-05-01T00:00:10Z', sub('sub_order', 'active'))).toBe('duplicate');
    expect(await apply('evt_a0', '2026-05-01T00:00:05Z', sub('sub_order', 'trialing'))).toBe('stale');
    expect((await storedStatus('sub_order'))?.status).toBe('active');
    expect(await apply('evt_a2', '2026-05-01T00:00:20Z', sub('sub_order', 'canceled'))).toBe('applied');
    expect((await storedStatus('sub_order'))?.status).toBe('canceled');
  });

  test('links a user once, even from a stale event, and never re-points it', async () => {
    const other = await createConfirmedUser(backend, `other-${crypto.randomUUID()}@example.com`);
    expect(await apply('evt_l1', '2026-05-02T00:00:10Z', sub('sub_link', 'trialing'))).toBe('applied');
    expect(await apply('evt_l0', '2026-05-02T00:00:01Z', sub('sub_link', 'trialing'), owner.id)).toBe(
      'stale,linked',
    );
    expect((await storedStatus('sub_link'))?.user_id).toBe(owner.id);
    expect(await apply('evt_l2', '2026-05-02T00:00:20Z', sub('sub_link', 'active'), other.id)).toBe(
      'applied,user_conflict',
    );
    expect((await storedStatus('sub_link'))?.user_id).toBe(owner.id);
    expect(
      await apply('evt_l3', '2026-05-02T00:00:30Z', sub('sub_ghost', 'active'), crypto.randomUUID()),
    ).toBe('applied,unknown_user');
  });

  test('authenticated callers are refused', async () => {
    const state = await sqlStateOf(
      asUser(backend.apiDb, owner.id, (tx) =>
        tx.query(`select public.stripe_apply_subscription('e', 't', now(), '{}'::jsonb, now(), null)`),
      ),
    );
    expect(state).toBe('42501');
  });
});
