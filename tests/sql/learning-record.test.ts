// The learning record (supabase/migrations/20261125120000_learning_record.sql): server-side grading,
// idempotent recording, every refusal, RLS, the results summary against hand-computed numbers, one
// recorded set, focused practice, resetting, and get_practice_questions preferring unseen and then
// missed questions without scanning the bank. Ends with the same calls through the REST endpoint.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_NEEDS } from '../../domain/client-needs.ts';
import { JUDGMENT_STEPS } from '../../domain/ngn-items.ts';
import { createConfirmedUser, createTestClient, grantTrial } from '../support/backend.ts';
import type { SqlTransaction as Transaction } from '../support/sql-backend.ts';
import { localBackend, ON_POSTGRES, type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';
import { markServedIn, type ServedQuestion } from './record-helpers.ts';

let backend: SqlBackend;
let userCounter = 0;

interface BankQuestion {
  id: string;
  category: string;
  correct: string;
  wrong: string;
}
/** The real bank (as seeded), by category name, questions sorted by id. */
const bank = new Map<string, BankQuestion[]>();

beforeAll(async () => {
  backend = await startSqlBackend();
  const rows = await backend.db.query<BankQuestion>(
    `select q.id, q.category,
            (select o.id from public.question_options o where o.question_id = q.id and o.is_correct) as correct,
            (select o.id from public.question_options o where o.question_id = q.id and not o.is_correct
              order by o.position limit 1) as wrong
       from public.questions q order by q.id`,
  );
  for (const row of rows.rows) bank.set(row.category, [...(bank.get(row.category) ?? []), row]);
});
afterAll(() => backend.close());

const CC = 'Coordinated Care';
const SIC = 'Safety & Infection Control';
const HPM = 'Health Promotion & Maintenance';
const PSY = 'Psychosocial Integrity';
const BCC = 'Basic Care & Comfort';
const PHA = 'Pharmacological Therapies';

const bankSize = async () =>
  (await backend.db.query<{ n: number }>('select count(*)::int as n from public.questions')).rows[0]?.n ?? 0;

/** The i-th question (0-based) of a category in the real bank. */
function question(category: string, index: number): BankQuestion {
  const found = bank.get(category)?.[index];
  if (!found) throw new Error(`no question ${index} in ${category}`);
  return found;
}

async function newUser(opts: { entitled?: boolean } = {}): Promise<string> {
  const user = await createConfirmedUser(backend, `record-${++userCounter}@example.com`);
  if (opts.entitled ?? true) await grantTrial(backend, user.id);
  return user.id;
}

const HOUR = 3600_000;
/**
 * Submission times in the past, 10 minutes apart: at(0) < at(1) < ... < at(239) < now, all within
 * the 48 hours a served set may wait to be recorded.
 */
const BASE = Date.now() - 40 * HOUR;
const at = (step: number) => new Date(BASE + step * 10 * 60_000);

interface RecordArgs {
  setId?: string | null;
  questionIds: (string | null)[] | null;
  optionIds: (string | null)[] | null;
  layout?: string | null;
  startedAt?: Date | null;
  submittedAt?: Date | null;
  focus?: string | null;
}
interface RecordResult {
  set_id: string;
  correct: number;
  total: number;
  submitted_at: string;
  already_recorded: boolean;
}

/** Records a set, its ids first marked as served to the caller (markServedIn). */
async function recordIn(tx: Transaction, args: RecordArgs) {
  await markServedIn(tx, 'question', args.questionIds);
  const submittedAt = args.submittedAt === undefined ? new Date() : args.submittedAt;
  const startedAt =
    args.startedAt === undefined
      ? submittedAt && new Date(submittedAt.getTime() - 10 * 60_000)
      : args.startedAt;
  const params: unknown[] = [
    args.setId === undefined ? crypto.randomUUID() : args.setId,
    args.questionIds,
    args.optionIds,
    args.layout === undefined ? 'one' : args.layout,
    startedAt,
    submittedAt,
  ];
  const focus = args.focus === undefined ? '' : ', focus => $7';
  if (args.focus !== undefined) params.push(args.focus);
  return tx.query<{ result: RecordResult }>(
    `select public.record_practice_set(set_id => $1, question_ids => $2, chosen_option_ids => $3,
       layout => $4, started_at => $5, submitted_at => $6${focus}) as result`,
    params,
  );
}

const record = (userId: string, args: RecordArgs) =>
  asUser(backend.apiDb, userId, (tx) => recordIn(tx, args)).then((r) => r.rows[0]?.result as RecordResult);

/** Records a set of [question, answered correctly?] pairs. */
function recordAnswers(
  userId: string,
  answers: [BankQuestion, boolean][],
  opts: { submittedAt?: Date; focus?: string; setId?: string; layout?: string } = {},
) {
  return record(userId, {
    setId: opts.setId,
    questionIds: answers.map(([q]) => q.id),
    optionIds: answers.map(([q, right]) => (right ? q.correct : q.wrong)),
    submittedAt: opts.submittedAt,
    focus: opts.focus,
    layout: opts.layout,
  });
}

/** The error a call as this user fails with. */
function failure(userId: string, sql: string, params: unknown[] = []) {
  return asUser(backend.apiDb, userId, (tx) => tx.query(sql, params)).then(
    () => {
      throw new Error(`expected to fail: ${sql}`);
    },
    (error: { code: string; message: string; detail?: string }) => error,
  );
}

async function aggregatesOf(userId: string) {
  const rows = async (sql: string) => (await backend.db.query(sql, [userId])).rows;
  return {
    status: await rows(
      'select * from private.student_question_status where user_id = $1 order by question_id',
    ),
    categories: await rows(
      'select * from private.student_category_stats where user_id = $1 order by category',
    ),
    totals: await rows('select * from private.student_totals where user_id = $1'),
    sets: await rows('select * from public.practice_sets where user_id = $1 order by id'),
    answers: await rows('select * from public.practice_answers where user_id = $1 order by set_id, position'),
  };
}

interface Summary {
  totals: { sets: number; answered: number; correct: number };
  categories: { category: string; answered: number; correct: number }[];
  over_time: { set_id: string; submitted_at: string; correct: number; total: number }[];
  recent_sets: { set_id: string; submitted_at: string; correct: number; total: number; focus: string }[];
  weakest: { category: string; answered: number; correct: number }[];
  missed_count: number;
  seen_count: number;
  bank_size: number;
  judgment: unknown;
}
/** The judgment block (20261125130000_clinical_judgment.sql) of a student without judgment sets. */
const NO_JUDGMENT = {
  sets: 0,
  points: 0,
  max_points: 0,
  by_step: JUDGMENT_STEPS.map((step) => ({ step, points: 0, max_points: 0 })),
  by_category: CLIENT_NEEDS.map((need) => ({ category: need.name, points: 0, max_points: 0 })),
};
const summaryOf = (userId: string) =>
  asUser(backend.apiDb, userId, (tx) =>
    tx.query<{ summary: Summary }>('select public.get_results_summary() as summary'),
  ).then((r) => r.rows[0]?.summary as Summary);

interface PracticeQuestion {
  id: string;
  stem: string;
  category: string | null;
  rationale: string;
  options: { id: string; label: string; is_correct: boolean }[];
}
interface Focused {
  focus: string;
  category: string | null;
  questions: PracticeQuestion[];
}
const focusedOf = (userId: string, focus: string | null, limit: number | null = 10) =>
  asUser(backend.apiDb, userId, (tx) =>
    tx.query<{ set: Focused }>('select public.get_focused_practice_questions($1, $2) as set', [focus, limit]),
  ).then((r) => r.rows[0]?.set as Focused);

const practiceIdsOf = (userId: string, limit: number) =>
  asUser(backend.apiDb, userId, (tx) =>
    tx.query<{ set: { questions: PracticeQuestion[] } }>('select public.get_practice_questions($1) as set', [
      limit,
    ]),
  ).then((r) => (r.rows[0]?.set.questions ?? []).map((q) => q.id));

describe('record_practice_set', () => {
  test('grades on the server from question_options; the client sends no correctness', async () => {
    const user = await newUser();
    const answers: [BankQuestion, boolean][] = [
      [question(CC, 0), true],
      [question(PHA, 0), false],
      [question(SIC, 0), true],
      [question(PSY, 0), false],
    ];
    const submittedAt = at(1);
    const setId = crypto.randomUUID();
    const result = await recordAnswers(user, answers, { submittedAt, setId });
    expect(result).toEqual({
      set_id: setId,
      correct: 2,
      total: 4,
      submitted_at: expect.any(String),
      counted: true,
      already_recorded: false,
    });
    expect(Date.parse(result.submitted_at)).toBe(submittedAt.getTime());

    const stored = await backend.db.query<Record<string, unknown>>(
      `select position, question_id, category, chosen_option_id, correct_option_id, is_correct
         from public.practice_answers where set_id = $1 order by position`,
      [setId],
    );
    expect(stored.rows).toEqual(
      answers.map(([q, right], i) => ({
        position: i + 1,
        question_id: q.id,
        category: q.category,
        chosen_option_id: right ? q.correct : q.wrong,
        correct_option_id: q.correct,
        is_correct: right,
      })),
    );
    // The stored grade is whatever question_options says, checked independently here.
    const truth = await backend.db.query<{ position: number; is_correct: boolean }>(
      `select a.position, o.is_correct from public.practice_answers a
         join public.question_options o on o.id = a.chosen_option_id where a.set_id = $1 order by 1`,
      [setId],
    );
    expect(truth.rows.map((r) => r.is_correct)).toEqual(stored.rows.map((r) => r.is_correct));

    // There is no way to send a grade: no signature takes one (42883 undefined function).
    expect(
      await sqlStateOf(
        asUser(backend.apiDb, user, (tx) =>
          tx.query(
            `select public.record_practice_set(set_id => gen_random_uuid(), question_ids => $1,
               chosen_option_ids => $2, layout => 'one', started_at => now() - interval '1 minute',
               submitted_at => now(), correct => 4)`,
            [[question(CC, 1).id], [question(CC, 1).wrong]],
          ),
        ),
      ),
    ).toBe('42883');
  });

  test('the focus and layout are stored; focus defaults to mixed', async () => {
    const user = await newUser();
    const a = await recordAnswers(user, [[question(CC, 0), true]], { layout: 'all' });
    const b = await recordAnswers(user, [[question(CC, 1), true]], { focus: 'missed' });
    const rows = await backend.db.query<{ id: string; layout: string; focus: string }>(
      'select id, layout, focus from public.practice_sets where user_id = $1',
      [user],
    );
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { id: a.set_id, layout: 'all', focus: 'mixed' },
        { id: b.set_id, layout: 'one', focus: 'missed' },
      ]),
    );
  });

  test('a re-sent set id is stored once: the stored result, already_recorded, aggregates unchanged', async () => {
    const user = await newUser();
    const setId = crypto.randomUUID();
    const answers: [BankQuestion, boolean][] = [
      [question(CC, 2), true],
      [question(CC, 3), false],
      [question(HPM, 0), true],
    ];
    const first = await recordAnswers(user, answers, { setId, submittedAt: at(2) });
    const before = await aggregatesOf(user);
    expect(before.totals).toEqual([{ user_id: user, sets: 1, answered: 3, correct: 2, questions_seen: 3 }]);

    // The same set again, and the same id with different answers and times: nothing changes.
    const again = await recordAnswers(user, answers, { setId, submittedAt: at(2) });
    const altered = await recordAnswers(
      user,
      answers.map(([q]) => [q, true]),
      { setId, submittedAt: at(3) },
    );
    for (const resent of [again, altered]) {
      expect(resent).toEqual({ ...first, already_recorded: true });
    }
    expect(await aggregatesOf(user)).toEqual(before);
    expect(before.sets).toHaveLength(1);
    expect(before.answers).toHaveLength(3);
  });

  test('another student’s set id is refused without touching their set', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const setId = crypto.randomUUID();
    await recordAnswers(alice, [[question(CC, 4), true]], { setId });
    const before = await aggregatesOf(alice);
    const error = await asUser(backend.apiDb, bob, (tx) =>
      recordIn(tx, { setId, questionIds: [question(CC, 4).id], optionIds: [question(CC, 4).wrong] }),
    ).catch((e: { code: string; message: string }) => e);
    expect(error).toMatchObject({ code: '22023', message: 'This practice set id is already in use.' });
    expect(await aggregatesOf(alice)).toEqual(before);
    expect((await aggregatesOf(bob)).sets).toEqual([]);
  });

  test('needs a signed-in student, not entitlement', async () => {
    const lapsed = await newUser({ entitled: false });
    const result = await recordAnswers(lapsed, [[question(CC, 5), true]]);
    expect(result).toMatchObject({ correct: 1, total: 1, already_recorded: false });

    const call = `select public.record_practice_set(gen_random_uuid(), '["x"]', '["y"]', 'one', now(), now())`;
    // No user id in the token: the function's own refusal.
    const noSub = await asRole(backend.apiDb, 'authenticated', {}, (tx) => tx.query(call)).catch(
      (e: { code: string; message: string }) => e,
    );
    expect(noSub).toMatchObject({ code: '42501', message: 'Sign in to keep your practice record.' });
    // anon has no EXECUTE on any learning-record function (42501 before the body runs).
    expect(await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => tx.query(call)))).toBe('42501');
  });

  describe('refusals: 22023 with a message, nothing stored', () => {
    const q = () => question(BCC, 0);
    const q2 = () => question(BCC, 1);
    const now = () => new Date();
    // Messages naming bank ids are functions: the bank is read in beforeAll, after collection.
    const cases: [string, () => RecordArgs, string | (() => string)][] = [
      [
        'no set id',
        () => ({ setId: null, questionIds: [q().id], optionIds: [q().correct] }),
        'Send the practice set id.',
      ],
      [
        'null question ids',
        () => ({ questionIds: null, optionIds: [q().correct] }),
        'Send one chosen option for each question.',
      ],
      [
        'null option ids',
        () => ({ questionIds: [q().id], optionIds: null }),
        'Send one chosen option for each question.',
      ],
      [
        'empty arrays',
        () => ({ questionIds: [], optionIds: [] }),
        'Send one chosen option for each question.',
      ],
      [
        'length mismatch',
        () => ({ questionIds: [q().id, q2().id], optionIds: [q().correct] }),
        'Send one chosen option for each question.',
      ],
      [
        'a null element',
        () => ({ questionIds: [q().id, null], optionIds: [q().correct, q2().correct] }),
        'Send one chosen option for each question.',
      ],
      [
        'more than 50 questions',
        () => {
          const all = [...bank.values()].flat().slice(0, 51);
          return { questionIds: all.map((x) => x.id), optionIds: all.map((x) => x.correct) };
        },
        'A practice set holds at most 50 questions.',
      ],
      [
        'a duplicate question',
        () => ({ questionIds: [q().id, q2().id, q().id], optionIds: [q().correct, q2().correct, q().wrong] }),
        () => `Question ${question(BCC, 0).id} appears twice in the set.`,
      ],
      [
        'an unknown question',
        () => ({ questionIds: [q().id, 'no-such-question'], optionIds: [q().correct, 'no-such-question-a'] }),
        // The same answer as for a question never served: nothing says which ids exist.
        'This set has questions that were not given to you in the last 48 hours.',
      ],
      [
        'an option of another question',
        () => ({ questionIds: [q().id, q2().id], optionIds: [q().correct, q().wrong] }),
        () => `Option ${question(BCC, 0).wrong} does not belong to question ${question(BCC, 1).id}.`,
      ],
      [
        'an unknown option',
        () => ({ questionIds: [q().id], optionIds: ['made-up'] }),
        () => `Option made-up does not belong to question ${question(BCC, 0).id}.`,
      ],
      [
        'a bad layout',
        () => ({ questionIds: [q().id], optionIds: [q().correct], layout: 'grid' }),
        "Unknown layout: grid. Use 'one' or 'all'.",
      ],
      [
        'a null layout',
        () => ({ questionIds: [q().id], optionIds: [q().correct], layout: null }),
        "Unknown layout: null. Use 'one' or 'all'.",
      ],
      [
        'a bad focus',
        () => ({ questionIds: [q().id], optionIds: [q().correct], focus: 'random' }),
        "Unknown focus: random. Use 'mixed', 'weakest' or 'missed'.",
      ],
      [
        'no times',
        () => ({ questionIds: [q().id], optionIds: [q().correct], startedAt: null }),
        'Send when the set was started and submitted.',
      ],
      [
        'submitted before started',
        () => ({
          questionIds: [q().id],
          optionIds: [q().correct],
          startedAt: now(),
          submittedAt: new Date(Date.now() - 1000),
        }),
        'A practice set cannot be submitted before it was started.',
      ],
      [
        'submitted more than 5 minutes in the future',
        () => ({
          questionIds: [q().id],
          optionIds: [q().correct],
          startedAt: now(),
          submittedAt: new Date(Date.now() + 6 * 60_000),
        }),
        'The submission time is in the future.',
      ],
    ];
    test.each(cases)('%s', async (_name, args, message) => {
      const user = await newUser();
      const error = await asUser(backend.apiDb, user, (tx) => recordIn(tx, args())).catch(
        (e: { code: string; message: string }) => e,
      );
      expect(error).toMatchObject({
        code: '22023',
        message: typeof message === 'string' ? message : message(),
      });
      const after = await aggregatesOf(user);
      expect(after).toEqual({ status: [], categories: [], totals: [], sets: [], answers: [] });
    });

    test('4 minutes in the future is clock skew, accepted', async () => {
      const user = await newUser();
      const result = await record(user, {
        questionIds: [q().id],
        optionIds: [q().correct],
        submittedAt: new Date(Date.now() + 4 * 60_000),
      });
      expect(result.already_recorded).toBe(false);
    });
  });

  test('the latest answer is the one submitted last, whatever the order sets arrive in', async () => {
    const user = await newUser();
    const q = question(PSY, 5);
    await recordAnswers(user, [[q, false]], { submittedAt: at(10) });
    // Recorded later but submitted earlier (an offline set): it does not overwrite the newer answer.
    await recordAnswers(user, [[q, true]], { submittedAt: at(5) });
    const status = await backend.db.query(
      'select times_seen, times_correct, last_correct from private.student_question_status where user_id = $1',
      [user],
    );
    expect(status.rows).toEqual([{ times_seen: 2, times_correct: 1, last_correct: false }]);
    expect((await summaryOf(user)).missed_count).toBe(1);
    await recordAnswers(user, [[q, true]], { submittedAt: at(11) });
    expect((await summaryOf(user)).missed_count).toBe(0);
  });
});

