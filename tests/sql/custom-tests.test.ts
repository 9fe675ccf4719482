// Custom tests (supabase/migrations/20261128162200_custom_tests.sql, decision 220) on a known
// fixture: the builder's counts equal what the serve gives for every kind of setting; pools follow
// the student's record; timed tests keep every key on the server until submit, tutor tests reveal an
// item's key once it is answered and lock it; the submit records into the results figures and the
// review schedule; flags and notes stay with the item; bad input is a 4xx; on PostgreSQL, answers
// and submits racing on one test leave one consistent record.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CaseStudy, NgnItem } from '../../domain/ngn-items.ts';
import { scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring.ts';
import {
  decodeCustomTest,
  decodeCustomTestCounts,
  decodeCustomTestItem,
} from '../../src/services/custom-tests.ts';
import { createConfirmedUser, createTestClient, grantTrial } from '../support/backend.ts';
import { fixtureCase, fixtureItems, replaceNgnBank } from '../support/ngn-fixtures.ts';
import { localBackend, ON_POSTGRES, type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';

// The fixture: 12 Coordinated Care and 8 Pharmacological Therapies questions (option a right), the
// six stand-alone NGN items (Physiological Adaptation) and two case studies (one Physiological
// Adaptation, one Coordinated Care).
const CC = 'Coordinated Care';
const PT = 'Pharmacological Therapies';
const PA = 'Physiological Adaptation';
const secondCase: CaseStudy = {
  ...fixtureCase,
  id: 'ngn-cs-92',
  title: 'Second fixture case',
  category: CC,
  items: fixtureCase.items.map((item) => ({ ...item, id: item.id.replace('-91-', '-92-'), category: CC })),
};

let backend: SqlBackend;
beforeAll(async () => {
  backend = await startSqlBackend();
  await backend.db.exec('delete from public.questions');
  await backend.db.query(
    `insert into public.questions (id, category, difficulty, stem, rationale)
     select 'cq' || lpad(i::text, 2, '0'), case when i <= 12 then $1 else $2 end, 'easy',
            'Stem ' || i, 'Because ' || i
       from generate_series(1, 20) as i`,
    [CC, PT],
  );
  await backend.db.exec(
    `insert into public.question_options (id, question_id, position, label, is_correct)
     select q.id || '-' || l.letter, q.id, l.pos, 'Option ' || l.letter, l.pos = 1
       from public.questions q, (values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')) as l(pos, letter)`,
  );
  await replaceNgnBank(backend, fixtureItems, [fixtureCase, secondCase]);
});
afterAll(async () => {
  await backend?.close();
});

const PASSWORD = 'custom-test-password-1';
let counter = 0;
async function newStudent(trial = true) {
  counter += 1;
  const user = await createConfirmedUser(backend, `custom${counter}@example.com`, PASSWORD);
  if (trial) await grantTrial(backend, user.id);
  return user;
}

const call = <T>(userId: string, sql: string, params: unknown[] = []) =>
  asUser(backend.apiDb, userId, (tx) => tx.query<{ result: T }>(sql, params)).then(
    (r) => r.rows[0]?.result as T,
  );

type Kind = 'classic' | 'standalone' | 'case';
type Pool = 'all' | 'unused' | 'incorrect' | 'flagged' | 'due';
interface Settings {
  categories: string[];
  item_count: number;
  pool: Pool;
  kinds: Kind[];
  mode: 'tutor' | 'timed';
  utc_offset_minutes?: number;
}
const settingsOf = (over: Partial<Settings> = {}): Settings => ({
  categories: [CC, PT, PA],
  item_count: 10,
  pool: 'all',
  kinds: ['classic'],
  mode: 'tutor',
  utc_offset_minutes: 0,
  ...over,
});

const counts = (userId: string, settings: unknown) =>
  call<unknown>(userId, 'select public.get_custom_test_counts($1::jsonb) as result', [
    JSON.stringify(settings),
  ]).then(decodeCustomTestCounts);
const start = (userId: string, settings: unknown) =>
  call<unknown>(userId, 'select public.start_custom_test($1::jsonb) as result', [
    JSON.stringify(settings),
  ]).then(decodeCustomTest);
const answer = (userId: string, testId: string, position: number, response: unknown, seconds = 30) =>
  call<unknown>(userId, 'select public.answer_custom_test_item($1, $2, $3::jsonb, $4) as result', [
    testId,
    position,
    JSON.stringify(response),
    seconds,
  ]).then(decodeCustomTestItem);
const submit = (userId: string, testId: string) =>
  call<unknown>(userId, 'select public.submit_custom_test($1) as result', [testId]).then(decodeCustomTest);
const getTest = (userId: string, testId: string) =>
  call<unknown>(userId, 'select public.get_custom_test($1) as result', [testId]).then(decodeCustomTest);
const mark = (userId: string, bank: string, itemId: string, flagged: boolean, note: string) =>
  call<unknown>(userId, 'select public.set_item_mark($1, $2, $3, $4) as result', [
    bank,
    itemId,
    flagged,
    note,
  ]);

/** Every key an object holds, at any depth. */
function keysIn(value: unknown): Set<string> {
  const keys = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        keys.add(k);
        walk(inner);
      }
  };
  walk(value);
  return keys;
}
/** The value, or the test fails here (instead of a non-null assertion). */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}
const KEY_FIELDS = ['is_correct', 'correct', 'answers', 'rationale', 'scoring', 'difficulty'];

