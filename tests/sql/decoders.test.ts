// The services' decoders (src/services/decoders.ts) accept what the migrated database answers, on
// both engines: every procedure the app reads, called as a student with a history, as PostgREST
// calls it. A decoder stricter than the SQL (or SQL that drops a field) fails here, not in a page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  decodeBillingStatus,
  decodeEntitlement,
  decodeJudgmentSet,
  decodePracticeQuestions,
  decodePracticeSet,
  decodeResultsSummary,
} from '../../src/services/decoders';
import { createConfirmedUser, grantTrial } from '../support/backend.ts';
import { type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asUser } from './as-role.ts';

let backend: SqlBackend;
let student: string;
let setId: string;

const call = async (sql: string, params: unknown[] = []) =>
  (
    await asUser(backend.apiDb, student, (tx) =>
      tx.query<{ result: unknown }>(`select ${sql} as result`, params),
    )
  ).rows[0]?.result;

beforeAll(async () => {
  backend = await startSqlBackend();
  student = (await createConfirmedUser(backend, 'decoders@example.com')).id;
  await grantTrial(backend, student);
  const { questions } = decodePracticeQuestions(await call('public.get_practice_questions(3)'));
  setId = crypto.randomUUID();
  await call(
    `public.record_practice_set(set_id => $1, question_ids => $2, chosen_option_ids => $3, layout => 'one',
       started_at => now() - interval '5 minutes', submitted_at => now())`,
    [
      setId,
      JSON.stringify(questions.map((q) => q.id)),
      JSON.stringify(questions.map((q) => q.options[0]?.id)),
    ],
  );
});
afterAll(() => backend?.close());

describe('decoders against the database', () => {
  test('practice questions, mixed and focused', async () => {
    expect(decodePracticeQuestions(await call('public.get_practice_questions(5)')).questions).toHaveLength(5);
    expect(
      decodePracticeQuestions(await call(`public.get_focused_practice_questions('missed', 5)`)).questions
        .length,
    ).toBeGreaterThanOrEqual(0);
  });

  test('entitlement, results summary and one set', async () => {
    expect(decodeEntitlement(await call('public.check_user_entitlement($1)', [student]))).toBe(true);
    expect(decodeResultsSummary(await call('public.get_results_summary()')).totals.sets).toBe(1);
    expect(decodePracticeSet(await call('public.get_practice_set($1)', [setId])).questions).toHaveLength(3);
  });

  test('clinical-judgment sets, standalone and case', async () => {
    expect(
      decodeJudgmentSet(await call(`public.get_clinical_judgment_set('standalone')`)).items.length,
    ).toBeGreaterThan(0);
    expect(decodeJudgmentSet(await call(`public.get_clinical_judgment_set('case')`)).kind).toBe('case');
  });

  test('billing status', async () => {
    expect(decodeBillingStatus(await call('public.get_billing_status()')).kind).toBe('trialing');
  });
});