describe('row level security and privileges', () => {
  let alice: string;
  let bob: string;
  let aliceSet: string;
  let bobSet: string;
  beforeAll(async () => {
    alice = await newUser();
    bob = await newUser();
    aliceSet = (await recordAnswers(alice, [[question(CC, 10), true]])).set_id;
    bobSet = (
      await recordAnswers(bob, [
        [question(CC, 11), false],
        [question(CC, 12), true],
      ])
    ).set_id;
  });

  const visible = (userId: string, table: string) =>
    asUser(backend.apiDb, userId, (tx) =>
      tx.query<{ set_id: string; user_id: string }>(
        table === 'practice_sets'
          ? 'select id as set_id, user_id from public.practice_sets'
          : 'select set_id, user_id from public.practice_answers',
      ),
    ).then((r) => r.rows);

  test('a student sees only their own sets and answers', async () => {
    expect(await visible(alice, 'practice_sets')).toEqual([{ set_id: aliceSet, user_id: alice }]);
    expect(await visible(bob, 'practice_sets')).toEqual([{ set_id: bobSet, user_id: bob }]);
    expect(await visible(alice, 'practice_answers')).toEqual([{ set_id: aliceSet, user_id: alice }]);
    expect(await visible(bob, 'practice_answers')).toEqual([
      { set_id: bobSet, user_id: bob },
      { set_id: bobSet, user_id: bob },
    ]);
    expect(await visible(crypto.randomUUID(), 'practice_sets')).toEqual([]);
    // Even asking for the other's rows by id returns nothing.
    const direct = await asUser(backend.apiDb, alice, (tx) =>
      tx.query('select * from public.practice_answers where set_id = $1', [bobSet]),
    );
    expect(direct.rows).toEqual([]);
  });

  test('anon sees nothing; nobody writes directly; the aggregates are out of reach', async () => {
    for (const table of ['public.practice_sets', 'public.practice_answers']) {
      expect(
        await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => tx.query(`select * from ${table}`))),
      ).toBe('42501');
    }
    const writes = [
      `insert into public.practice_sets (id, user_id, layout, started_at, submitted_at, question_count, correct_count)
         values (gen_random_uuid(), '${alice}', 'one', now(), now(), 10, 10)`,
      `update public.practice_sets set correct_count = 10 where id = '${aliceSet}'`,
      `delete from public.practice_sets where id = '${aliceSet}'`,
      `insert into public.practice_answers (set_id, position, user_id, question_id, chosen_option_id, correct_option_id, is_correct)
         values ('${aliceSet}', 2, '${alice}', 'x', 'x-a', 'x-a', true)`,
      `update public.practice_answers set is_correct = true where set_id = '${aliceSet}'`,
      `delete from public.practice_answers where set_id = '${aliceSet}'`,
      'select * from private.student_question_status',
      'select * from private.student_category_stats',
      'select * from private.student_totals',
      'select private.client_need_categories()',
      `select private.pick_practice_question_ids('${alice}', 3)`,
    ];
    for (const sql of writes) {
      for (const [role, claims] of [
        ['authenticated', { sub: alice, aud: 'authenticated' }],
        ['anon', {}],
      ] as const) {
        expect({
          sql,
          role,
          state: await sqlStateOf(asRole(backend.apiDb, role, claims, (tx) => tx.query(sql))),
        }).toEqual({ sql, role, state: '42501' });
      }
    }
    expect(await visible(alice, 'practice_answers')).toHaveLength(1);
  });

  test('the learning-record functions: authenticated may execute, anon may not', async () => {
    const rows = await backend.db.query<{
      fn: string;
      anon: boolean;
      authenticated: boolean;
      definer: boolean;
    }>(
      `select p.proname as fn, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated, p.prosecdef as definer
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = any($1) order by 1`,
      [
        [
          'record_practice_set',
          'get_results_summary',
          'get_practice_set',
          'get_focused_practice_questions',
          'reset_practice_history',
          'get_practice_questions',
        ],
      ],
    );
    expect(rows.rows).toHaveLength(6);
    for (const row of rows.rows)
      expect(row).toEqual({ fn: row.fn, anon: false, authenticated: true, definer: true });
  });

  test('every function refuses a token without a user', async () => {
    for (const sql of [
      'select public.get_results_summary()',
      'select public.get_practice_set(gen_random_uuid())',
      'select public.reset_practice_history()',
    ]) {
      const error = await asRole(backend.apiDb, 'authenticated', {}, (tx) => tx.query(sql)).catch(
        (e: { code: string; message: string }) => e,
      );
      expect(error).toMatchObject({ code: '42501', message: 'Sign in to keep your practice record.' });
    }
  });
});

