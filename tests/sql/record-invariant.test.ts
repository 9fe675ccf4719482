// Per-student serialisation and the record's invariant (docs/decisions/100-per-student-serialisation.md):
// every writing function takes the student's advisory lock, and private.learning_record_mismatches
// reports every stored aggregate that differs from a recount of the rows. PGlite runs one call at a
// time, so the races themselves are tested on real PostgreSQL; here: the function finds each kind of
// drift, answers nothing for a consistent record, and is out of reach of the API roles.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, grantTrial } from '../support/backend.ts';
import {
  type SqlBackend,
  startSqlBackend,
  type SqlTransaction as Transaction,
} from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';
import { recordPracticeIn, servePracticeIn } from './record-helpers.ts';

let backend: SqlBackend;
let counter = 0;

beforeAll(async () => {
  backend = await startSqlBackend();
});
afterAll(() => backend.close());

async function newStudent(): Promise<string> {
  const user = await createConfirmedUser(backend, `invariant-${++counter}@example.com`);
  await grantTrial(backend, user.id);
  return user.id;
}

interface Mismatch {
  aggregate: string;
  key: string;
  stored: string | null;
  recounted: string | null;
}
const mismatchesOf = async (userId: string) =>
  (
    await backend.db.query<Mismatch>(
      'select * from private.learning_record_mismatches($1) order by aggregate, key',
      [userId],
    )
  ).rows;

/** Serves a practice set and records it with every answer right or wrong by turns. */
async function practise(userId: string, submittedAt = new Date()) {
  return asUser(backend.apiDb, userId, async (tx) => {
    const questions = await servePracticeIn(tx, 5);
    return recordPracticeIn(tx, {
      questionIds: questions.map((q) => q.id),
      optionIds: questions.map((q, i) => q.options.find((o) => o.is_correct === (i % 2 === 0))?.id ?? ''),
      submittedAt,
    });
  });
}

