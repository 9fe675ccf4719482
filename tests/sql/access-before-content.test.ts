// Access before content (docs/decisions/102-access-before-content.md), each attack of the hardening
// probe replayed against the SQL: recording takes only items served to the student within 48 hours
// (so no bank download by guessed ids and no scoring oracle), one message for unknown and unserved
// ids, sane dates, repeats kept but not counted, a write quota, and what a past set shows once
// access has ended. The same attacks over HTTP: tests/server/record-hardening.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser, grantTrial } from '../support/backend.ts';
import {
  type SqlBackend,
  startSqlBackend,
  type SqlTransaction as Transaction,
} from '../support/sql-backend.ts';
import { asUser } from './as-role.ts';
import {
  type RecordedSet,
  recordPracticeIn,
  type ServedQuestion,
  servePracticeIn,
} from './record-helpers.ts';

let backend: SqlBackend;
let counter = 0;
beforeAll(async () => {
  backend = await startSqlBackend();
});
afterAll(() => backend.close());

const NOT_SERVED = 'This set has questions that were not given to you in the last 48 hours.';
const ITEMS_NOT_SERVED = 'This set has items that were not given to you in the last 48 hours.';

async function newStudent(opts: { entitled?: boolean } = {}): Promise<string> {
  const user = await createConfirmedUser(backend, `access-${++counter}@example.com`);
  if (opts.entitled ?? true) await grantTrial(backend, user.id);
  return user.id;
}

/** The error a call as this user fails with. */
const failure = (userId: string, work: (tx: Transaction) => Promise<unknown>) =>
  asUser(backend.apiDb, userId, work).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: string; message: string; hint?: string }) => ({
      code: error.code,
      message: error.message,
    }),
  );

const correctOption = (q: ServedQuestion) => q.options.find((o) => o.is_correct)?.id ?? '';

/** The first n ids of the bank, as an attacker guesses them (bcc-001, ...), with their first option. */
async function guessedIds(n: number) {
  const { rows } = await backend.db.query<{ id: string; option: string }>(
    `select q.id, (select o.id from public.question_options o where o.question_id = q.id order by o.position limit 1) as option
       from public.questions q order by q.id limit $1`,
    [n],
  );
  return { questionIds: rows.map((r) => r.id), optionIds: rows.map((r) => r.option) };
}

const totalsOf = async (userId: string) =>
  (
    await backend.db.query<{ sets: number; answered: number; correct: number }>(
      'select sets, answered, correct from private.student_totals where user_id = $1',
      [userId],
    )
  ).rows[0] ?? { sets: 0, answered: 0, correct: 0 };