describe('get_results_summary', () => {
  test('the categories are the eight client needs in the order of domain/client-needs.ts', async () => {
    const rows = await backend.db.query<{ names: string[] }>(
      'select private.client_need_categories() as names',
    );
    expect(rows.rows[0]?.names).toEqual(CLIENT_NEEDS.map((need) => need.name));
  });

  test('a student with no sets: zeros, all eight categories, empty lists', async () => {
    const user = await newUser();
    expect(await summaryOf(user)).toEqual({
      totals: { sets: 0, answered: 0, correct: 0 },
      categories: CLIENT_NEEDS.map((need) => ({ category: need.name, answered: 0, correct: 0 })),
      over_time: [],
      recent_sets: [],
      weakest: [],
      missed_count: 0,
      seen_count: 0,
      bank_size: await bankSize(),
      judgment: NO_JUDGMENT,
    });
  });

  test('hand-computed numbers for four sets across four categories', async () => {
    const user = await newUser();
    const cc = (i: number) => question(CC, 20 + i);
    const sic = (i: number) => question(SIC, 20 + i);
    const pha = (i: number) => question(PHA, 20 + i);
    const psy = (i: number) => question(PSY, 20 + i);
    const s1 = await recordAnswers(
      user,
      [
        [cc(1), true],
        [cc(2), true],
        [cc(3), false],
        [cc(4), false],
        [cc(5), false],
        [sic(1), true],
        [sic(2), true],
        [sic(3), true],
      ],
      { submittedAt: at(100) },
    );
    const s2 = await recordAnswers(
      user,
      [
        [pha(1), true],
        [pha(2), true],
        [pha(3), true],
        [pha(4), true],
        [pha(5), false],
        [pha(6), false],
        [cc(1), false],
        [cc(6), true],
      ],
      { submittedAt: at(101) },
    );
    const s3 = await recordAnswers(
      user,
      [
        [sic(1), false],
        [sic(2), false],
        [sic(3), false],
        [sic(4), true],
        [sic(5), true],
        [psy(1), true],
        [psy(2), true],
        [psy(3), true],
        [psy(4), true],
      ],
      { submittedAt: at(102), layout: 'all' },
    );
    const s4 = await recordAnswers(
      user,
      [
        [cc(3), true],
        [cc(7), false],
      ],
      { submittedAt: at(103), focus: 'weakest' },
    );
    expect([s1, s2, s3, s4].map((s) => [s.correct, s.total])).toEqual([
      [5, 8],
      [5, 8],
      [6, 9],
      [1, 2],
    ]);

    // By hand. Coordinated Care: set 1 2/5, set 2 1/2, set 4 1/2 = 4/9 (44 %).
    // Safety: 3/3 then 2/5 = 5/8 (62.5 %). Pharmacological: 4/6 (67 %). Psychosocial: 4/4 but
    // fewer than 5 answers, so never "weakest". Missed (latest answer wrong): cc 1 (wrong in set
    // 2), cc 4, cc 5, cc 7 (cc 3 was fixed in set 4), sic 1–3, pha 5–6 = 9. Seen: 7 + 5 + 6 + 4 = 22.
    const summary = await summaryOf(user);
    const counts: Record<string, [number, number]> = {
      [CC]: [9, 4],
      [SIC]: [8, 5],
      [PHA]: [6, 4],
      [PSY]: [4, 4],
    };
    const row = (set: RecordResult) => ({
      set_id: set.set_id,
      submitted_at: set.submitted_at,
      correct: set.correct,
      total: set.total,
    });
    expect(summary).toEqual({
      totals: { sets: 4, answered: 27, correct: 17 },
      categories: CLIENT_NEEDS.map((need) => ({
        category: need.name,
        answered: counts[need.name]?.[0] ?? 0,
        correct: counts[need.name]?.[1] ?? 0,
      })),
      over_time: [row(s1), row(s2), row(s3), row(s4)],
      recent_sets: [
        { ...row(s4), focus: 'weakest', counted: true },
        { ...row(s3), focus: 'mixed', counted: true },
        { ...row(s2), focus: 'mixed', counted: true },
        { ...row(s1), focus: 'mixed', counted: true },
      ],
      weakest: [
        { category: CC, answered: 9, correct: 4 },
        { category: SIC, answered: 8, correct: 5 },
      ],
      missed_count: 9,
      seen_count: 22,
      bank_size: await bankSize(),
      judgment: NO_JUDGMENT,
    });
    expect(Object.keys(summary)).toEqual([
      'totals',
      'categories',
      'over_time',
      'recent_sets',
      'weakest',
      'missed_count',
      'seen_count',
      'bank_size',
      'judgment',
    ]);
  });

  test('weakest: at least 5 answers; equal accuracy puts the category with more answers first', async () => {
    const user = await newUser();
    const set = (category: string, right: number, wrong: number): [BankQuestion, boolean][] =>
      Array.from({ length: right + wrong }, (_, i) => [question(category, 30 + i), i < right]);
    // Health promotion 2/5 (40 %), Basic care 4/10 (40 %), Psychosocial 0/4 (too few), Pharm 3/5.
    await recordAnswers(user, set(HPM, 2, 3), { submittedAt: at(1) });
    await recordAnswers(user, set(BCC, 4, 6), { submittedAt: at(2) });
    await recordAnswers(user, set(PSY, 0, 4), { submittedAt: at(3) });
    await recordAnswers(user, set(PHA, 3, 2), { submittedAt: at(4) });
    expect((await summaryOf(user)).weakest).toEqual([
      { category: BCC, answered: 10, correct: 4 },
      { category: HPM, answered: 5, correct: 2 },
    ]);

    const fewAnswers = await newUser();
    await recordAnswers(fewAnswers, set(PSY, 0, 4));
    expect((await summaryOf(fewAnswers)).weakest).toEqual([]);
  });

  test('over_time holds the last 30 sets oldest first, recent_sets the last 20 newest first', async () => {
    const user = await newUser();
    const sets: RecordResult[] = [];
    for (let i = 0; i < 35; i++) {
      // Recorded out of order: the order comes from submitted_at.
      const hour = (i * 13) % 35;
      const result = await recordAnswers(user, [[question(CC, i), i % 2 === 0]], {
        submittedAt: at(200 + hour),
      });
      sets[hour] = result;
    }
    const summary = await summaryOf(user);
    expect(summary.totals).toEqual({ sets: 35, answered: 35, correct: 18 });
    expect(summary.over_time.map((s) => s.set_id)).toEqual(sets.slice(5).map((s) => s.set_id));
    expect(summary.recent_sets.map((s) => s.set_id)).toEqual(
      sets
        .slice(15)
        .reverse()
        .map((s) => s.set_id),
    );
  });
});