describe('the builder’s counts are what the serve gives (known fixture)', () => {
  let student: { id: string };
  beforeAll(async () => {
    student = await newStudent();
  });

  test('each choice’s count, the others as given', async () => {
    const all = await counts(
      student.id,
      settingsOf({ kinds: ['classic', 'standalone', 'case'], item_count: 85 }),
    );
    expect(all.byKind).toEqual({ classic: 20, standalone: 6, case: 12 });
    expect(all.byPool).toEqual({ all: 38, unused: 38, incorrect: 0, flagged: 0, due: 0 });
    expect(all.byCategory.map((c) => [c.category, c.available])).toEqual([
      [CC, 18],
      ['Safety & Infection Control', 0],
      ['Health Promotion & Maintenance', 0],
      ['Psychosocial Integrity', 0],
      ['Basic Care & Comfort', 0],
      [PT, 8],
      ['Reduction of Risk Potential', 0],
      [PA, 12],
    ]);
    expect([all.available, all.items]).toEqual([38, 38]);
  });

  // [settings, items served]: the size rule on each shape of choice.
  const cases: [string, Partial<Settings>, number][] = [
    ['one category, classic, fewer than available', { categories: [CC], item_count: 10 }, 10],
    ['every category, classic, more than available', { item_count: 85 }, 20],
    ['case studies only, room for one', { kinds: ['case'], item_count: 10 }, 6],
    ['case studies only, room for both', { kinds: ['case'], item_count: 85 }, 12],
    ['stand-alone and case studies: one case study, the rest singles', { kinds: ['standalone', 'case'] }, 10],
    ['all three kinds, long', { kinds: ['classic', 'standalone', 'case'], item_count: 85 }, 38],
    ['all three kinds, 20 items', { kinds: ['classic', 'standalone', 'case'], item_count: 20 }, 20],
    [
      'a category with classic questions only, asked for NGN too',
      { categories: [PT], kinds: ['classic', 'standalone'] },
      8,
    ],
  ];
  test.each(cases)('%s', async (_name, over, expected) => {
    const settings = settingsOf(over);
    const shown = await counts(student.id, settings);
    expect(shown.items).toBe(expected);
    const served = await start(student.id, settings);
    expect(served.items).toHaveLength(shown.items);
    expect(served.items.map((i) => i.position)).toEqual(served.items.map((_, i) => i + 1));
    expect(new Set(served.items.map((i) => i.itemId)).size).toBe(served.items.length);
    for (const item of served.items) {
      expect(settings.categories).toContain(
        item.caseStudy ? (item.caseStudy.id === 'ngn-cs-92' ? CC : PA) : item.category,
      );
      const kind: Kind = item.bank === 'classic' ? 'classic' : item.caseStudy ? 'case' : 'standalone';
      expect(settings.kinds).toContain(kind);
    }
    // A case study's six together and in order.
    for (const caseId of new Set(served.items.flatMap((i) => (i.caseStudy ? [i.caseStudy.id] : [])))) {
      const steps = served.items.filter((i) => i.caseStudy?.id === caseId);
      expect(steps.map((i) => i.caseStudy?.step)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(must(steps.at(-1)).position - must(steps[0]).position).toBe(5);
    }
  });

  test('a choice with nothing to serve: the count says 0, the serve refuses with a 400, the other choices show what does', async () => {
    const settings = settingsOf({ categories: [PA], kinds: ['classic'] });
    const shown = await counts(student.id, settings);
    expect([shown.items, shown.available]).toEqual([0, 0]);
    expect(shown.byKind).toEqual({ classic: 0, standalone: 6, case: 6 });
    await expect(start(student.id, settings)).rejects.toMatchObject({
      code: '22023',
      message: 'No items match these choices.',
    });
  });
});

describe('pools follow the student’s record', () => {
  test('unused, incorrect, flagged and due: counted, then served exactly', async () => {
    const student = await newStudent();
    const tutor = await start(student.id, settingsOf({ categories: [CC], item_count: 10 }));
    const wrongIds: string[] = [];
    for (const item of tutor.items) {
      const wrong = wrongIds.length < 3;
      if (wrong) wrongIds.push(item.itemId);
      await answer(student.id, tutor.testId, item.position, {
        answer: [`${item.itemId}-${wrong ? 'b' : 'a'}`],
      });
    }
    await submit(student.id, tutor.testId);
    await mark(student.id, 'classic', must(tutor.items[9]).itemId, true, '');

    const shown = await counts(student.id, settingsOf({ categories: [CC] }));
    expect(shown.byPool).toEqual({ all: 12, unused: 2, incorrect: 3, flagged: 1, due: 0 });

    const incorrect = await start(student.id, settingsOf({ categories: [CC], pool: 'incorrect' }));
    expect(incorrect.items.map((i) => i.itemId).sort()).toEqual([...wrongIds].sort());
    const flagged = await start(student.id, settingsOf({ categories: [CC], pool: 'flagged' }));
    expect(flagged.items.map((i) => [i.itemId, i.flagged])).toEqual([[must(tutor.items[9]).itemId, true]]);
    const unused = await start(student.id, settingsOf({ categories: [CC], pool: 'unused' }));
    const answered = new Set(tutor.items.map((i) => i.itemId));
    expect(unused.items.filter((i) => answered.has(i.itemId))).toEqual([]);
    expect(unused.items).toHaveLength(2);

    // The next day (simulated: the schedule moved back a day), the three missed are due.
    await backend.db.query(
      `update private.review_schedule set due = due - interval '1 day', last_review = last_review - interval '1 day'
        where user_id = $1`,
      [student.id],
    );
    expect((await counts(student.id, settingsOf({ categories: [CC], pool: 'due' }))).items).toBe(3);
    const due = await start(student.id, settingsOf({ categories: [CC], pool: 'due' }));
    expect(due.items.map((i) => i.itemId).sort()).toEqual([...wrongIds].sort());
    expect(
      await call<{ due_today: number }>(student.id, 'select public.get_review_due_count(0) as result'),
    ).toEqual({
      due_today: 3,
    });
  });
});

describe('timed: no key before submit, the clock from the stored start', () => {
  test('served and answered without keys; time-out refuses answers; submit grades, reveals and counts the rest unanswered', async () => {
    const student = await newStudent();
    const test = await start(
      student.id,
      settingsOf({ mode: 'timed', kinds: ['classic', 'standalone'], categories: [CC, PA], item_count: 12 }),
    );
    expect(test.items).toHaveLength(12);
    expect(test.timeLimitSeconds).toBe(12 * 80);
    expect(new Date(must(test.endsAt)).getTime() - new Date(test.startedAt).getTime()).toBe(12 * 80 * 1000);
    const raw = await call<unknown>(student.id, 'select public.get_custom_test($1) as result', [test.testId]);
    expect(KEY_FIELDS.filter((k) => keysIn(raw).has(k))).toEqual([]);

    const classic = must(test.items.find((i) => i.bank === 'classic'));
    const ngn = must(test.items.find((i) => i.bank === 'ngn'));
    const first = await answer(student.id, test.testId, classic.position, {
      answer: [`${classic.itemId}-b`],
    });
    expect(first.reveal).toBeNull();
    // Changeable until submit: the second answer replaces the first.
    const changed = await answer(
      student.id,
      test.testId,
      classic.position,
      { answer: [`${classic.itemId}-a`] },
      45,
    );
    expect([changed.response, changed.secondsSpent, changed.reveal]).toEqual([
      { answer: [`${classic.itemId}-a`] },
      45,
      null,
    ]);
    const ngnItem = [...fixtureItems].find((i) => i.id === ngn.itemId) as NgnItem;
    const ngnResponse = {};
    await answer(student.id, test.testId, ngn.position, ngnResponse);

    // The clock ran out (the stored start moved back past the limit and the 30 s grace).
    await backend.db.query(
      `update public.custom_tests set started_at = started_at - interval '17 minutes' where id = $1`,
      [test.testId],
    );
    await expect(
      answer(student.id, test.testId, must(test.items[2]).position, { answer: ['x'] }),
    ).rejects.toMatchObject({ code: '22023', message: 'Time is up for this test.' });

    const done = await submit(student.id, test.testId);
    const ngnPoints = scoreResponse(scoringKeyOf(ngnItem), ngnResponse).points;
    expect(done.status).toBe('submitted');
    expect(done.result).toEqual({
      points: 1 + ngnPoints,
      maxPoints: done.items.reduce((sum, i) => sum + (i.reveal?.maxPoints ?? 0), 0),
      answered: 2,
      unanswered: 10,
    });
    expect(done.items.every((i) => i.reveal !== null)).toBe(true);
    expect(
      done.items.find((i) => i.position === classic.position)?.reveal?.options?.find((o) => o.isCorrect)?.id,
    ).toBe(`${classic.itemId}-a`);
    // Submitting again changes nothing.
    expect((await submit(student.id, test.testId)).result).toEqual(done.result);
    await expect(answer(student.id, test.testId, 1, { answer: ['x'] })).rejects.toMatchObject({
      code: '22023',
      message: 'This test is already submitted.',
    });
  });
});

describe('tutor: the key after each answer, then the item is locked', () => {
  test('reveal on answer, none for the others, a second answer refused, a response that does not fit refused', async () => {
    const student = await newStudent();
    const test = await start(
      student.id,
      settingsOf({ kinds: ['classic', 'standalone'], categories: [CC, PA] }),
    );
    const classic = must(test.items.find((i) => i.bank === 'classic'));
    const answered = await answer(student.id, test.testId, classic.position, {
      answer: [`${classic.itemId}-c`],
    });
    expect(answered.reveal).toMatchObject({
      points: 0,
      maxPoints: 1,
      rationale: `Because ${Number(classic.itemId.slice(2))}`,
    });
    expect(answered.reveal?.options?.filter((o) => o.isCorrect).map((o) => o.id)).toEqual([
      `${classic.itemId}-a`,
    ]);
    const reread = await getTest(student.id, test.testId);
    expect(reread.items.filter((i) => i.reveal !== null).map((i) => i.position)).toEqual([classic.position]);
    await expect(
      answer(student.id, test.testId, classic.position, { answer: [`${classic.itemId}-a`] }),
    ).rejects.toMatchObject({ code: '22023', message: 'This item is already answered.' });

    const ngn = must(test.items.find((i) => i.bank === 'ngn'));
    await expect(answer(student.id, test.testId, ngn.position, { nope: ['a'] })).rejects.toMatchObject({
      code: '22023',
      message: 'Unknown part "nope".',
    });
    await expect(
      answer(student.id, test.testId, classic.position + 100, { answer: ['x'] }),
    ).rejects.toMatchObject({ code: '22023' });
    const other = must(test.items.find((i) => i.bank === 'classic' && i.position !== classic.position));
    await expect(
      answer(student.id, test.testId, other.position, { answer: ['cq99-a'] }),
    ).rejects.toMatchObject({
      code: '22023',
      message: `Option cq99-a does not belong to question ${other.itemId}.`,
    });
    const ngnAnswered = await answer(student.id, test.testId, ngn.position, {});
    expect(ngnAnswered.reveal?.item?.id).toBe(ngn.itemId);
  });
});

describe('recorded like every set', () => {
  test('the submit adds to the summary’s categories, totals and judgment steps; list_custom_tests has it', async () => {
    const student = await newStudent();
    const summary = () =>
      call<{
        totals: { sets: number; answered: number; correct: number };
        categories: { category: string; answered: number; correct: number }[];
        judgment: { points: number; max_points: number; by_step: { step: string; max_points: number }[] };
      }>(student.id, 'select public.get_results_summary() as result');
    const before = await summary();
    const test = await start(
      student.id,
      settingsOf({ kinds: ['classic', 'case'], categories: [PT, PA], item_count: 12 }),
    );
    expect(test.items.filter((i) => i.bank === 'classic')).toHaveLength(6);
    for (const item of test.items)
      await answer(
        student.id,
        test.testId,
        item.position,
        item.bank === 'classic' ? { answer: [`${item.itemId}-a`] } : {},
      );
    const done = await submit(student.id, test.testId);
    const after = await summary();
    expect(after.totals).toEqual({
      sets: before.totals.sets + 1,
      answered: before.totals.answered + 6,
      correct: before.totals.correct + 6,
    });
    expect(after.categories.find((c) => c.category === PT)).toEqual({
      category: PT,
      answered: 6,
      correct: 6,
    });
    const caseMax = done.items
      .filter((i) => i.bank === 'ngn')
      .reduce((s, i) => s + (i.reveal?.maxPoints ?? 0), 0);
    expect(after.judgment.max_points - before.judgment.max_points).toBe(caseMax);
    expect(after.judgment.by_step.every((s) => s.max_points > 0)).toBe(true);
    const list = await call<{ test_id: string; status: string; answered: number }[]>(
      student.id,
      'select public.list_custom_tests() as result',
    );
    expect(list.map((t) => [t.test_id, t.status, t.answered])).toEqual([[test.testId, 'submitted', 12]]);
    const { rows } = await backend.db.query<{ n: number }>(
      `select count(*)::integer as n from private.learning_record_mismatches($1)`,
      [student.id],
    );
    expect(rows[0]?.n).toBe(0);
    const schedule = await backend.db.query<{ n: number }>(
      `select count(*)::integer as n from private.review_schedule where user_id = $1`,
      [student.id],
    );
    expect(schedule.rows[0]?.n).toBe(12);
  });
});

describe('the mock exam’s history', () => {
  test('an item answered in a custom test counts as seen in practice; one only served does not', async () => {
    const student = await newStudent();
    const test = await start(student.id, settingsOf({ categories: [CC], item_count: 10 }));
    const [first, second] = test.items;
    await answer(student.id, test.testId, must(first).position, { answer: [`${must(first).itemId}-b`] });
    const history = await asRole(backend.apiDb, 'service_role', {}, (tx) =>
      tx.query<{ h: { seenInPractice: string[]; metInMocks: string[] } }>(
        'select public.mock_exam_history($1) as h',
        [student.id],
      ),
    ).then((r) => must(r.rows[0]).h);
    expect(history.seenInPractice).toEqual([must(first).itemId]);
    expect(history.seenInPractice).not.toContain(must(second).itemId);
    expect(history.metInMocks).toEqual([]);
  });
});

describe('flags and notes', () => {
  test('kept per student and item, shown with the item in a later test; only on items served to the student', async () => {
    const student = await newStudent();
    const other = await newStudent();
    const first = await start(student.id, settingsOf({ categories: [PT], item_count: 10 }));
    const item = must(first.items[0]);
    expect(await mark(student.id, 'classic', item.itemId, true, '  Check the dose rule.  ')).toEqual({
      bank: 'classic',
      item_id: item.itemId,
      flagged: true,
      note: 'Check the dose rule.',
    });
    const later = await start(student.id, settingsOf({ categories: [PT], item_count: 10 }));
    expect(later.items.find((i) => i.itemId === item.itemId)).toMatchObject({
      flagged: true,
      note: 'Check the dose rule.',
    });
    const theirs = await start(other.id, settingsOf({ categories: [PT], item_count: 10 }));
    expect(theirs.items.find((i) => i.itemId === item.itemId)).toMatchObject({ flagged: false, note: '' });
    await expect(mark(student.id, 'ngn', 'ngn-mr-901', true, '')).rejects.toMatchObject({
      code: '22023',
      message: 'This item was not given to you.',
    });
    await expect(mark(student.id, 'classic', item.itemId, true, 'x'.repeat(2001))).rejects.toMatchObject({
      code: '22023',
    });
    await expect(mark(student.id, 'other', item.itemId, true, '')).rejects.toMatchObject({ code: '22023' });
  });
});

describe('access and bad input', () => {
  test('serving and answering need practice access; counts and reading a signed-in student; anon nothing', async () => {
    const lapsed = await newStudent(false);
    expect((await counts(lapsed.id, settingsOf())).items).toBe(10);
    expect(await sqlStateOf(start(lapsed.id, settingsOf()))).toBe('42501');
    for (const sql of [
      `select public.get_custom_test_counts('{}'::jsonb)`,
      `select public.start_custom_test('{}'::jsonb)`,
      'select public.list_custom_tests()',
      'select public.get_review_due_count(0)',
    ])
      expect(await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => tx.query(sql)))).toBe('42501');
  });

  test.each([
    [null, 'Send the test settings.'],
    [{ ...settingsOf(), categories: [] }, 'Choose at least one client-need category.'],
    [{ ...settingsOf(), categories: ['Cardiology'] }, 'Unknown category: Cardiology.'],
    [{ ...settingsOf(), item_count: 9 }, 'Choose between 10 and 85 items.'],
    [{ ...settingsOf(), item_count: 86 }, 'Choose between 10 and 85 items.'],
    [{ ...settingsOf(), item_count: 10.5 }, 'Choose between 10 and 85 items.'],
    [{ ...settingsOf(), item_count: '10' }, 'Choose between 10 and 85 items.'],
    [
      { ...settingsOf(), pool: 'old' },
      "Unknown pool: old. Use 'all', 'unused', 'incorrect', 'flagged' or 'due'.",
    ],
    [{ ...settingsOf(), kinds: [] }, 'Choose at least one kind of item.'],
    [{ ...settingsOf(), kinds: ['essay'] }, "Unknown kind: essay. Use 'classic', 'standalone' or 'case'."],
    [{ ...settingsOf(), mode: 'exam' }, "Unknown mode: exam. Use 'tutor' or 'timed'."],
    [{ ...settingsOf(), utc_offset_minutes: 900 }, 'The offset from UTC is between -840 and 840 minutes.'],
  ])('settings %j: 22023 “%s”', async (settings, message) => {
    const student = await newStudent();
    await expect(counts(student.id, settings)).rejects.toMatchObject({ code: '22023', message });
    await expect(start(student.id, settings)).rejects.toMatchObject({ code: '22023', message });
  });

  test('another student’s test and an unknown id are the same not-found', async () => {
    const owner = await newStudent();
    const other = await newStudent();
    const test = await start(owner.id, settingsOf());
    expect(await sqlStateOf(getTest(other.id, test.testId))).toBe('PGRST');
    expect(await sqlStateOf(submit(other.id, test.testId))).toBe('PGRST');
    expect(await sqlStateOf(answer(other.id, test.testId, 1, { answer: ['x'] }))).toBe('PGRST');
    expect(await sqlStateOf(getTest(owner.id, crypto.randomUUID()))).toBe('PGRST');
  });

  test.skipIf(ON_POSTGRES)(
    'over REST: 400 JSON for bad settings and a bad response, 404 for an unknown test',
    async () => {
      const student = await newStudent();
      const client = createTestClient(localBackend(backend));
      expect(
        (await client.auth.signInWithPassword({ email: student.email, password: PASSWORD })).error,
      ).toBeNull();
      const bad = await client.rpc('start_custom_test', { settings: { ...settingsOf(), item_count: 3 } });
      expect([bad.status, bad.error?.code, bad.error?.message]).toEqual([
        400,
        '22023',
        'Choose between 10 and 85 items.',
      ]);
      const ok = await client.rpc('start_custom_test', { settings: settingsOf() });
      expect(ok.error).toBeNull();
      const served = decodeCustomTest(ok.data);
      const badAnswer = await client.rpc('answer_custom_test_item', {
        test_id: served.testId,
        position: 1,
        response: { answer: 'a' },
        seconds_spent: 5,
      });
      expect([badAnswer.status, badAnswer.error?.code]).toEqual([400, '22023']);
      const missing = await client.rpc('get_custom_test', { test_id: crypto.randomUUID() });
      expect([missing.status, missing.error?.code, missing.error?.message]).toEqual([
        404,
        'P0002',
        'Test not found.',
      ]);
      const malformed = await client.rpc('get_custom_test', { test_id: 'not-a-test' });
      expect(malformed.status).toBe(400);
    },
  );
});