describe('no bank download, no scoring oracle', () => {
  test('an account without access cannot record guessed question ids (0 of 50 accepted), so it reads nothing back', async () => {
    const intruder = await newStudent({ entitled: false });
    const guessed = await guessedIds(50);
    const error = await failure(intruder, (tx) => recordPracticeIn(tx, guessed));
    expect(error).toEqual({ code: '22023', message: NOT_SERVED });
    const { rows } = await backend.db.query('select 1 from public.practice_sets where user_id = $1', [
      intruder,
    ]);
    expect(rows).toEqual([]);
  });

  test('an unknown id and a real but unserved id get the same error: nothing confirms which ids exist', async () => {
    const intruder = await newStudent({ entitled: false });
    const [real] = (await guessedIds(1)).questionIds;
    const forReal = await failure(intruder, (tx) =>
      recordPracticeIn(tx, { questionIds: [real ?? ''], optionIds: ['x'] }),
    );
    const forMadeUp = await failure(intruder, (tx) =>
      recordPracticeIn(tx, { questionIds: ['bcc-999999'], optionIds: ['x'] }),
    );
    expect(forReal).toEqual(forMadeUp);
  });

  test('an entitled student cannot have never-served questions scored (10 guessed ids refused)', async () => {
    const student = await newStudent();
    const guessed = await guessedIds(10);
    const error = await failure(student, (tx) => recordPracticeIn(tx, guessed));
    expect(error).toEqual({ code: '22023', message: NOT_SERVED });
  });

  test('a served set records, and a question added to it that was not served is refused', async () => {
    const student = await newStudent();
    const result = await asUser(backend.apiDb, student, async (tx) => {
      const served = await servePracticeIn(tx, 3);
      return recordPracticeIn(tx, {
        questionIds: served.map((q) => q.id),
        optionIds: served.map(correctOption),
      });
    });
    expect(result).toMatchObject({ correct: 3, total: 3, counted: true });
    // Questions never served to this student (the new serving of two may pick one: then another).
    const { rows } = await backend.db.query<{ id: string }>(
      `select q.id from public.questions q
        where not exists (select 1 from private.served_items s where s.user_id = $1 and s.item_id = q.id)
        order by q.id desc limit 3`,
      [student],
    );
    const error = await failure(student, async (tx) => {
      const served = await servePracticeIn(tx, 2);
      const extra = rows.map((r) => r.id).find((id) => !served.some((q) => q.id === id)) ?? '';
      return recordPracticeIn(tx, {
        questionIds: [...served.map((q) => q.id), extra],
        optionIds: [...served.map(correctOption), 'x'],
      });
    });
    expect(error).toEqual({ code: '22023', message: NOT_SERVED });
  });

  test('a served question expires after 48 hours', async () => {
    const student = await newStudent();
    const error = await failure(student, async (tx) => {
      const served = await servePracticeIn(tx, 2);
      await tx.query('set local role postgres');
      await tx.query(
        `update private.served_items set served_at = now() - interval '48 hours 1 minute' where user_id = $1`,
        [student],
      );
      await tx.query('set local role authenticated');
      return recordPracticeIn(tx, {
        questionIds: served.map((q) => q.id),
        optionIds: served.map(correctOption),
      });
    });
    expect(error).toEqual({ code: '22023', message: NOT_SERVED });
  });

  test('the clinical judgment record is no scoring oracle: an unserved NGN item gets no points, even for an entitled student', async () => {
    for (const student of [await newStudent({ entitled: false }), await newStudent()]) {
      const error = await failure(student, (tx) =>
        tx.query(
          `select public.record_clinical_judgment_set(gen_random_uuid(), 'standalone', null, '["ngn-mr-001"]',
             '[{"options":["a"]}]', now() - interval '1 minute', now())`,
        ),
      );
      expect(error).toEqual({ code: '22023', message: ITEMS_NOT_SERVED });
    }
    // An unknown item: the same answer.
    const student = await newStudent();
    const unknown = await failure(student, (tx) =>
      tx.query(
        `select public.record_clinical_judgment_set(gen_random_uuid(), 'standalone', null, '["ngn-zz-999"]',
           '[{"options":["a"]}]', now() - interval '1 minute', now())`,
      ),
    );
    expect(unknown).toEqual({ code: '22023', message: ITEMS_NOT_SERVED });
  });

  test('a served judgment set records and is scored', async () => {
    const student = await newStudent();
    const result = await asUser(backend.apiDb, student, async (tx) => {
      const { rows } = await tx.query<{ set: { case: { id: string }; items: { id: string }[] } }>(
        `select public.get_clinical_judgment_set('case') as set`,
      );
      const set = rows[0]?.set;
      if (!set) throw new Error('no case served');
      const recorded = await tx.query<{ result: { max_points: number; counted: boolean } }>(
        `select public.record_clinical_judgment_set(gen_random_uuid(), 'case', $1, $2, $3::jsonb,
           now() - interval '5 minutes', now()) as result`,
        [set.case.id, set.items.map((i) => i.id), JSON.stringify(set.items.map(() => ({})))],
      );
      return recorded.rows[0]?.result;
    });
    expect(result).toMatchObject({ counted: true, max_points: expect.any(Number) });
  });
});