describe('get_practice_set', () => {
  let owner: string;
  let setId: string;
  let retired: BankQuestion;
  const answers = (): [BankQuestion, boolean][] => [
    [question(PHA, 40), false],
    [question(SIC, 40), true],
    [question(HPM, 36), false],
  ];

  beforeAll(async () => {
    owner = await newUser();
    setId = (await recordAnswers(owner, answers(), { submittedAt: at(50), layout: 'all', focus: 'missed' }))
      .set_id;
    retired = question(HPM, 36);
  });

  const practiceSetOf = (userId: string, id: string) =>
    asUser(backend.apiDb, userId, (tx) =>
      tx.query<{ set: Record<string, unknown> & { questions: Record<string, unknown>[] } }>(
        'select public.get_practice_set($1) as set',
        [id],
      ),
    ).then((r) => r.rows[0]?.set);

  test('the owner gets the set with the chosen and correct options, rationale and options in order', async () => {
    const set = await practiceSetOf(owner, setId);
    expect(Object.keys(set ?? {})).toEqual([
      'set_id',
      'submitted_at',
      'started_at',
      'layout',
      'focus',
      'correct',
      'total',
      'counted',
      'content_available',
      'questions',
    ]);
    expect(set).toMatchObject({ set_id: setId, layout: 'all', focus: 'missed', correct: 1, total: 3 });
    expect(Date.parse(String(set?.submitted_at))).toBe(at(50).getTime());
    expect(Date.parse(String(set?.started_at))).toBe(at(50).getTime() - 10 * 60_000);
    const bankRows = await backend.db.query<{
      id: string;
      stem: string;
      rationale: string;
      options: unknown;
    }>(
      `select q.id, q.stem, q.rationale,
              (select json_agg(json_build_object('id', o.id, 'label', o.label, 'is_correct', o.is_correct)
                               order by o.position) from public.question_options o where o.question_id = q.id) as options
         from public.questions q where q.id = any($1)`,
      [answers().map(([q]) => q.id)],
    );
    const byId = new Map(bankRows.rows.map((r) => [r.id, r]));
    expect(set?.questions).toEqual(
      answers().map(([q, right]) => ({
        id: q.id,
        stem: byId.get(q.id)?.stem,
        category: q.category,
        rationale: byId.get(q.id)?.rationale,
        chosen_option_id: right ? q.correct : q.wrong,
        correct_option_id: q.correct,
        is_correct: right,
        options: byId.get(q.id)?.options,
      })),
    );
    for (const item of set?.questions ?? []) {
      expect(Object.keys(item)).toEqual([
        'id',
        'stem',
        'category',
        'rationale',
        'chosen_option_id',
        'correct_option_id',
        'is_correct',
        'options',
      ]);
      expect(item.options).toHaveLength(4);
    }
  });

  test('another student’s set and an unknown id are both "not found" (404 P0002 through PostgREST)', async () => {
    const stranger = await newUser();
    for (const [userId, id] of [
      [stranger, setId],
      [owner, crypto.randomUUID()],
    ] as const) {
      const error = await failure(userId, 'select public.get_practice_set($1)', [id]);
      // RAISE SQLSTATE 'PGRST': the body is the message, the status the detail (see the migration).
      expect(error.code).toBe('PGRST');
      expect(JSON.parse(error.message)).toEqual({ code: 'P0002', message: 'Practice set not found.' });
      expect(JSON.parse(String(error.detail))).toEqual({ status: 404, headers: {} });
    }
  });

  test('a question retired from the bank comes back with stem null and no options; the record stays', async () => {
    const summaryBefore = await summaryOf(owner);
    expect(summaryBefore.missed_count).toBe(2);
    const sizeBefore = await bankSize();
    await backend.db.query('delete from public.questions where id = $1', [retired.id]);
    const set = await practiceSetOf(owner, setId);
    expect(set?.questions[2]).toEqual({
      id: retired.id,
      stem: null,
      category: HPM,
      rationale: null,
      chosen_option_id: retired.wrong,
      correct_option_id: retired.correct,
      is_correct: false,
      options: [],
    });
    expect(set?.questions[0]?.stem).toEqual(expect.any(String));
    const summary = await summaryOf(owner);
    // Only questions still in the bank are missed or seen; the totals keep the history.
    expect(summary).toMatchObject({
      missed_count: 1,
      seen_count: 2,
      bank_size: sizeBefore - 1,
      totals: { sets: 1, answered: 3, correct: 1 },
    });
  });
});