describe.skipIf(!ON_POSTGRES)('concurrent calls on one test (real PostgreSQL)', () => {
  test('answers and submits at once: no deadlock, one submission, the record consistent', async () => {
    const student = await newStudent();
    const test = await start(student.id, settingsOf({ mode: 'timed', item_count: 20 }));
    const calls = [
      ...test.items.map((item) =>
        answer(student.id, test.testId, item.position, { answer: [`${item.itemId}-a`] }),
      ),
      ...Array.from({ length: 8 }, () => submit(student.id, test.testId)),
      ...Array.from({ length: 4 }, () => start(student.id, settingsOf({ item_count: 10 }))),
    ];
    const outcomes = await Promise.allSettled(calls);
    const refused = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [(o.reason as { code?: string }).code] : [],
    );
    // An answer that lands after a submit is refused (22023); nothing else may fail.
    expect(refused.filter((code) => code !== '22023')).toEqual([]);
    const done = await getTest(student.id, test.testId);
    expect(done.status).toBe('submitted');
    const { rows } = await backend.db.query<{ n: number; tests: number }>(
      `select (select count(*)::integer from private.learning_record_mismatches($1)) as n,
              (select count(*)::integer from public.custom_tests where user_id = $1) as tests`,
      [student.id],
    );
    expect(rows[0]).toEqual({ n: 0, tests: 5 });
    const stats = await backend.db.query<{ answered: number }>(
      `select coalesce(sum(answered), 0)::integer as answered from private.student_custom_stats where user_id = $1`,
      [student.id],
    );
    expect(stats.rows[0]?.answered).toBe(done.result?.answered);
  });
});
