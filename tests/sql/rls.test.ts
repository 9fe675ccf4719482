// Row level security and privileges: two users never see each other's rows, the API roles cannot
// write or read what they must not, and every table and SECURITY DEFINER function is locked down.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, grantTrial } from '../support/backend.ts';
import { type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';

let backend: SqlBackend;
let alice: { id: string };
let bob: { id: string };

beforeAll(async () => {
  backend = await startSqlBackend();
  alice = await createConfirmedUser(backend, 'alice@example.com');
  bob = await createConfirmedUser(backend, 'bob@example.com');
  await grantTrial(backend, alice.id, { subscriptionId: 'sub_alice' });
  await grantTrial(backend, bob.id, { subscriptionId: 'sub_bob_1' });
  await grantTrial(backend, bob.id, { subscriptionId: 'sub_bob_2' });
});
afterAll(() => backend.close());

const visibleSubscriptions = (userId: string) =>
  asUser(backend.apiDb, userId, (tx) =>
    tx.query<{ id: string }>('select stripe_subscription_id as id from public.subscriptions order by 1'),
  ).then((result) => result.rows.map((row) => row.id));

describe('subscriptions', () => {
  test('each user sees only their own rows', async () => {
    expect(await visibleSubscriptions(alice.id)).toEqual(['sub_alice']);
    expect(await visibleSubscriptions(bob.id)).toEqual(['sub_bob_1', 'sub_bob_2']);
    expect(await visibleSubscriptions(crypto.randomUUID())).toEqual([]);
  });

  test('a user can neither write rows nor take over someone else’s', async () => {
    const attempts = [
      `insert into public.subscriptions (stripe_subscription_id, user_id, stripe_customer_id, status, source_version)
         values ('sub_forged', '${alice.id}', 'cus', 'active', now())`,
      `update public.subscriptions set status = 'active' where stripe_subscription_id = 'sub_alice'`,
      `update public.subscriptions set user_id = '${alice.id}' where stripe_subscription_id = 'sub_bob_1'`,
      `delete from public.subscriptions where stripe_subscription_id = 'sub_alice'`,
    ];
    for (const sql of attempts) {
      expect({
        sql,
        state: await sqlStateOf(asUser(backend.apiDb, alice.id, (tx) => tx.query(sql))),
      }).toEqual({
        sql,
        state: '42501',
      });
    }
    expect(await visibleSubscriptions(bob.id)).toEqual(['sub_bob_1', 'sub_bob_2']);
  });

  test('anon cannot read subscriptions at all', async () => {
    expect(
      await sqlStateOf(
        asRole(backend.apiDb, 'anon', {}, (tx) => tx.query('select * from public.subscriptions')),
      ),
    ).toBe('42501');
  });
});

describe('everything else the API roles must not touch', () => {
  const denied = [
    'select * from public.questions',
    'select * from public.question_options',
    'select * from public.ngn_items',
    'select * from public.ngn_cases',
    'select * from auth.users',
    'select * from auth.sessions',
    'select * from auth.refresh_tokens',
    'select * from auth.one_time_tokens',
    'select * from auth.flow_state',
    'select * from private.stripe_events',
    `select private.user_has_access('00000000-0000-0000-0000-000000000000', now())`,
    'select private.pick_random_question_ids(3)',
  ];
  test.each(denied)('authenticated and anon: %s', async (sql) => {
    expect(await sqlStateOf(asUser(backend.apiDb, alice.id, (tx) => tx.query(sql)))).toBe('42501');
    expect(await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => tx.query(sql)))).toBe('42501');
  });

  test("anon may not execute the entitlement, practice, learning-record, clinical-judgment, custom-test or billing functions; no client may execute the mock exam's", async () => {
    const rows = await backend.db.query<{ fn: string; anon: boolean; authenticated: boolean }>(
      `select p.proname as fn, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' order by 1`,
    );
    expect(rows.rows).toEqual([
      { fn: 'answer_custom_test_item', anon: false, authenticated: true },
      { fn: 'check_user_entitlement', anon: false, authenticated: true },
      { fn: 'customer_for_portal', anon: false, authenticated: false },
      { fn: 'get_billing_status', anon: false, authenticated: true },
      { fn: 'get_clinical_judgment_set', anon: false, authenticated: true },
      { fn: 'get_custom_test', anon: false, authenticated: true },
      { fn: 'get_custom_test_counts', anon: false, authenticated: true },
      { fn: 'get_focused_practice_questions', anon: false, authenticated: true },
      { fn: 'get_judgment_set_review', anon: false, authenticated: true },
      { fn: 'get_practice_questions', anon: false, authenticated: true },
      { fn: 'get_practice_set', anon: false, authenticated: true },
      { fn: 'get_results_summary', anon: false, authenticated: true },
      { fn: 'get_review_due_count', anon: false, authenticated: true },
      { fn: 'list_custom_tests', anon: false, authenticated: true },
      { fn: 'list_judgment_sets', anon: false, authenticated: true },
      { fn: 'mock_exam_access', anon: false, authenticated: false },
      { fn: 'mock_exam_answer', anon: false, authenticated: false },
      { fn: 'mock_exam_bank', anon: false, authenticated: false },
      { fn: 'mock_exam_finish', anon: false, authenticated: false },
      { fn: 'mock_exam_get', anon: false, authenticated: false },
      { fn: 'mock_exam_history', anon: false, authenticated: false },
      { fn: 'mock_exam_item_content', anon: false, authenticated: false },
      { fn: 'mock_exam_start', anon: false, authenticated: false },
      { fn: 'record_clinical_judgment_set', anon: false, authenticated: true },
      { fn: 'record_practice_set', anon: false, authenticated: true },
      { fn: 'reset_practice_history', anon: false, authenticated: true },
      { fn: 'set_item_mark', anon: false, authenticated: true },
      { fn: 'start_custom_test', anon: false, authenticated: true },
      { fn: 'stripe_apply_subscription', anon: false, authenticated: false },
      { fn: 'submit_custom_test', anon: false, authenticated: true },
    ]);
  });
});

describe('structure', () => {
  test('row level security is enabled on every table in public and private', async () => {
    const rows = await backend.db.query<{ table: string; rls: boolean }>(
      `select n.nspname || '.' || c.relname as table, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'private')`,
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.rows.filter((row) => !row.rls)).toEqual([]);
  });

  test('every SECURITY DEFINER function pins search_path to empty', async () => {
    const rows = await backend.db.query<{ fn: string; config: string[] | null }>(
      `select n.nspname || '.' || p.proname as fn, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname in ('public', 'private')`,
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows.rows)
      expect({ fn: row.fn, config: row.config }).toEqual({ fn: row.fn, config: ['search_path=""'] });
  });
});