describe('get_focused_practice_questions', () => {
  test('entitlement is required, with get_practice_questions’ refusal', async () => {
    const lapsed = await newUser({ entitled: false });
    const error = await failure(lapsed, `select public.get_focused_practice_questions('missed')`);
    expect(error).toMatchObject({
      code: '42501',
      message: 'An active subscription or trial is required to practise.',
    });
    const anon = asRole(backend.apiDb, 'anon', {}, (tx) =>
      tx.query(`select public.get_focused_practice_questions('missed')`),
    );
    expect(await sqlStateOf(anon)).toBe('42501');
  });

  test('an unknown focus is 22023', async () => {
    const user = await newUser();
    for (const focus of ['mixed', 'hardest', null]) {
      const error = await failure(user, 'select public.get_focused_practice_questions($1)', [focus]);
      expect(error).toMatchObject({
        code: '22023',
        message: `Unknown focus: ${focus ?? 'null'}. Use 'weakest' or 'missed'.`,
      });
    }
  });

  test('nothing answered: no category and no questions', async () => {
    const user = await newUser();
    expect(await focusedOf(user, 'weakest')).toEqual({ focus: 'weakest', category: null, questions: [] });
    expect(await focusedOf(user, 'missed')).toEqual({ focus: 'missed', category: null, questions: [] });
  });

  test("'weakest' draws from the weakest category, unseen questions first", async () => {
    const user = await newUser();
    // Pharm 1/5 (weakest), Safety 2/5.
    const pharm = Array.from({ length: 5 }, (_, i) => question(PHA, i));
    await recordAnswers(
      user,
      pharm.map((q, i) => [q, i === 0]),
      { submittedAt: at(1) },
    );
    await recordAnswers(
      user,
      Array.from({ length: 5 }, (_, i): [BankQuestion, boolean] => [question(SIC, i), i < 2]),
      { submittedAt: at(2) },
    );
    const set = await focusedOf(user, 'weakest', 10);
    expect(set.focus).toBe('weakest');
    expect(set.category).toBe(PHA);
    expect(set.questions).toHaveLength(10);
    const seen = new Set(pharm.map((q) => q.id));
    for (const item of set.questions) {
      expect(item.category).toBe(PHA);
      expect(seen.has(item.id)).toBe(false);
      expect(Object.keys(item)).toEqual(['id', 'stem', 'category', 'rationale', 'options']);
      expect(item.options).toHaveLength(4);
    }
    // The most allowed (50, or the whole category if smaller): the unseen first, then the 4
    // missed, then the one answered right.
    const pharmCount = bank.get(PHA)?.length ?? 0;
    const limit = Math.min(50, pharmCount);
    const ids = (await focusedOf(user, 'weakest', 60)).questions.map((q) => q.id);
    expect(ids).toHaveLength(limit);
    expect(new Set(ids).size).toBe(limit);
    const unseenCount = Math.min(limit, pharmCount - 5);
    expect(ids.slice(0, unseenCount).some((id) => seen.has(id))).toBe(false);
    const missedIds = pharm.slice(1).map((q) => q.id);
    for (const id of ids.slice(unseenCount, unseenCount + 4)) expect(missedIds).toContain(id);
    if (ids.length > unseenCount + 4) expect(ids[unseenCount + 4]).toBe(pharm[0]?.id);
  });

  test("'weakest' without a category of 5 answers: the lowest accuracy among those answered", async () => {
    const user = await newUser();
    await recordAnswers(user, [
      [question(PSY, 40), true],
      [question(PSY, 41), false],
      [question(BCC, 35), false],
      [question(BCC, 36), false],
      [question(HPM, 30), true],
    ]);
    const set = await focusedOf(user, 'weakest', 3);
    expect(set.category).toBe(BCC);
    expect(set.questions.map((q) => q.category)).toEqual([BCC, BCC, BCC]);
  });

  test("'missed' returns exactly the questions whose latest answer was wrong", async () => {
    const user = await newUser();
    const missed = [question(CC, 60), question(SIC, 41), question(PHA, 41)];
    const right = [question(CC, 61), question(PSY, 42)];
    const fixed = question(CC, 62);
    await recordAnswers(
      user,
      [
        ...missed.map((q): [BankQuestion, boolean] => [q, false]),
        ...right.map((q): [BankQuestion, boolean] => [q, true]),
        [fixed, false],
      ],
      { submittedAt: at(1) },
    );
    await recordAnswers(user, [[fixed, true]], { submittedAt: at(2) });
    const set = await focusedOf(user, 'missed', 10);
    expect(set.focus).toBe('missed');
    expect(set.category).toBeNull();
    expect(new Set(set.questions.map((q) => q.id))).toEqual(new Set(missed.map((q) => q.id)));
    expect((await focusedOf(user, 'missed', 2)).questions).toHaveLength(2);
    expect(
      (await focusedOf(user, 'missed', 2)).questions.every((q) => missed.some((m) => m.id === q.id)),
    ).toBe(true);
  });
});