const advisoryLocksIn = async (tx: Transaction) =>
  (
    await tx.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory'
      and pid = pg_backend_pid()`)
  ).rows[0]?.n ?? 0;

describe('private.learning_record_mismatches', () => {
  test('a consistent record has no mismatch: after sets, a re-send and a reset', async () => {
    const student = await newStudent();
    expect(await mismatchesOf(student)).toEqual([]);
    await practise(student);
    await practise(student, new Date(Date.now() - 60_000));
    expect(await mismatchesOf(student)).toEqual([]);
    await asUser(backend.apiDb, student, (tx) => tx.query('select public.reset_practice_history()'));
    expect(await mismatchesOf(student)).toEqual([]);
  });

  test('finds totals that disagree with the rows (the reset-race symptom)', async () => {
    const student = await newStudent();
    await practise(student);
    await backend.db.query('update private.student_totals set sets = sets + 3 where user_id = $1', [student]);
    expect(await mismatchesOf(student)).toEqual([
      expect.objectContaining({
        aggregate: 'student_totals',
        stored: expect.stringMatching(/^sets=4 /),
        recounted: expect.stringMatching(/^sets=1 /),
      }),
    ]);
  });

  test('finds a totals row missing while sets remain', async () => {
    const student = await newStudent();
    await practise(student);
    await backend.db.query('delete from private.student_totals where user_id = $1', [student]);
    const found = await mismatchesOf(student);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      aggregate: 'student_totals',
      stored: expect.stringMatching(/^sets=0 /),
    });
  });

  test('finds per-question, per-category and per-set drift, and status rows without answers', async () => {
    const student = await newStudent();
    await practise(student);
    const { rows } = await backend.db.query<{ question_id: string; category: string; set_id: string }>(
      'select question_id, category, set_id from public.practice_answers where user_id = $1 order by position limit 1',
      [student],
    );
    const first = rows[0];
    if (!first) throw new Error('no answer recorded');
    await backend.db.query(
      `update private.student_question_status set times_seen = 2, last_correct = not last_correct
        where user_id = $1 and question_id = $2`,
      [student, first.question_id],
    );
    await backend.db.query(
      `insert into private.student_question_status values ($1, 'never-answered', 1, 1, true, now())`,
      [student],
    );
    await backend.db.query(
      'update private.student_category_stats set correct = correct + 1 where user_id = $1 and category = $2',
      [student, first.category],
    );
    await backend.db.query('update public.practice_sets set correct_count = 0 where id = $1', [first.set_id]);
    const aggregates = (await mismatchesOf(student)).map((m) => `${m.aggregate}:${m.key}`);
    expect(aggregates).toEqual(
      expect.arrayContaining([
        `student_question_status:${first.question_id}`,
        'student_question_status:never-answered',
        `student_category_stats:${first.category}`,
        `practice_sets:${first.set_id}`,
      ]),
    );
  });

  test('finds judgment totals and step/category stats that disagree with the judgment rows', async () => {
    const student = await newStudent();
    await backend.db.query('insert into private.student_judgment_totals values ($1, 1, 2, 3)', [student]);
    await backend.db.query(
      `insert into private.student_judgment_stats values ($1, 'Recognize Cues', 'Coordinated Care', 1, 2, 3)`,
      [student],
    );
    expect((await mismatchesOf(student)).map((m) => m.aggregate)).toEqual([
      'student_judgment_stats',
      'student_judgment_totals',
    ]);
  });

  test('no API role may call it', async () => {
    const student = await newStudent();
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      expect(
        await sqlStateOf(
          asRole(backend.apiDb, role, { sub: student }, (tx) =>
            tx.query('select * from private.learning_record_mismatches($1)', [student]),
          ),
        ),
      ).toBe('42501');
    }
  });
});

describe('per-student serialisation', () => {
  test('recording a set, a judgment set and a reset each hold the student advisory lock to the end', async () => {
    const student = await newStudent();
    await asUser(backend.apiDb, student, async (tx) => {
      const questions = await servePracticeIn(tx, 2);
      await recordPracticeIn(tx, {
        questionIds: questions.map((q) => q.id),
        optionIds: questions.map((q) => q.options[0]?.id ?? ''),
      });
      expect(await advisoryLocksIn(tx)).toBe(1);
    });
    await asUser(backend.apiDb, student, async (tx) => {
      await tx.query('select public.reset_practice_history()');
      expect(await advisoryLocksIn(tx)).toBe(1);
    });
    // A re-send of a judgment set (stored by hand here) answers after taking the lock.
    const judgmentSet = crypto.randomUUID();
    await backend.db.query(
      `insert into public.judgment_sets (id, user_id, kind, started_at, submitted_at, points, max_points)
       values ($1, $2, 'standalone', now(), now(), 0, 0)`,
      [judgmentSet, student],
    );
    await asUser(backend.apiDb, student, async (tx) => {
      const { rows } = await tx.query<{ result: { already_recorded: boolean } }>(
        `select public.record_clinical_judgment_set($1, 'standalone', null, '["x"]', '[{}]', now(), now()) as result`,
        [judgmentSet],
      );
      expect(rows[0]?.result.already_recorded).toBe(true);
      expect(await advisoryLocksIn(tx)).toBe(1);
    });
  });

  test('the webhook linking a subscription to a student holds that student lock', async () => {
    const student = await newStudent();
    await asRole(backend.apiDb, 'service_role', {}, async (tx) => {
      const { rows } = await tx.query<{ result: string }>(
        `select public.stripe_apply_subscription($1, 'customer.subscription.created', now(), $2, now(), $3) as result`,
        [
          `evt_${crypto.randomUUID()}`,
          {
            object: 'subscription',
            id: `sub_${crypto.randomUUID()}`,
            customer: 'cus_lock',
            status: 'active',
          },
          student,
        ],
      );
      expect(rows[0]?.result).toBe('applied,linked');
      expect(await advisoryLocksIn(tx)).toBe(1);
    });
  });

  test('the locks of two students are different locks, one student always the same', async () => {
    const [a, b] = [await newStudent(), await newStudent()];
    const keyOf = async (id: string) =>
      (
        await backend.db.query<{ key: string }>(
          `select hashtextextended('pn-prep.student:' || $1::text, 0)::text as key`,
          [id],
        )
      ).rows[0]?.key;
    expect(await keyOf(a)).not.toBe(await keyOf(b));
    expect(await keyOf(a)).toBe(await keyOf(a));
  });
});
