// The mock exams on /results and the real NCLEX-PN result
// (supabase/migrations/20261128140000_mock_exam_record.sql): a student lists their own finished
// exams only; the real result is theirs alone, its date checked (not in the future, not before
// the first mock exam); every refusal is a 4xx over REST.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeMockExamRecord } from '../../src/services/mock-exam-report';
import { createConfirmedUser, createTestClient, grantTrial } from '../support/backend.ts';
import { localBackend, ON_POSTGRES, type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';

let backend: SqlBackend;
const PASSWORD = 'mock-record-password-1';
let alice: { id: string; email: string };
let bob: { id: string; email: string };
let carol: { id: string; email: string };

/** A mock exam row as the mock-exam function leaves it, finished `daysAgo` days ago (or in progress). */
async function exam(userId: string, daysAgo: number, finished = true): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.mock_exams (user_id, status, started_at, finished_at, current_ordinal, plan, state,
            stop_rule, passed, estimate, standard_error, pass_probability)
     values ($1, $2, now() - make_interval(days => $3) - interval '2 hours',
             case when $2 = 'finished' then now() - make_interval(days => $3) end,
             case when $2 = 'finished' then null else 1 end, '{}', '{}',
             case when $2 = 'finished' then 'confidence' end, $2 = 'finished',
             case when $2 = 'finished' then 0.8 end, case when $2 = 'finished' then 0.3 end,
             case when $2 = 'finished' then 0.9983 end)
     returning id`,
    [userId, finished ? 'finished' : 'in_progress', daysAgo],
  );
  return (rows[0] as { id: string }).id;
}

const call = <T>(userId: string, sql: string, params: unknown[] = []) =>
  asUser(backend.apiDb, userId, (tx) => tx.query<{ result: T }>(sql, params)).then((r) => r.rows[0]?.result);
const record = (userId: string) =>
  call<unknown>(userId, 'select public.get_mock_exam_record() as result').then(decodeMockExamRecord);
const save = (userId: string, passed: boolean | null, takenOn: string | null) =>
  call(userId, 'select public.record_nclex_result($1, $2::date) as result', [passed, takenOn]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let aliceOld: string;
let aliceNew: string;
beforeAll(async () => {
  backend = await startSqlBackend();
  alice = await createConfirmedUser(backend, 'mock-record-alice@example.com', PASSWORD);
  bob = await createConfirmedUser(backend, 'mock-record-bob@example.com', PASSWORD);
  carol = await createConfirmedUser(backend, 'mock-record-carol@example.com', PASSWORD);
  await grantTrial(backend, alice.id);
  aliceNew = await exam(alice.id, 2);
  aliceOld = await exam(alice.id, 10);
  await exam(alice.id, 0, false);
  await exam(bob.id, 5);
});
afterAll(() => backend?.close());

describe('get_mock_exam_record', () => {
  test("lists the caller's finished exams only, oldest first, with the estimate, SE and probability", async () => {
    const mine = await record(alice.id);
    expect(mine.exams.map((e) => e.id)).toEqual([aliceOld, aliceNew]);
    expect(mine.exams[0]).toMatchObject({
      stop_rule: 'confidence',
      passed: true,
      estimate: 0.8,
      standard_error: 0.3,
    });
    expect(mine.nclex_result).toBeNull();
    expect((await record(bob.id)).exams).toHaveLength(1);
    expect((await record(carol.id)).exams).toEqual([]);
  });

  test('anon may not call it', async () => {
    expect(
      await sqlStateOf(
        asRole(backend.apiDb, 'anon', {}, (tx) => tx.query('select public.get_mock_exam_record()')),
      ),
    ).toBe('42501');
  });
});

describe('record_nclex_result and remove_nclex_result', () => {
  test('refuses a missing answer, a future date, a date before the first mock exam and a student without one', async () => {
    expect(await sqlStateOf(save(alice.id, null, day(0)))).toBe('22023');
    expect(await sqlStateOf(save(alice.id, true, null))).toBe('22023');
    expect(await sqlStateOf(save(alice.id, true, day(3)))).toBe('22023');
    // The first mock exam started about ten days ago (a day of slack for time zones).
    expect(await sqlStateOf(save(alice.id, true, day(-13)))).toBe('22023');
    expect(await sqlStateOf(save(carol.id, true, day(0)))).toBe('22023');
    expect((await record(alice.id)).nclex_result).toBeNull();
  });

  test('stores, changes and removes the caller’s own result; nobody else sees or writes it', async () => {
    await save(alice.id, false, day(-1));
    expect((await record(alice.id)).nclex_result).toEqual({ passed: false, taken_on: day(-1) });
    await save(alice.id, true, day(0));
    expect((await record(alice.id)).nclex_result).toEqual({ passed: true, taken_on: day(0) });
    expect((await record(bob.id)).nclex_result).toBeNull();
    const visible = await asUser(backend.apiDb, bob.id, (tx) =>
      tx.query('select * from public.nclex_results'),
    );
    expect(visible.rows).toEqual([]);
    for (const sql of [
      `insert into public.nclex_results (user_id, passed, taken_on) values ('${bob.id}', true, current_date)`,
      `update public.nclex_results set passed = false`,
      'delete from public.nclex_results',
    ])
      expect(await sqlStateOf(asUser(backend.apiDb, bob.id, (tx) => tx.query(sql)))).toBe('42501');
    // Bob's removal removes Bob's (none), not Alice's.
    await call(bob.id, 'select public.remove_nclex_result() as result');
    expect((await record(alice.id)).nclex_result).not.toBeNull();
    await call(alice.id, 'select public.remove_nclex_result() as result');
    expect((await record(alice.id)).nclex_result).toBeNull();
  });

  test('anon may call neither', async () => {
    for (const sql of [
      'select public.record_nclex_result(true, current_date)',
      'select public.remove_nclex_result()',
    ])
      expect(await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => tx.query(sql)))).toBe('42501');
  });

  // The local backend's REST layer runs on PGlite only.
  test.skipIf(ON_POSTGRES)(
    'over REST: a bad date is a 400 with the reason, a good one is stored',
    async () => {
      const client = createTestClient(localBackend(backend));
      const { error } = await client.auth.signInWithPassword({ email: alice.email, password: PASSWORD });
      expect(error).toBeNull();
      const future = await client.rpc('record_nclex_result', { p_passed: true, p_taken_on: day(5) });
      expect([future.status, future.error?.message]).toEqual([400, 'The exam date cannot be in the future.']);
      const garbage = await client.rpc('record_nclex_result', { p_passed: true, p_taken_on: 'not-a-date' });
      expect(garbage.status).toBe(400);
      const ok = await client.rpc('record_nclex_result', { p_passed: true, p_taken_on: day(0) });
      expect(ok.error).toBeNull();
      expect(ok.data).toEqual({ passed: true, taken_on: day(0) });
    },
  );
});