describe('reset_practice_history', () => {
  test('deletes the caller’s sets, answers and aggregates, and nobody else’s', async () => {
    const user = await newUser();
    const other = await newUser();
    await recordAnswers(user, [[question(CC, 70), false]], { submittedAt: at(1) });
    await recordAnswers(user, [[question(CC, 71), true]], { submittedAt: at(2) });
    await recordAnswers(other, [[question(CC, 70), false]]);
    const otherBefore = await aggregatesOf(other);

    const result = await asUser(backend.apiDb, user, (tx) =>
      tx.query<{ result: unknown }>('select public.reset_practice_history() as result'),
    );
    expect(result.rows[0]?.result).toEqual({
      deleted_sets: 2,
      deleted_judgment_sets: 0,
      deleted_custom_tests: 0,
    });
    expect(await aggregatesOf(user)).toEqual({
      status: [],
      categories: [],
      totals: [],
      sets: [],
      answers: [],
    });
    expect(await summaryOf(user)).toMatchObject({
      totals: { sets: 0, answered: 0, correct: 0 },
      missed_count: 0,
      seen_count: 0,
    });
    expect(await aggregatesOf(other)).toEqual(otherBefore);
    const again = await asUser(backend.apiDb, user, (tx) =>
      tx.query<{ result: unknown }>('select public.reset_practice_history() as result'),
    );
    expect(again.rows[0]?.result).toEqual({
      deleted_sets: 0,
      deleted_judgment_sets: 0,
      deleted_custom_tests: 0,
    });
    // A fresh start: the same question is new again.
    await recordAnswers(user, [[question(CC, 70), true]]);
    expect((await aggregatesOf(user)).totals).toEqual([
      { user_id: user, sets: 1, answered: 1, correct: 1, questions_seen: 1 },
    ]);
  });
});