describe('dates within a sane window of now', () => {
  const dated = (startedAt: string, submittedAt: string) => async (tx: Transaction) => {
    const served = await servePracticeIn(tx, 2);
    return tx.query(
      `select public.record_practice_set(gen_random_uuid(), $1, $2, 'one', $3::timestamptz, $4::timestamptz)`,
      [served.map((q) => q.id), served.map(correctOption), startedAt, submittedAt],
    );
  };

  test.each([
    ['1970', '1970-01-01T00:00:00Z', '1970-01-01T00:10:00Z'],
    ['-infinity', '-infinity', '-infinity'],
    ['-infinity start, now submitted', '-infinity', new Date().toISOString()],
    ['three days ago', new Date(Date.now() - 72 * 3600_000).toISOString(), new Date().toISOString()],
  ])('a set dated %s is refused', async (_, startedAt, submittedAt) => {
    const student = await newStudent();
    expect(await failure(student, dated(startedAt, submittedAt))).toEqual({
      code: '22023',
      message: 'A practice set must be started and submitted within 48 hours.',
    });
  });

  test.each([
    ['infinity', new Date().toISOString(), 'infinity'],
    ['tomorrow', new Date().toISOString(), new Date(Date.now() + 24 * 3600_000).toISOString()],
  ])('a set submitted %s is refused', async (_, startedAt, submittedAt) => {
    const student = await newStudent();
    expect(await failure(student, dated(startedAt, submittedAt))).toEqual({
      code: '22023',
      message: 'The submission time is in the future.',
    });
  });

  test('a judgment set dated 1970 is refused', async () => {
    const student = await newStudent();
    const error = await failure(student, async (tx) => {
      const { rows } = await tx.query<{ set: { case: { id: string }; items: { id: string }[] } }>(
        `select public.get_clinical_judgment_set('case') as set`,
      );
      const set = rows[0]?.set;
      return tx.query(
        `select public.record_clinical_judgment_set(gen_random_uuid(), 'case', $1, $2, $3::jsonb,
           '1970-01-01', '1970-01-01 00:10')`,
        [set?.case.id, set?.items.map((i) => i.id), JSON.stringify(set?.items.map(() => ({})))],
      );
    });
    expect(error).toEqual({
      code: '22023',
      message: 'A clinical judgment set must be started and submitted within 48 hours.',
    });
  });
});

describe('the same answers under new set ids do not count again', () => {
  test('a second set of the same served questions is recorded as a repeat: kept, readable, not in the totals', async () => {
    const student = await newStudent();
    const [first, again, third] = await asUser(backend.apiDb, student, async (tx) => {
      const served = await servePracticeIn(tx, 10);
      const answers = { questionIds: served.map((q) => q.id), optionIds: served.map(correctOption) };
      const results: RecordedSet[] = [];
      for (let i = 0; i < 3; i++) results.push(await recordPracticeIn(tx, answers));
      return results;
    });
    expect(first).toMatchObject({ correct: 10, total: 10, counted: true });
    expect(again).toMatchObject({ correct: 10, total: 10, counted: false });
    expect(third).toMatchObject({ counted: false });
    expect(await totalsOf(student)).toEqual({ sets: 1, answered: 10, correct: 10 });
    const { rows } = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.practice_sets where user_id = $1',
      [student],
    );
    expect(rows[0]?.n).toBe(3);
    const mismatches = await backend.db.query('select * from private.learning_record_mismatches($1)', [
      student,
    ]);
    expect(mismatches.rows).toEqual([]);
  });

  test('serving the questions again makes them count again', async () => {
    const student = await newStudent();
    await asUser(backend.apiDb, student, async (tx) => {
      const served = await servePracticeIn(tx, 5);
      const answers = { questionIds: served.map((q) => q.id), optionIds: served.map(correctOption) };
      await recordPracticeIn(tx, answers);
      await tx.query('set local role postgres');
      await tx.query(`select private.note_served($1, 'question', $2)`, [student, answers.questionIds]);
      await tx.query('set local role authenticated');
      expect(await recordPracticeIn(tx, answers)).toMatchObject({ counted: true });
    });
    expect(await totalsOf(student)).toMatchObject({ sets: 2, answered: 10 });
  });
});