// These replace the bank, so they run last.
describe('get_practice_questions prefers unseen, then missed questions', () => {
  /** Replaces the bank with `count` questions q00001.. with 4 options each (a is correct). */
  async function replaceBank(count: number, category = CC) {
    await backend.db.exec('delete from public.questions');
    await backend.db.query(
      `insert into public.questions (id, category, difficulty, stem, rationale)
       select 'q' || lpad(i::text, 5, '0'), $2, 'easy', 'Stem ' || i, 'Because ' || i
         from generate_series(1, $1) as i`,
      [count, category],
    );
    await backend.db.exec(
      `insert into public.question_options (id, question_id, position, label, is_correct)
       select q.id || '-' || l.letter, q.id, l.pos, 'Option ' || l.letter, l.pos = 1
         from public.questions q, (values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')) as l(pos, letter);
       analyze public.questions; analyze public.question_options;`,
    );
  }
  const id = (i: number) => `q${String(i).padStart(5, '0')}`;
  const synthetic = (i: number, category = CC): BankQuestion => ({
    id: id(i),
    category,
    correct: `${id(i)}-a`,
    wrong: `${id(i)}-b`,
  });
  /** Records questions from..to (inclusive) in sets of up to 50, the listed ones answered wrong. */
  async function answerRange(userId: string, from: number, to: number, wrong: number[] = []) {
    const all = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    for (let start = 0; start < all.length; start += 50) {
      await recordAnswers(
        userId,
        all.slice(start, start + 50).map((i) => [synthetic(i), !wrong.includes(i)]),
        { submittedAt: at(start / 50) },
      );
    }
  }

  test('a student who has seen all but 10 questions gets exactly those 10, every time', async () => {
    await replaceBank(60);
    const user = await newUser();
    const unseen = [3, 9, 17, 22, 30, 41, 48, 55, 59, 60].map(id);
    const seen = Array.from({ length: 60 }, (_, i) => id(i + 1)).filter((q) => !unseen.includes(q));
    await recordAnswers(
      user,
      seen.slice(0, 40).map((q) => [synthetic(Number(q.slice(1))), true]),
      { submittedAt: at(1) },
    );
    await recordAnswers(
      user,
      seen.slice(40).map((q) => [synthetic(Number(q.slice(1))), true]),
      { submittedAt: at(2) },
    );
    for (let i = 0; i < 20; i++) {
      const ids = await practiceIdsOf(user, 10);
      expect(new Set(ids)).toEqual(new Set(unseen));
    }
    // Fewer asked than unseen: only unseen ones.
    for (let i = 0; i < 10; i++) {
      const ids = await practiceIdsOf(user, 4);
      expect(ids).toHaveLength(4);
      expect(ids.every((q) => unseen.includes(q))).toBe(true);
    }
  });

  test('unseen first even when most of a larger bank is unseen (the probing path)', async () => {
    await replaceBank(400);
    const user = await newUser();
    await answerRange(user, 1, 200);
    for (let i = 0; i < 10; i++) {
      const ids = await practiceIdsOf(user, 20);
      expect(new Set(ids).size).toBe(20);
      expect(ids.every((q) => Number(q.slice(1)) > 200)).toBe(true);
    }
  });

  test('then the missed ones, then any; distinct and the same shape', async () => {
    await replaceBank(30);
    const user = await newUser();
    const missed = [4, 11, 27];
    await answerRange(user, 1, 30, missed);
    for (let i = 0; i < 10; i++) {
      const ids = await practiceIdsOf(user, 5);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
      expect(new Set(ids.slice(0, 3))).toEqual(new Set(missed.map(id)));
    }
    // Two unseen questions join the bank: unseen, then missed, then any.
    await backend.db.exec(
      `insert into public.questions (id, category, difficulty, stem, rationale)
         values ('q00031', '${CC}', 'easy', 'Stem 31', 'R'), ('q00032', '${CC}', 'easy', 'Stem 32', 'R');
       insert into public.question_options (id, question_id, position, label, is_correct)
         select q || '-' || l, q, p, 'Option ' || l, p = 1
           from unnest(array['q00031', 'q00032']) as q, (values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')) as o(p, l);`,
    );
    const ids = await practiceIdsOf(user, 8);
    expect(new Set(ids.slice(0, 2))).toEqual(new Set(['q00031', 'q00032']));
    expect(new Set(ids.slice(2, 5))).toEqual(new Set(missed.map(id)));
    expect(new Set(ids).size).toBe(8);
    // More asked than the bank holds: the whole bank.
    expect(new Set(await practiceIdsOf(user, 50)).size).toBe(32);
  });

  test("'weakest' in a small category: unseen, then missed, then the rest", async () => {
    await replaceBank(6, PHA);
    const user = await newUser();
    await recordAnswers(user, [
      [synthetic(1, PHA), false],
      [synthetic(2, PHA), false],
      [synthetic(3, PHA), true],
      [synthetic(4, PHA), true],
      [synthetic(5, PHA), false],
    ]);
    for (let i = 0; i < 5; i++) {
      const set = await focusedOf(user, 'weakest', 10);
      expect(set.category).toBe(PHA);
      const ids = set.questions.map((q) => q.id);
      expect(ids[0]).toBe(id(6));
      expect(new Set(ids.slice(1, 4))).toEqual(new Set([id(1), id(2), id(5)]));
      expect(new Set(ids.slice(4))).toEqual(new Set([id(3), id(4)]));
    }
  });

  test('still index probes, never a scan of the questions table, for students with a history', async () => {
    await replaceBank(3000);
    await backend.db.exec('analyze public.questions; analyze public.question_options');
    const some = await newUser();
    await answerRange(some, 1, 100, [5, 50]);
    const nearlyAll = await newUser();
    await answerRange(nearlyAll, 1, 2990, [7]);
    const scans = (userId: string) =>
      asUser(backend.apiDb, userId, async (tx) => {
        const counters = async () =>
          (
            await tx.query<{ seq_scan: number; idx_scan: number }>(
              `select seq_scan, idx_scan from pg_stat_xact_user_tables where relid = 'public.questions'::regclass`,
            )
          ).rows[0] ?? { seq_scan: 0, idx_scan: 0 };
        const before = await counters();
        const result = await tx.query<{ set: { questions: { id: string }[] } }>(
          'select public.get_practice_questions(10) as set',
        );
        const after = await counters();
        return {
          ids: result.rows[0]?.set.questions.map((q) => q.id) ?? [],
          seq_scan: Number(after.seq_scan) - Number(before.seq_scan),
          idx_scan: Number(after.idx_scan) - Number(before.idx_scan),
        };
      });
    const forSome = await scans(some);
    expect(forSome.seq_scan).toBe(0);
    expect(forSome.idx_scan).toBeGreaterThan(0);
    expect(forSome.ids.every((q) => Number(q.slice(1)) > 100)).toBe(true);
    const forNearlyAll = await scans(nearlyAll);
    expect(forNearlyAll.seq_scan).toBe(0);
    expect(new Set(forNearlyAll.ids)).toEqual(new Set(Array.from({ length: 10 }, (_, i) => id(2991 + i))));
  });
});