describe('per-student write quota', () => {
  test('the 121st save within an hour is refused with HTTP 429 (P0429, Retry-After), and a reset does not clear the count', async () => {
    const student = await newStudent();
    const served = await asUser(backend.apiDb, student, (tx) => servePracticeIn(tx, 1));
    const answers = { questionIds: served.map((q) => q.id), optionIds: served.map(correctOption) };
    // 118 sets, a reset and one more set: 120 saves.
    for (let i = 0; i < 118; i++) await asUser(backend.apiDb, student, (tx) => recordPracticeIn(tx, answers));
    await asUser(backend.apiDb, student, (tx) => tx.query('select public.reset_practice_history()'));
    const last = await asUser(backend.apiDb, student, (tx) => recordPracticeIn(tx, answers));
    const refused = await asUser(backend.apiDb, student, (tx) => recordPracticeIn(tx, answers)).then(
      () => null,
      (error: { code: string; message: string; detail: string }) => error,
    );
    expect(refused?.code).toBe('PGRST');
    expect(JSON.parse(refused?.message ?? '{}')).toEqual({
      code: 'P0429',
      message: '120 saves to your practice record in the last hour: the most an hour allows.',
      hint: expect.stringMatching(/^Try again in \d+ minutes\.$/),
    });
    const detail = JSON.parse(refused?.detail ?? '{}') as { status: number; headers: Record<string, string> };
    expect(detail.status).toBe(429);
    expect(Number(detail.headers['Retry-After'])).toBeGreaterThan(3500);
    // A re-send of a set already recorded is no new save: still answered.
    const resent = await asUser(backend.apiDb, student, (tx) =>
      recordPracticeIn(tx, { ...answers, setId: last.set_id }),
    );
    expect(resent).toMatchObject({ set_id: last.set_id, already_recorded: true });
  });

  test('the window starts again after an hour', async () => {
    const student = await newStudent();
    await backend.db.query(
      `insert into private.student_write_quota values ($1, now() - interval '61 minutes', 120)`,
      [student],
    );
    const result = await asUser(backend.apiDb, student, async (tx) => {
      const served = await servePracticeIn(tx, 1);
      return recordPracticeIn(tx, {
        questionIds: served.map((q) => q.id),
        optionIds: served.map(correctOption),
      });
    });
    expect(result.counted).toBe(true);
    const { rows } = await backend.db.query<{ writes: number }>(
      'select writes from private.student_write_quota where user_id = $1',
      [student],
    );
    expect(rows[0]?.writes).toBe(1);
  });
});

describe('past sets after access ends', () => {
  test('the owner still reads the score and each answer, but no question text, options or rationale', async () => {
    const student = await newStudent();
    const { setId, served } = await asUser(backend.apiDb, student, async (tx) => {
      const questions = await servePracticeIn(tx, 2);
      // The first answered right, the second wrong.
      const [right, wrong] = questions;
      const recorded = await recordPracticeIn(tx, {
        questionIds: questions.map((q) => q.id),
        optionIds: [
          right?.options.find((o) => o.is_correct)?.id ?? '',
          wrong?.options.find((o) => !o.is_correct)?.id ?? '',
        ],
      });
      return { setId: recorded.set_id, served: questions };
    });
    const read = () =>
      asUser(backend.apiDb, student, (tx) =>
        tx.query<{ set: Record<string, unknown> & { questions: Record<string, unknown>[] } }>(
          'select public.get_practice_set($1) as set',
          [setId],
        ),
      ).then((r) => r.rows[0]?.set);

    const whileEntitled = await read();
    expect(whileEntitled).toMatchObject({ content_available: true });
    expect(whileEntitled?.questions[0]).toMatchObject({
      stem: served[0]?.stem,
      rationale: served[0]?.rationale,
    });

    await backend.db.query(
      `update public.subscriptions set trial_end = now() - interval '1 second' where user_id = $1`,
      [student],
    );
    const afterAccess = await read();
    expect(afterAccess).toMatchObject({
      set_id: setId,
      correct: 1,
      total: 2,
      counted: true,
      content_available: false,
    });
    expect(afterAccess?.questions).toEqual([
      expect.objectContaining({
        id: served[0]?.id,
        stem: null,
        rationale: null,
        options: [],
        is_correct: true,
      }),
      expect.objectContaining({
        id: served[1]?.id,
        stem: null,
        rationale: null,
        options: [],
        is_correct: false,
      }),
    ]);
    for (const question of afterAccess?.questions ?? []) {
      expect(question.chosen_option_id).toEqual(expect.any(String));
      expect(question.correct_option_id).toEqual(expect.any(String));
    }
    // The summary (own scores) stays readable too.
    const summary = await asUser(backend.apiDb, student, (tx) =>
      tx.query<{ s: { totals: { sets: number } } }>('select public.get_results_summary() as s'),
    );
    expect(summary.rows[0]?.s.totals.sets).toBe(1);
  });
});