// PostgREST itself is not part of the real-engine tier: these run on the local backend only.
describe.skipIf(ON_POSTGRES)('through the REST endpoint', () => {
  const PASSWORD = 'correct-horse-1';
  async function session() {
    const user = await createConfirmedUser(backend, `rest-record-${++userCounter}@example.com`, PASSWORD);
    await grantTrial(backend, user.id);
    const client = createTestClient(localBackend(backend));
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    expect(error).toBeNull();
    return { client, id: user.id, token: data.session?.access_token ?? '' };
  }
  const rpc = (fn: string, body: string, token?: string) =>
    fetch(`${localBackend(backend).url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: localBackend(backend).anonKey,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });

  test('malformed record_practice_set calls get a 4xx JSON error, never a 5xx', async () => {
    const { token } = await session();
    const q = await backend.db.query<{ id: string }>('select id from public.questions order by id limit 2');
    const [q1, q2] = q.rows.map((r) => r.id);
    const valid = {
      set_id: crypto.randomUUID(),
      question_ids: [q1],
      chosen_option_ids: [`${q1}-a`],
      layout: 'one',
      started_at: new Date(Date.now() - 60_000).toISOString(),
      submitted_at: new Date().toISOString(),
    };
    const bodies: [string, number, string][] = [
      [JSON.stringify({ ...valid, set_id: 'not-a-uuid' }), 400, '22P02'],
      [JSON.stringify({ ...valid, set_id: 5 }), 400, '22P02'],
      // A JSON string where an array belongs: a jsonb string value, refused by the function.
      [JSON.stringify({ ...valid, question_ids: 'q1' }), 400, '22023'],
      [JSON.stringify({ ...valid, question_ids: [q1, q2] }), 400, '22023'],
      [JSON.stringify({ ...valid, question_ids: [[q1]] }), 400, '22023'],
      [JSON.stringify({ ...valid, question_ids: [null], chosen_option_ids: [null] }), 400, '22023'],
      [JSON.stringify({ ...valid, chosen_option_ids: [{ id: 'x' }] }), 400, '22023'],
      [JSON.stringify({ ...valid, started_at: 'yesterday-ish' }), 400, '22007'],
      [JSON.stringify({ ...valid, layout: 'grid' }), 400, '22023'],
      [JSON.stringify({ ...valid, correct: 1 }), 404, 'PGRST202'],
      [JSON.stringify({ set_id: valid.set_id }), 404, 'PGRST202'],
      ['{"set_id":', 400, 'PGRST102'],
    ];
    for (const [body, status, code] of bodies) {
      const response = await rpc('record_practice_set', body, token);
      const json = (await response.json()) as Record<string, unknown>;
      expect({ body, status: response.status, code: json.code }).toEqual({ body, status, code });
      expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
    // Without a session: 401.
    const anon = await rpc('record_practice_set', JSON.stringify(valid));
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { code: string }).code).toBe('42501');
  });

  test('supabase-js: record, re-send, read back; an unknown set is 404 P0002', async () => {
    const { client } = await session();
    const served = await client.rpc('get_practice_questions', { question_limit: 1 });
    const question = (served.data as { questions: ServedQuestion[] }).questions[0];
    const args = {
      set_id: crypto.randomUUID(),
      question_ids: [question?.id],
      chosen_option_ids: [question?.options.find((o) => o.is_correct)?.id],
      layout: 'all',
      started_at: new Date(Date.now() - 60_000).toISOString(),
      submitted_at: new Date().toISOString(),
      focus: 'mixed',
    };
    const first = await client.rpc('record_practice_set', args);
    expect(first).toMatchObject({
      status: 200,
      error: null,
      data: { correct: 1, total: 1, already_recorded: false },
    });
    const again = await client.rpc('record_practice_set', args);
    expect(again.data).toMatchObject({ already_recorded: true });
    const read = await client.rpc('get_practice_set', { set_id: args.set_id });
    expect(read).toMatchObject({ status: 200, data: { set_id: args.set_id, total: 1 } });
    // GET works for the read-only functions.
    const summary = await client.rpc('get_results_summary', undefined, { get: true });
    expect(summary).toMatchObject({ status: 200, data: { totals: { sets: 1, answered: 1, correct: 1 } } });

    const missing = await client.rpc('get_practice_set', { set_id: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.error).toEqual({
      code: 'P0002',
      message: 'Practice set not found.',
      details: null,
      hint: null,
    });
  });
});
