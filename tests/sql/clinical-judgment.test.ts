// Clinical judgment (supabase/migrations/20261125130000_clinical_judgment.sql): the NGN bank as the
// seed export writes it, server-side grading against domain/ngn-scoring.ts on generated responses
// for every item type and rule, every refusal, idempotency, RLS and privileges, entitlement, the
// 'standalone' and 'case' picks, the summary's judgment block against hand-computed numbers, and
// resetting. Ends with the same calls through the REST endpoint.
//
// The bank is the shared NGN fixture set (tests/support/ngn-fixtures.ts): one item of every type and
// scoring rule and one six-item case study, validated here with ngnFileSchema, seeded with the
// export's toNgnSeedSql (the real NGN bank, empty or not, is replaced in this file's database only).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seededRandom, shuffled } from '../../domain/cat/random.ts';
import { CLIENT_NEEDS } from '../../domain/client-needs.ts';
import { type CaseStudy, JUDGMENT_STEPS, type NgnItem, ngnFileSchema } from '../../domain/ngn-items.ts';
import {
  maxPoints,
  type NgnResponse,
  responseProblem,
  type ScoringKey,
  scoreResponse,
  scoringKeyOf,
} from '../../domain/ngn-scoring.ts';
import { type NgnBank, toNgnSeedSql } from '../../server/db/ngn-bank.ts';
import { createConfirmedUser, createTestClient, grantTrial } from '../support/backend.ts';
import { BCC, CASE, PA, PHA, PSY, RRP, SIC, STANDALONE } from '../support/ngn-fixtures.ts';
import type { SqlTransaction as Transaction } from '../support/sql-backend.ts';
import { localBackend, ON_POSTGRES, type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';
import { asRole, asUser, sqlStateOf } from './as-role.ts';
import { markServedIn } from './record-helpers.ts';

// ---------------------------------------------------------------------------------------------
// The test bank
// ---------------------------------------------------------------------------------------------

const parsed = ngnFileSchema.parse({ items: STANDALONE, cases: [CASE] });
const BANK: NgnBank = { items: parsed.items, cases: parsed.cases };
const caseStudy = BANK.cases[0] as CaseStudy;
const ALL_ITEMS: NgnItem[] = [...BANK.items, ...caseStudy.items];
const itemById = new Map(ALL_ITEMS.map((item) => [item.id, item]));
const keyOf = (id: string): ScoringKey => {
  const item = itemById.get(id);
  if (!item) throw new Error(`no item ${id}`);
  return scoringKeyOf(item);
};
const STANDALONE_IDS = BANK.items.map((item) => item.id);
const CASE_IDS = caseStudy.items.map((item) => item.id);

/** The response that picks exactly the key of every group. */
const keyResponse = (id: string): NgnResponse =>
  Object.fromEntries(keyOf(id).groups.map((group) => [group.id, [...group.correct]]));

// ---------------------------------------------------------------------------------------------
// The backend and helpers
// ---------------------------------------------------------------------------------------------

let backend: SqlBackend;
let userCounter = 0;

/** Replaces the NGN bank of this file's database by `bank`, through the seed export. */
async function seedNgnBank(bank: NgnBank): Promise<void> {
  await backend.db.exec(`delete from public.ngn_items; delete from public.ngn_cases;\n${toNgnSeedSql(bank)}`);
}

beforeAll(async () => {
  backend = await startSqlBackend();
  await seedNgnBank(BANK);
});
afterAll(() => backend.close());

async function newUser(opts: { entitled?: boolean } = {}): Promise<string> {
  const user = await createConfirmedUser(backend, `judgment-${++userCounter}@example.com`);
  if (opts.entitled ?? true) await grantTrial(backend, user.id);
  return user.id;
}

const HOUR = 3600_000;
/** Submission times in the past, 10 minutes apart, within the 48 hours a served set may wait. */
const BASE = Date.now() - 40 * HOUR;
const at = (step: number) => new Date(BASE + step * 10 * 60_000);

interface RecordArgs {
  setId?: string | null;
  kind?: string | null;
  caseId?: string | null;
  itemIds: unknown;
  /** Sent as JSON (undefined: one empty response per item; null: SQL NULL). */
  responses?: unknown;
  startedAt?: Date | null;
  submittedAt?: Date | null;
}
interface RecordResult {
  set_id: string;
  points: number;
  max_points: number;
  items: { item_id: string; points: number; max_points: number }[];
  already_recorded: boolean;
}

/** Records a set, its ids first marked as served to the caller (markServedIn). */
async function recordIn(tx: Transaction, args: RecordArgs) {
  await markServedIn(tx, 'ngn', args.itemIds);
  const submittedAt = args.submittedAt === undefined ? new Date() : args.submittedAt;
  const startedAt =
    args.startedAt === undefined
      ? submittedAt && new Date(submittedAt.getTime() - 10 * 60_000)
      : args.startedAt;
  const responses =
    args.responses === undefined
      ? Array.isArray(args.itemIds)
        ? args.itemIds.map(() => ({}))
        : []
      : args.responses;
  return tx.query<{ result: RecordResult }>(
    `select public.record_clinical_judgment_set(set_id => $1, kind => $2, case_id => $3, item_ids => $4,
       responses => $5::jsonb, started_at => $6, submitted_at => $7) as result`,
    [
      args.setId === undefined ? crypto.randomUUID() : args.setId,
      args.kind === undefined ? 'standalone' : args.kind,
      args.caseId === undefined ? null : args.caseId,
      args.itemIds,
      responses === null ? null : JSON.stringify(responses),
      startedAt,
      submittedAt,
    ],
  );
}

const record = (userId: string, args: RecordArgs) =>
  asUser(backend.apiDb, userId, (tx) => recordIn(tx, args)).then((r) => r.rows[0]?.result as RecordResult);

/** Records items with their responses (a standalone set, or the case when the ids are the case's). */
function recordResponses(
  userId: string,
  answers: [string, NgnResponse][],
  opts: { submittedAt?: Date; setId?: string } = {},
) {
  const itemIds = answers.map(([id]) => id);
  const isCase = itemIds[0]?.startsWith('ngn-cs-') ?? false;
  return record(userId, {
    setId: opts.setId,
    kind: isCase ? 'case' : 'standalone',
    caseId: isCase ? itemIds[0]?.slice(0, 'ngn-cs-01'.length) : null,
    itemIds,
    responses: answers.map(([, response]) => response),
    submittedAt: opts.submittedAt,
  });
}

async function recordsOf(userId: string) {
  const rows = async (sql: string) => (await backend.db.query(sql, [userId])).rows;
  return {
    sets: await rows('select * from public.judgment_sets where user_id = $1 order by id'),
    answers: await rows('select * from public.judgment_answers where user_id = $1 order by set_id, position'),
    stats: await rows(
      'select * from private.student_judgment_stats where user_id = $1 order by step, category',
    ),
    totals: await rows('select * from private.student_judgment_totals where user_id = $1'),
  };
}
const NOTHING = { sets: [], answers: [], stats: [], totals: [] };

interface JudgmentSet {
  kind: string;
  case: { id: string; title: string; intro: string; setting: string; category: string } | null;
  items: NgnItem[];
}
const judgmentSetOf = (userId: string, kind: string | null, limit?: number | null) =>
  asUser(backend.apiDb, userId, (tx) =>
    limit === undefined
      ? tx.query<{ set: JudgmentSet }>('select public.get_clinical_judgment_set($1) as set', [kind])
      : tx.query<{ set: JudgmentSet }>('select public.get_clinical_judgment_set($1, $2) as set', [
          kind,
          limit,
        ]),
  ).then((r) => r.rows[0]?.set as JudgmentSet);

interface JudgmentSummary {
  sets: number;
  points: number;
  max_points: number;
  by_step: { step: string; points: number; max_points: number }[];
  by_category: { category: string; points: number; max_points: number }[];
}
const summaryOf = (userId: string) =>
  asUser(backend.apiDb, userId, (tx) =>
    tx.query<{ summary: Record<string, unknown> & { judgment: JudgmentSummary } }>(
      'select public.get_results_summary() as summary',
    ),
  ).then((r) => r.rows[0]?.summary as Record<string, unknown> & { judgment: JudgmentSummary });

/** The error a call as this user fails with. */
function failure(userId: string, run: (tx: Transaction) => Promise<unknown>) {
  return asUser(backend.apiDb, userId, run).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: string; message: string; detail?: string; hint?: string }) => error,
  );
}

/** A response that fits the key (no forged, repeated or surplus picks): random picks per group. */
function validResponse(key: ScoringKey, random: () => number): NgnResponse {
  const response: NgnResponse = {};
  for (const group of key.groups) {
    if (random() < 0.15) continue;
    const most = group.maxPicks ?? group.choices.length;
    const count = Math.floor(random() * (most + 1));
    response[group.id] = shuffled(group.choices, random).slice(0, count);
  }
  return response;
}

/** Any response, often with forged or repeated ids, surplus picks or an unknown part. */
function anyResponse(key: ScoringKey, random: () => number): NgnResponse {
  const response: NgnResponse = {};
  for (const group of key.groups) {
    if (random() < 0.15) continue;
    let picks = shuffled(group.choices, random).slice(0, Math.floor(random() * (group.choices.length + 1)));
    if (random() < 0.15) picks = [...picks, 'zz'];
    if (random() < 0.15 && picks.length > 0) picks = [...picks, picks[0] as string];
    response[group.id] = shuffled(picks, random);
  }
  if (random() < 0.1) response.nope = ['a'];
  return response;
}

/** The named responses every item is checked on, then many generated ones. */
function responsesFor(id: string, random: () => number): [string, NgnResponse][] {
  const key = keyOf(id);
  const named: [string, NgnResponse][] = [
    ['nothing', {}],
    ['every part empty', Object.fromEntries(key.groups.map((g) => [g.id, []]))],
    ['every choice', Object.fromEntries(key.groups.map((g) => [g.id, [...g.choices]]))],
    ['the key', keyResponse(id)],
    ['the key in reverse', Object.fromEntries(key.groups.map((g) => [g.id, [...g.correct].reverse()]))],
    [
      'every wrong choice',
      Object.fromEntries(key.groups.map((g) => [g.id, g.choices.filter((c) => !g.correct.includes(c))])),
    ],
    ['a forged id', { [key.groups[0]?.id ?? 'x']: ['zz'] }],
    [
      'a forged id beside the key',
      { ...keyResponse(id), [key.groups[0]?.id ?? 'x']: ['zz', ...(key.groups[0]?.correct ?? [])] },
    ],
    [
      'a repeated pick',
      { [key.groups[0]?.id ?? 'x']: [key.groups[0]?.correct[0] ?? 'a', key.groups[0]?.correct[0] ?? 'a'] },
    ],
    ['an unknown part', { nope: ['a'] }],
    ['an unknown part beside the key', { ...keyResponse(id), nope: [] }],
    [
      'upper-case ids',
      Object.fromEntries(key.groups.map((g) => [g.id, g.correct.map((c) => c.toUpperCase())])),
    ],
  ];
  const generated: [string, NgnResponse][] = [];
  for (let i = 0; i < 25; i++) generated.push([`valid #${i}`, validResponse(key, random)]);
  for (let i = 0; i < 25; i++) generated.push([`any #${i}`, anyResponse(key, random)]);
  return [...named, ...generated];
}

// ---------------------------------------------------------------------------------------------
// The bank as seeded
// ---------------------------------------------------------------------------------------------

describe('the NGN bank tables', () => {
  test('hold every item as validated, with its ScoringKey and maxPoints, and the case with its six steps', async () => {
    const rows = await backend.db.query<Record<string, unknown>>(
      `select id, case_id, position, type, category, step, setting, difficulty, trend, item, scoring, max_points
         from public.ngn_items order by id`,
    );
    const expected = [
      ...BANK.items.map((item) => ({ item, caseId: null, position: null })),
      ...caseStudy.items.map((item, i) => ({ item, caseId: caseStudy.id, position: i + 1 })),
    ].sort((a, b) => (a.item.id < b.item.id ? -1 : 1));
    expect(rows.rows).toEqual(
      expected.map(({ item, caseId, position }) => ({
        id: item.id,
        case_id: caseId,
        position,
        type: item.type,
        category: item.category,
        step: item.step,
        setting: item.setting,
        difficulty: item.difficulty,
        trend: item.trend,
        item,
        scoring: scoringKeyOf(item),
        max_points: maxPoints(scoringKeyOf(item)),
      })),
    );
    const cases = await backend.db.query('select * from public.ngn_cases');
    expect(cases.rows).toEqual([
      {
        id: caseStudy.id,
        title: caseStudy.title,
        setting: caseStudy.setting,
        category: caseStudy.category,
        difficulty: caseStudy.difficulty,
        intro: caseStudy.intro,
      },
    ]);
    // Every type and every rule is in the test bank.
    expect(new Set(ALL_ITEMS.map((item) => item.type)).size).toBe(6);
    expect(new Set(ALL_ITEMS.map((item) => scoringKeyOf(item).rule))).toEqual(
      new Set(['0/1', '+/-', 'dyad', 'triad']),
    );
  });

  test('the steps are the six of domain/ngn-items.ts, in order', async () => {
    const rows = await backend.db.query<{ steps: string[] }>('select private.judgment_steps() as steps');
    expect(rows.rows[0]?.steps).toEqual([...JUDGMENT_STEPS]);
  });

  test('seeding twice changes nothing; a max_points that disagrees with the key is refused; service_role may write', async () => {
    const before = await backend.db.query('select * from public.ngn_items order by id');
    await backend.db.exec(toNgnSeedSql(BANK));
    expect((await backend.db.query('select * from public.ngn_items order by id')).rows).toEqual(before.rows);
    await expect(
      backend.db.query(`update public.ngn_items set max_points = max_points + 1 where id = 'ngn-mr-001'`),
    ).rejects.toMatchObject({ code: '23514' });
    // The service role may write the bank: the checks' functions are executable by it.
    await asRole(backend.apiDb, 'service_role', {}, (tx) =>
      tx.query(`update public.ngn_items set max_points = max_points, step = step`),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Grading
// ---------------------------------------------------------------------------------------------

describe('grading mirrors domain/ngn-scoring.ts', () => {
  test('score_ngn_response and ngn_response_problem agree with scoreResponse and responseProblem on every item', async () => {
    const random = seededRandom(20261125);
    const cases = ALL_ITEMS.flatMap((item) =>
      responsesFor(item.id, random).map(([name, response]) => ({ item_id: item.id, name, response })),
    );
    const rows = await backend.db.query<{ points: number; problem: string | null; max: number }>(
      `select private.score_ngn_response(i.scoring, c.value -> 'response') as points,
              private.ngn_response_problem(i.scoring, c.value -> 'response') as problem,
              private.ngn_max_points(i.scoring) as max
         from jsonb_array_elements($1::jsonb) with ordinality as c(value, ord)
         join public.ngn_items i on i.id = c.value ->> 'item_id'
        order by c.ord`,
      [JSON.stringify(cases)],
    );
    expect(rows.rows).toHaveLength(cases.length);
    let refused = 0;
    let scored = 0;
    cases.forEach(({ item_id, name, response }, i) => {
      const key = keyOf(item_id);
      const sql = rows.rows[i];
      const ts = scoreResponse(key, response);
      const problem = responseProblem(key, response);
      const where = `${item_id} ${name} ${JSON.stringify(response)}`;
      expect({ where, points: sql?.points, max: sql?.max }).toEqual({
        where,
        points: ts.points,
        max: ts.max,
      });
      // Each part's own problem: with one, the message is the same; with several, SQL names one of
      // them (it checks an unknown part first, then the key's order; TypeScript the property order).
      const partProblems = Object.entries(response)
        .map(([part, picks]) => responseProblem(key, { [part]: picks }))
        .filter((p): p is string => p !== null);
      if (partProblems.length <= 1) expect({ where, problem: sql?.problem }).toEqual({ where, problem });
      else
        expect({ where, problem: partProblems.includes(sql?.problem ?? '') }).toEqual({
          where,
          problem: true,
        });
      if (problem === null) scored++;
      else refused++;
    });
    // The generated responses cover both sides well.
    expect(scored).toBeGreaterThan(400);
    expect(refused).toBeGreaterThan(200);
  });

  test('worked examples of every rule, and the messages word for word', async () => {
    const check = async (id: string, response: unknown) =>
      (
        await backend.db.query<{ points: number; problem: string | null }>(
          `select private.score_ngn_response(i.scoring, $2::jsonb) as points,
                  private.ngn_response_problem(i.scoring, $2::jsonb) as problem
             from public.ngn_items i where i.id = $1`,
          [id, JSON.stringify(response)],
        )
      ).rows[0];
    // +/-: 2 keys and 1 distractor → 1; every option → 0.
    expect(await check('ngn-mr-001', { options: ['a', 'b', 'd'] })).toEqual({ points: 1, problem: null });
    expect(await check('ngn-mr-001', { options: ['a', 'b', 'c', 'd', 'e', 'f'] })).toEqual({
      points: 0,
      problem: null,
    });
    // 0/1 select 2: three picks count as none, and are refused.
    expect(await check('ngn-mr-002', { options: ['a', 'd', 'b'] })).toEqual({
      points: 0,
      problem: 'Part "options" takes at most 2 choices.',
    });
    expect(await check('ngn-mx-001', { r1: ['c1', 'c2'] })).toEqual({
      points: 0,
      problem: 'Part "r1" takes at most 1 choice.',
    });
    // +/- per matrix row, each row floored at 0.
    expect(await check('ngn-mx-002', { r1: ['c1', 'c3'], r2: ['c3'], r3: ['c2'] })).toEqual({
      points: 2,
      problem: null,
    });
    // dyad and triad.
    expect(await check('ngn-dd-002', { '1': ['b'], '2': ['a'] })).toEqual({ points: 1, problem: null });
    expect(await check('ngn-dd-002', { '1': ['b'], '2': ['c'] })).toEqual({ points: 0, problem: null });
    expect(await check('ngn-dd-003', { '1': ['a'], '2': ['c'], '3': ['a'] })).toEqual({
      points: 1,
      problem: null,
    });
    expect(await check('ngn-dd-003', { '1': ['b'], '2': ['c'], '3': ['b'] })).toEqual({
      points: 0,
      problem: null,
    });
    expect(await check('ngn-dg-003', { '1': ['e'], '2': ['a'], '3': ['c'] })).toEqual({
      points: 2,
      problem: null,
    });
    // bow-tie 0/1: condition, 1 of 2 actions, both parameters → 4.
    expect(
      await check('ngn-bt-001', { condition: ['b'], actions: ['a', 'b'], parameters: ['e', 'c'] }),
    ).toEqual({
      points: 4,
      problem: null,
    });
    // The messages of responseProblem.
    expect(await check('ngn-hl-001', { segments: ['s2', 'zz'] })).toEqual({
      points: 1,
      problem: 'Unknown choice "zz" in part "segments".',
    });
    expect(await check('ngn-hl-001', { segments: ['s2', 's2'] })).toEqual({
      points: 1,
      problem: 'A choice is picked twice in part "segments".',
    });
    expect(await check('ngn-hl-001', { rows: ['s2'] })).toEqual({
      points: 0,
      problem: 'Unknown part "rows".',
    });
    // What TypeScript's types rule out is refused too.
    expect(await check('ngn-hl-001', ['s2'])).toEqual({
      points: 0,
      problem: 'A response maps each part to a list of choice ids.',
    });
    expect(await check('ngn-hl-001', { segments: 's2' })).toEqual({
      points: 0,
      problem: 'Part "segments" takes a list of choice ids.',
    });
    expect(await check('ngn-dd-001', { '1': [1] })).toEqual({
      points: 0,
      problem: 'Unknown choice "1" in part "1".',
    });
    expect(await check('ngn-dd-001', { '1': [null] })).toEqual({
      points: 0,
      problem: 'Unknown choice "null" in part "1".',
    });
  });

  test('record_clinical_judgment_set stores the same points as scoreResponse, item by item', async () => {
    const user = await newUser();
    const random = seededRandom(7);
    const sets: [string, NgnResponse][][] = [
      STANDALONE_IDS.map((id) => [id, keyResponse(id)]),
      STANDALONE_IDS.map((id) => [id, {}]),
      CASE_IDS.map((id) => [id, keyResponse(id)]),
      ...Array.from({ length: 6 }, () =>
        STANDALONE_IDS.map((id): [string, NgnResponse] => [id, validResponse(keyOf(id), random)]),
      ),
      ...Array.from({ length: 4 }, () =>
        CASE_IDS.map((id): [string, NgnResponse] => [id, validResponse(keyOf(id), random)]),
      ),
    ];
    let hour = 0;
    for (const answers of sets) {
      const result = await recordResponses(user, answers, { submittedAt: at(++hour) });
      const expected = answers.map(([id, response]) => {
        const score = scoreResponse(keyOf(id), response);
        return { item_id: id, points: score.points, max_points: score.max };
      });
      expect(result).toEqual({
        set_id: expect.any(String),
        points: expected.reduce((sum, item) => sum + item.points, 0),
        max_points: expected.reduce((sum, item) => sum + item.max_points, 0),
        items: expected,
        counted: true,
        already_recorded: false,
      });
      const stored = await backend.db.query<{ item_id: string; response: NgnResponse; points: number }>(
        'select item_id, response, points from public.judgment_answers where set_id = $1 order by position',
        [result.set_id],
      );
      expect(stored.rows).toEqual(
        answers.map(([id, response], i) => ({ item_id: id, response, points: expected[i]?.points })),
      );
    }
    // The full key earns every point; nothing earns none.
    const full = ALL_ITEMS.reduce((sum, item) => sum + maxPoints(scoringKeyOf(item)), 0);
    const totals = await backend.db.query<{ points: number; max_points: number }>(
      'select points, max_points from public.judgment_sets where user_id = $1 order by submitted_at limit 3',
      [user],
    );
    expect(totals.rows.map((r) => r.points).reduce((a, b) => a + b, 0)).toBe(full);
  });
});

// ---------------------------------------------------------------------------------------------
// Recording
// ---------------------------------------------------------------------------------------------

describe('record_clinical_judgment_set', () => {
  test('stores the set, its answers with snapshots of the item, and the aggregates', async () => {
    const user = await newUser();
    const setId = crypto.randomUUID();
    const submittedAt = at(1);
    await recordResponses(
      user,
      [
        ['ngn-mr-001', { options: ['a', 'b', 'd'] }],
        ['ngn-bt-001', keyResponse('ngn-bt-001')],
      ],
      { setId, submittedAt },
    );
    const records = await recordsOf(user);
    expect(records.sets).toEqual([
      {
        id: setId,
        user_id: user,
        kind: 'standalone',
        case_id: null,
        started_at: new Date(submittedAt.getTime() - 10 * 60_000),
        submitted_at: submittedAt,
        recorded_at: expect.any(Date),
        points: 6,
        max_points: 8,
        counted: true,
      },
    ]);
    expect(records.answers).toEqual([
      {
        set_id: setId,
        position: 1,
        user_id: user,
        item_id: 'ngn-mr-001',
        type: 'multiple-response',
        category: PA,
        step: 'recognize-cues',
        response: { options: ['a', 'b', 'd'] },
        points: 1,
        max_points: 3,
      },
      {
        set_id: setId,
        position: 2,
        user_id: user,
        item_id: 'ngn-bt-001',
        type: 'bow-tie',
        category: PA,
        step: 'take-action',
        response: keyResponse('ngn-bt-001'),
        points: 5,
        max_points: 5,
      },
    ]);
    expect(records.stats).toEqual([
      { user_id: user, step: 'recognize-cues', category: PA, answered: 1, points: 1, max_points: 3 },
      { user_id: user, step: 'take-action', category: PA, answered: 1, points: 5, max_points: 5 },
    ]);
    expect(records.totals).toEqual([{ user_id: user, sets: 1, points: 6, max_points: 8 }]);
  });

  test('a case set stores its case id', async () => {
    const user = await newUser();
    const result = await recordResponses(
      user,
      CASE_IDS.map((id) => [id, {}]),
    );
    const rows = await backend.db.query('select kind, case_id from public.judgment_sets where id = $1', [
      result.set_id,
    ]);
    expect(rows.rows).toEqual([{ kind: 'case', case_id: 'ngn-cs-01' }]);
  });

  test('a re-sent set id is stored once: the stored result, already_recorded, aggregates unchanged', async () => {
    const user = await newUser();
    const setId = crypto.randomUUID();
    const answers: [string, NgnResponse][] = [
      ['ngn-dd-003', { '1': ['a'], '2': ['c'], '3': ['a'] }],
      ['ngn-mx-001', keyResponse('ngn-mx-001')],
    ];
    const first = await recordResponses(user, answers, { setId, submittedAt: at(2) });
    expect(first).toMatchObject({ points: 5, max_points: 6, already_recorded: false });
    const before = await recordsOf(user);

    const again = await recordResponses(user, answers, { setId, submittedAt: at(2) });
    const altered = await recordResponses(
      user,
      answers.map(([id]) => [id, {}]),
      { setId, submittedAt: at(3) },
    );
    // Even a set that would now be refused: the id is what counts.
    const malformed = await record(user, { setId, itemIds: ['ngn-zz-999'], responses: [{}] });
    for (const resent of [again, altered, malformed])
      expect(resent).toEqual({ ...first, already_recorded: true });
    expect(await recordsOf(user)).toEqual(before);
  });

  test('another student’s set id is refused without touching their set', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const setId = crypto.randomUUID();
    await recordResponses(alice, [['ngn-hl-001', keyResponse('ngn-hl-001')]], { setId });
    const before = await recordsOf(alice);
    const error = await failure(bob, (tx) =>
      recordIn(tx, { setId, itemIds: ['ngn-hl-001'], responses: [{ segments: [] }] }),
    );
    expect(error).toMatchObject({ code: '22023', message: 'This judgment set id is already in use.' });
    expect(await recordsOf(alice)).toEqual(before);
    expect(await recordsOf(bob)).toEqual(NOTHING);
  });

  test('needs a signed-in student, not entitlement', async () => {
    const lapsed = await newUser({ entitled: false });
    const result = await recordResponses(lapsed, [['ngn-dg-001', keyResponse('ngn-dg-001')]]);
    expect(result).toMatchObject({ points: 2, max_points: 2, already_recorded: false });

    const call = `select public.record_clinical_judgment_set(gen_random_uuid(), 'standalone', null,
      '["ngn-dg-001"]', '[{}]'::jsonb, now() - interval '1 minute', now())`;
    const noSub = await asRole(backend.apiDb, 'authenticated', {}, (tx) => tx.query(call)).catch(
      (e: { code: string; message: string }) => e,
    );
    expect(noSub).toMatchObject({ code: '42501', message: 'Sign in to keep your practice record.' });
    expect(await sqlStateOf(asRole(backend.apiDb, 'anon', {}, (tx) => tx.query(call)))).toBe('42501');
  });

  describe('refusals: 22023 with a message, nothing stored', () => {
    const now = () => new Date();
    const keyed = (ids: string[]) => ids.map(keyResponse);
    const cases: [string, RecordArgs, string, string?][] = [
      ['no set id', { setId: null, itemIds: ['ngn-mr-001'] }, 'Send the judgment set id.'],
      ['null item ids', { itemIds: null, responses: [{}] }, 'Send one response for each item.'],
      ['no items', { itemIds: [], responses: [] }, 'Send one response for each item.'],
      [
        'a null item id',
        { itemIds: ['ngn-mr-001', null], responses: [{}, {}] },
        'Send one response for each item.',
      ],
      [
        'a two-dimensional item list',
        { itemIds: [['ngn-mr-001'], ['ngn-mr-002']], responses: [{}, {}] },
        'Send one response for each item.',
      ],
      ['null responses', { itemIds: ['ngn-mr-001'], responses: null }, 'Send one response for each item.'],
      [
        'responses that are not a list',
        { itemIds: ['ngn-mr-001'], responses: { 'ngn-mr-001': {} } },
        'Send one response for each item.',
      ],
      [
        'fewer responses than items',
        { itemIds: ['ngn-mr-001', 'ngn-mr-002'], responses: [{}] },
        'Send one response for each item.',
      ],
      [
        'more responses than items',
        { itemIds: ['ngn-mr-001'], responses: [{}, {}] },
        'Send one response for each item.',
      ],
      [
        'more than 20 items',
        { itemIds: Array.from({ length: 21 }, (_, i) => `ngn-zz-${100 + i}`) },
        'A clinical judgment set holds at most 20 items.',
      ],
      [
        'an unknown kind',
        { kind: 'grid', itemIds: ['ngn-mr-001'] },
        "Unknown kind: grid. Use 'standalone' or 'case'.",
      ],
      ['no kind', { kind: null, itemIds: ['ngn-mr-001'] }, "Unknown kind: null. Use 'standalone' or 'case'."],
      [
        'no times',
        { itemIds: ['ngn-mr-001'], startedAt: null },
        'Send when the set was started and submitted.',
      ],
      [
        'submitted before started',
        { itemIds: ['ngn-mr-001'], startedAt: now(), submittedAt: new Date(Date.now() - 1000) },
        'A clinical judgment set cannot be submitted before it was started.',
      ],
      [
        'submitted more than 5 minutes in the future',
        { itemIds: ['ngn-mr-001'], startedAt: now(), submittedAt: new Date(Date.now() + 6 * 60_000) },
        'The submission time is in the future.',
      ],
      [
        'an item twice',
        { itemIds: ['ngn-mr-001', 'ngn-hl-001', 'ngn-mr-001'] },
        'Item ngn-mr-001 appears twice in the set.',
      ],
      [
        'an unknown item (the answer for an item never served too: nothing says which ids exist)',
        { itemIds: ['ngn-mr-001', 'ngn-zz-999'] },
        'This set has items that were not given to you in the last 48 hours.',
      ],
      [
        'a case set of an unknown case',
        { kind: 'case', caseId: 'ngn-cs-99', itemIds: CASE_IDS },
        'Unknown case study: ngn-cs-99.',
      ],
      ['a case set without a case', { kind: 'case', itemIds: CASE_IDS }, 'Unknown case study: null.'],
      [
        'a case set out of order',
        { kind: 'case', caseId: 'ngn-cs-01', itemIds: [...CASE_IDS].reverse() },
        'A case study set holds the six items of ngn-cs-01 in order.',
      ],
      [
        'a case set of five items',
        { kind: 'case', caseId: 'ngn-cs-01', itemIds: CASE_IDS.slice(0, 5) },
        'A case study set holds the six items of ngn-cs-01 in order.',
      ],
      [
        'a case set of standalone items',
        { kind: 'case', caseId: 'ngn-cs-01', itemIds: STANDALONE_IDS.slice(0, 6) },
        'A case study set holds the six items of ngn-cs-01 in order.',
      ],
      [
        'a standalone set naming a case',
        { caseId: 'ngn-cs-01', itemIds: ['ngn-mr-001'] },
        'A standalone set has no case study.',
      ],
      [
        'a standalone set with a case item',
        { itemIds: ['ngn-mr-001', 'ngn-cs-01-2'] },
        'Item ngn-cs-01-2 belongs to a case study: send it in a case set.',
      ],
      [
        'a forged choice',
        {
          itemIds: ['ngn-mr-001', 'ngn-hl-001'],
          responses: [keyResponse('ngn-mr-001'), { segments: ['s2', 's99'] }],
        },
        'Unknown choice "s99" in part "segments".',
        'Item ngn-hl-001 (item 2 of the set).',
      ],
      [
        'an unknown part',
        { itemIds: ['ngn-bt-001'], responses: [{ ...keyResponse('ngn-bt-001'), outcome: ['a'] }] },
        'Unknown part "outcome".',
        'Item ngn-bt-001 (item 1 of the set).',
      ],
      [
        'a choice picked twice',
        { itemIds: ['ngn-mx-002'], responses: [{ r1: ['c1', 'c1'] }] },
        'A choice is picked twice in part "r1".',
        'Item ngn-mx-002 (item 1 of the set).',
      ],
      [
        'too many picks',
        { itemIds: ['ngn-dg-001', 'ngn-mr-002'], responses: [{}, { options: ['a', 'b', 'd'] }] },
        'Part "options" takes at most 2 choices.',
        'Item ngn-mr-002 (item 2 of the set).',
      ],
      [
        'a response that is not an object',
        { itemIds: ['ngn-dd-001'], responses: [['a']] },
        'A response maps each part to a list of choice ids.',
        'Item ngn-dd-001 (item 1 of the set).',
      ],
      [
        'a part that is not a list',
        { itemIds: ['ngn-dd-001'], responses: [{ '1': 'a' }] },
        'Part "1" takes a list of choice ids.',
        'Item ngn-dd-001 (item 1 of the set).',
      ],
      [
        'a forged choice in a case set',
        {
          kind: 'case',
          caseId: 'ngn-cs-01',
          itemIds: CASE_IDS,
          responses: [...keyed(CASE_IDS.slice(0, 5)), { r1: ['c9'] }],
        },
        'Unknown choice "c9" in part "r1".',
        'Item ngn-cs-01-6 (item 6 of the set).',
      ],
    ];
    test.each(cases)('%s', async (_name, args, message, detail) => {
      const user = await newUser();
      const error = await failure(user, (tx) => recordIn(tx, args));
      expect(error).toMatchObject({ code: '22023', message });
      if (detail) expect(error.detail).toBe(detail);
      expect(await recordsOf(user)).toEqual(NOTHING);
    });

    test('4 minutes in the future is clock skew, accepted', async () => {
      const user = await newUser();
      const result = await record(user, {
        itemIds: ['ngn-mr-001'],
        submittedAt: new Date(Date.now() + 4 * 60_000),
      });
      expect(result.already_recorded).toBe(false);
    });

    test('20 items are accepted', async () => {
      // The test bank has 12 standalone items: 20 of them need more items.
      const extra = Array.from({ length: 8 }, (_, i) => ({
        ...(STANDALONE[0] as object),
        id: `ngn-mr-${501 + i}`,
      }));
      const more = ngnFileSchema.parse({ items: extra }).items;
      await backend.db.exec(toNgnSeedSql({ items: more, cases: [] }));
      try {
        const user = await newUser();
        const ids = [...STANDALONE_IDS, ...more.map((item) => item.id)];
        const result = await record(user, { itemIds: ids });
        expect(result.items).toHaveLength(20);
      } finally {
        await backend.db.query('delete from public.ngn_items where id = any($1)', [
          more.map((item) => item.id),
        ]);
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Row level security and privileges
// ---------------------------------------------------------------------------------------------

describe('row level security and privileges', () => {
  let alice: string;
  let bob: string;
  let aliceSet: string;
  let bobSet: string;
  beforeAll(async () => {
    alice = await newUser();
    bob = await newUser();
    aliceSet = (await recordResponses(alice, [['ngn-mr-001', keyResponse('ngn-mr-001')]])).set_id;
    bobSet = (
      await recordResponses(bob, [
        ['ngn-mr-002', {}],
        ['ngn-hl-001', keyResponse('ngn-hl-001')],
      ])
    ).set_id;
  });

  const visible = (userId: string, table: 'judgment_sets' | 'judgment_answers') =>
    asUser(backend.apiDb, userId, (tx) =>
      tx.query<{ set_id: string; user_id: string }>(
        table === 'judgment_sets'
          ? 'select id as set_id, user_id from public.judgment_sets'
          : 'select set_id, user_id from public.judgment_answers',
      ),
    ).then((r) => r.rows);

  test('a student sees only their own sets and answers', async () => {
    expect(await visible(alice, 'judgment_sets')).toEqual([{ set_id: aliceSet, user_id: alice }]);
    expect(await visible(bob, 'judgment_sets')).toEqual([{ set_id: bobSet, user_id: bob }]);
    expect(await visible(alice, 'judgment_answers')).toEqual([{ set_id: aliceSet, user_id: alice }]);
    expect(await visible(bob, 'judgment_answers')).toEqual([
      { set_id: bobSet, user_id: bob },
      { set_id: bobSet, user_id: bob },
    ]);
    expect(await visible(crypto.randomUUID(), 'judgment_sets')).toEqual([]);
    const direct = await asUser(backend.apiDb, alice, (tx) =>
      tx.query('select * from public.judgment_answers where set_id = $1', [bobSet]),
    );
    expect(direct.rows).toEqual([]);
  });

  test('anon sees nothing; nobody writes directly; the bank, the aggregates and the helpers are out of reach', async () => {
    const statements = [
      'select * from public.judgment_sets',
      'select * from public.judgment_answers',
      'select * from public.ngn_items',
      'select * from public.ngn_cases',
      `insert into public.judgment_sets (id, user_id, kind, started_at, submitted_at, points, max_points)
         values (gen_random_uuid(), '${alice}', 'standalone', now(), now(), 10, 10)`,
      `update public.judgment_sets set points = 99 where id = '${aliceSet}'`,
      `delete from public.judgment_sets where id = '${aliceSet}'`,
      `insert into public.judgment_answers (set_id, position, user_id, item_id, type, category, step, response, points, max_points)
         values ('${aliceSet}', 2, '${alice}', 'x', 'highlight', 'x', 'x', '{}', 9, 9)`,
      `update public.judgment_answers set points = 99 where set_id = '${aliceSet}'`,
      `delete from public.judgment_answers where set_id = '${aliceSet}'`,
      `update public.ngn_items set scoring = '{}'`,
      `insert into public.ngn_cases (id, title, setting, category, difficulty, intro) values ('x', 'x', 'x', 'x', 'x', 'x')`,
      'select * from private.student_judgment_stats',
      'select * from private.student_judgment_totals',
      'select private.judgment_steps()',
      `select private.score_ngn_response('{}', '{}')`,
      `select private.ngn_response_problem('{}', '{}')`,
    ];
    for (const sql of statements) {
      for (const [role, claims] of [
        ['authenticated', { sub: alice, aud: 'authenticated' }],
        ['anon', {}],
      ] as const) {
        const readsOwn = role === 'authenticated' && /^select \* from public\.judgment_/.test(sql);
        if (readsOwn) continue;
        expect({
          sql,
          role,
          state: await sqlStateOf(asRole(backend.apiDb, role, claims, (tx) => tx.query(sql))),
        }).toEqual({ sql, role, state: '42501' });
      }
    }
    expect(await visible(alice, 'judgment_answers')).toHaveLength(1);
    expect(
      (await backend.db.query(`select points from public.judgment_sets where id = $1`, [aliceSet])).rows,
    ).toEqual([{ points: 3 }]);
  });

  test('the judgment functions: authenticated may execute, anon may not; SECURITY DEFINER', async () => {
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
          'get_clinical_judgment_set',
          'record_clinical_judgment_set',
          'get_results_summary',
          'reset_practice_history',
        ],
      ],
    );
    expect(rows.rows.map((row) => row.fn)).toEqual([
      'get_clinical_judgment_set',
      'get_results_summary',
      'record_clinical_judgment_set',
      'reset_practice_history',
    ]);
    for (const row of rows.rows)
      expect(row).toEqual({ fn: row.fn, anon: false, authenticated: true, definer: true });
  });
});

// ---------------------------------------------------------------------------------------------
// get_clinical_judgment_set
// ---------------------------------------------------------------------------------------------

describe('get_clinical_judgment_set', () => {
  test('needs entitlement exactly like get_practice_questions', async () => {
    const lapsed = await newUser({ entitled: false });
    const practice = await failure(lapsed, (tx) => tx.query('select public.get_practice_questions(10)'));
    for (const kind of ['standalone', 'case']) {
      const error = await failure(lapsed, (tx) =>
        tx.query('select public.get_clinical_judgment_set($1)', [kind]),
      );
      expect(error).toMatchObject({
        code: '42501',
        message: 'An active subscription or trial is required to practise.',
        hint: 'Start the free trial on the billing page.',
      });
      expect({ code: error.code, message: error.message, hint: error.hint }).toEqual({
        code: practice.code,
        message: practice.message,
        hint: practice.hint,
      });
    }
    const noSub = await asRole(backend.apiDb, 'authenticated', {}, (tx) =>
      tx.query(`select public.get_clinical_judgment_set('standalone')`),
    ).catch((e: { code: string; message: string }) => e);
    expect(noSub).toMatchObject({
      code: '42501',
      message: 'An active subscription or trial is required to practise.',
    });
    expect(
      await sqlStateOf(
        asRole(backend.apiDb, 'anon', {}, (tx) =>
          tx.query(`select public.get_clinical_judgment_set('standalone')`),
        ),
      ),
    ).toBe('42501');
    // An expired trial is no entitlement either.
    const expired = await newUser({ entitled: false });
    await grantTrial(backend, expired, { trialEnd: new Date(Date.now() - 1000) });
    expect(
      (await failure(expired, (tx) => tx.query(`select public.get_clinical_judgment_set('case')`))).code,
    ).toBe('42501');
  });

  test('an unknown kind is 22023', async () => {
    const user = await newUser();
    for (const kind of ['mixed', null]) {
      const error = await failure(user, (tx) =>
        tx.query('select public.get_clinical_judgment_set($1)', [kind]),
      );
      expect(error).toMatchObject({
        code: '22023',
        message: `Unknown kind: ${kind ?? 'null'}. Use 'standalone' or 'case'.`,
      });
    }
  });

  test("'case' returns the case and its six items in order, as stored", async () => {
    const user = await newUser();
    const set = await judgmentSetOf(user, 'case');
    expect(set).toEqual({
      kind: 'case',
      case: {
        id: caseStudy.id,
        title: caseStudy.title,
        intro: caseStudy.intro,
        setting: caseStudy.setting,
        category: caseStudy.category,
      },
      items: caseStudy.items,
    });
    expect(Object.keys(set)).toEqual(['kind', 'case', 'items']);
    // The item limit does not cut a case study.
    expect((await judgmentSetOf(user, 'case', 2)).items).toHaveLength(6);
  });

  test("'standalone' returns standalone items only, the limit clamped to 1–20, no more than half multiple-response", async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++) {
      const set = await judgmentSetOf(user, 'standalone');
      expect(set.kind).toBe('standalone');
      expect(set.case).toBeNull();
      // 12 standalone items, 2 of them multiple-response: 10 asked → 10 given.
      expect(set.items).toHaveLength(10);
      expect(new Set(set.items.map((item) => item.id)).size).toBe(10);
      for (const item of set.items) expect(item).toEqual(itemById.get(item.id));
      expect(set.items.every((item) => STANDALONE_IDS.includes(item.id))).toBe(true);
      expect(set.items.filter((item) => item.type === 'multiple-response').length).toBeLessThanOrEqual(5);
    }
    expect((await judgmentSetOf(user, 'standalone', 0)).items).toHaveLength(1);
    expect((await judgmentSetOf(user, 'standalone', null)).items).toHaveLength(10);
    expect((await judgmentSetOf(user, 'standalone', 50)).items).toHaveLength(12);
    // A set of 3: at most one multiple-response item.
    for (let i = 0; i < 10; i++) {
      const items = (await judgmentSetOf(user, 'standalone', 3)).items;
      expect(items).toHaveLength(3);
      expect(items.filter((item) => item.type === 'multiple-response').length).toBeLessThanOrEqual(1);
    }
  });

  test("'standalone' prefers items the student has not answered", async () => {
    const user = await newUser();
    const unanswered = ['ngn-mr-001', 'ngn-hl-001', 'ngn-bt-001'];
    await recordResponses(
      user,
      STANDALONE_IDS.filter((id) => !unanswered.includes(id)).map((id) => [id, {}]),
    );
    for (let i = 0; i < 10; i++) {
      const ids = (await judgmentSetOf(user, 'standalone', 3)).items.map((item) => item.id);
      expect(new Set(ids)).toEqual(new Set(unanswered));
    }
    // Asked for more: the unanswered ones and then answered ones.
    for (let i = 0; i < 5; i++) {
      const ids = (await judgmentSetOf(user, 'standalone', 6)).items.map((item) => item.id);
      expect(ids).toHaveLength(6);
      for (const id of unanswered) expect(ids).toContain(id);
    }
    // Another student's answers do not count.
    const other = await newUser();
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++)
      for (const item of (await judgmentSetOf(other, 'standalone', 3)).items) seen.add(item.id);
    expect(seen.size).toBeGreaterThan(3);
  });

  // These replace the bank, so they run last in this block and restore it.
  describe('with other banks', () => {
    afterAll(() => seedNgnBank(BANK));

    const multipleResponse = (n: number) => ({
      ...(STANDALONE[0] as object),
      id: `ngn-mr-${String(100 + n)}`,
    });
    const highlight = (n: number) => ({
      ...(STANDALONE[10] as object),
      id: `ngn-hl-${String(100 + n)}`,
    });
    const bankOf = (mr: number, others: number): NgnBank => ({
      items: ngnFileSchema.parse({
        items: [
          ...Array.from({ length: mr }, (_, i) => multipleResponse(i)),
          ...Array.from({ length: others }, (_, i) => highlight(i)),
        ],
      }).items,
      cases: [],
    });
    const typesOf = async (user: string, limit: number) => {
      const items = (await judgmentSetOf(user, 'standalone', limit)).items;
      return {
        mr: items.filter((item) => item.type === 'multiple-response').length,
        others: items.filter((item) => item.type !== 'multiple-response').length,
      };
    };

    test('mostly multiple-response: half of the set at most, even if the set is shorter', async () => {
      const user = await newUser();
      await seedNgnBank(bankOf(15, 8));
      for (let i = 0; i < 5; i++) expect(await typesOf(user, 10)).toEqual({ mr: 5, others: 5 });
      expect(await typesOf(user, 7)).toEqual({ mr: 3, others: 4 });
      await seedNgnBank(bankOf(15, 2));
      for (let i = 0; i < 5; i++) expect(await typesOf(user, 10)).toEqual({ mr: 2, others: 2 });
      await seedNgnBank(bankOf(2, 15));
      expect(await typesOf(user, 10)).toEqual({ mr: 2, others: 8 });
      // Only multiple-response items: no other type exists, so all of them.
      await seedNgnBank(bankOf(15, 0));
      expect(await typesOf(user, 10)).toEqual({ mr: 10, others: 0 });
    });

    test("'case' prefers a case study the student has not done", async () => {
      const second = {
        ...CASE,
        id: 'ngn-cs-02',
        title: 'Test case 2',
        items: CASE.items.map((item, i) => ({ ...item, id: `ngn-cs-02-${i + 1}` })),
      };
      const bank = ngnFileSchema.parse({ items: STANDALONE, cases: [CASE, second] });
      await seedNgnBank({ items: bank.items, cases: bank.cases });
      const user = await newUser();
      await recordResponses(
        user,
        CASE_IDS.map((id) => [id, {}]),
      );
      for (let i = 0; i < 10; i++) {
        const set = await judgmentSetOf(user, 'case');
        expect(set.case?.id).toBe('ngn-cs-02');
        expect(set.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
      }
      await recordResponses(
        user,
        second.items.map((item) => [item.id, {}]),
      );
      // Both done: either.
      const seen = new Set<string>();
      for (let i = 0; i < 30; i++) seen.add((await judgmentSetOf(user, 'case')).case?.id ?? '');
      expect(seen).toEqual(new Set(['ngn-cs-01', 'ngn-cs-02']));
    });

    test('an empty bank: no items (and no case)', async () => {
      await seedNgnBank({ items: [], cases: [] });
      const user = await newUser();
      expect(await judgmentSetOf(user, 'standalone')).toEqual({ kind: 'standalone', case: null, items: [] });
      expect(await judgmentSetOf(user, 'case')).toEqual({ kind: 'case', case: null, items: [] });
      // The record refuses what is no longer in the bank.
      const error = await failure(user, (tx) => recordIn(tx, { itemIds: ['ngn-mr-001'] }));
      expect(error).toMatchObject({
        code: '22023',
        message: 'This set has items that were not given to you in the last 48 hours.',
      });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The results summary and resetting
// ---------------------------------------------------------------------------------------------

const zeroJudgment = (): JudgmentSummary => ({
  sets: 0,
  points: 0,
  max_points: 0,
  by_step: JUDGMENT_STEPS.map((step) => ({ step, points: 0, max_points: 0 })),
  by_category: CLIENT_NEEDS.map((need) => ({ category: need.name, points: 0, max_points: 0 })),
});

describe('get_results_summary: the judgment block', () => {
  test('a student with no judgment sets: zeros, all six steps and eight categories', async () => {
    const user = await newUser();
    const summary = await summaryOf(user);
    expect(summary.judgment).toEqual(zeroJudgment());
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

  test('hand-computed numbers for a standalone set and a case study', async () => {
    const user = await newUser();
    const standalone: [string, NgnResponse][] = [
      ['ngn-mr-001', { options: ['a', 'b', 'd'] }], // +/-: 2 − 1 = 1 of 3; recognize-cues, PA
      ['ngn-bt-001', keyResponse('ngn-bt-001')], // 5 of 5; take-action, PA
      ['ngn-dd-003', { '1': ['a'], '2': ['c'], '3': ['a'] }], // triad: 1 + 0 = 1 of 2; prioritize, PSY
      ['ngn-mr-002', { options: ['a', 'b'] }], // 0/1: 1 of 2; take-action, SIC
    ];
    const s1 = await recordResponses(user, standalone, { submittedAt: at(1) });
    const cs = (i: number) => CASE_IDS[i - 1] as string;
    const caseAnswers: [string, NgnResponse][] = [
      [cs(1), keyResponse(cs(1))], // highlight 2 of 2; recognize-cues, PA
      [cs(2), {}], // matrix 0 of 3; analyze-cues, PA
      [cs(3), keyResponse(cs(3))], // dyad 1 of 1; prioritize, RRP
      [cs(4), keyResponse(cs(4))], // select 3: 3 of 3; generate-solutions, BCC
      [cs(5), { '1': ['c'], '2': ['b'] }], // drag 0/1: 1 of 2; take-action, PHA
      [cs(6), {}], // matrix +/-: 0 of 4; evaluate-outcomes, SIC
    ];
    const s2 = await recordResponses(user, caseAnswers, { submittedAt: at(2) });
    expect([s1.points, s1.max_points, s2.points, s2.max_points]).toEqual([8, 12, 7, 15]);

    const steps: Record<string, [number, number]> = {
      'recognize-cues': [1 + 2, 3 + 2],
      'analyze-cues': [0, 3],
      'prioritize-hypotheses': [1 + 1, 2 + 1],
      'generate-solutions': [3, 3],
      'take-action': [5 + 1 + 1, 5 + 2 + 2],
      'evaluate-outcomes': [0, 4],
    };
    const categories: Record<string, [number, number]> = {
      [SIC]: [1 + 0, 2 + 4],
      [PSY]: [1, 2],
      [BCC]: [3, 3],
      [PHA]: [1, 2],
      [RRP]: [1, 1],
      [PA]: [1 + 5 + 2 + 0, 3 + 5 + 2 + 3],
    };
    const summary = await summaryOf(user);
    expect(summary.judgment).toEqual({
      sets: 2,
      points: 15,
      max_points: 27,
      by_step: JUDGMENT_STEPS.map((step) => ({
        step,
        points: steps[step]?.[0] ?? 0,
        max_points: steps[step]?.[1] ?? 0,
      })),
      by_category: CLIENT_NEEDS.map((need) => ({
        category: need.name,
        points: categories[need.name]?.[0] ?? 0,
        max_points: categories[need.name]?.[1] ?? 0,
      })),
    });
    // The practice part of the summary is untouched by judgment sets.
    expect(summary).toMatchObject({
      totals: { sets: 0, answered: 0, correct: 0 },
      over_time: [],
      recent_sets: [],
    });
    // Another student's summary is their own.
    expect((await summaryOf(await newUser())).judgment).toEqual(zeroJudgment());
  });
});

describe('reset_practice_history', () => {
  test('deletes the caller’s judgment sets, answers and aggregates, says how many, and nobody else’s', async () => {
    const user = await newUser();
    const other = await newUser();
    await recordResponses(user, [['ngn-mr-001', keyResponse('ngn-mr-001')]], { submittedAt: at(1) });
    await recordResponses(
      user,
      CASE_IDS.map((id) => [id, {}]),
      { submittedAt: at(2) },
    );
    await recordResponses(other, [['ngn-mr-001', {}]]);
    const otherBefore = await recordsOf(other);

    const reset = () =>
      asUser(backend.apiDb, user, (tx) =>
        tx.query<{ result: unknown }>('select public.reset_practice_history() as result'),
      );
    expect((await reset()).rows[0]?.result).toEqual({
      deleted_sets: 0,
      deleted_judgment_sets: 2,
      deleted_custom_tests: 0,
    });
    expect(await recordsOf(user)).toEqual(NOTHING);
    expect((await summaryOf(user)).judgment).toEqual(zeroJudgment());
    expect(await recordsOf(other)).toEqual(otherBefore);
    expect((await reset()).rows[0]?.result).toEqual({
      deleted_sets: 0,
      deleted_judgment_sets: 0,
      deleted_custom_tests: 0,
    });
    // A fresh start: the items are unanswered again.
    for (let i = 0; i < 5; i++) {
      const ids = (await judgmentSetOf(user, 'standalone', 12)).items.map((item) => item.id);
      expect(new Set(ids)).toEqual(new Set(STANDALONE_IDS));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Through the REST endpoint
// ---------------------------------------------------------------------------------------------

// PostgREST itself is not part of the real-engine tier: these run on the local backend only.
describe.skipIf(ON_POSTGRES)('through the REST endpoint', () => {
  const PASSWORD = 'correct-horse-1';
  async function session() {
    const user = await createConfirmedUser(backend, `rest-judgment-${++userCounter}@example.com`, PASSWORD);
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

  test('malformed record_clinical_judgment_set calls get a 4xx JSON error, never a 5xx', async () => {
    const { token, id } = await session();
    // As if get_clinical_judgment_set had served the item (a standalone pick is random).
    await backend.db.query(`select private.note_served($1, 'ngn', '{ngn-mr-001}')`, [id]);
    const valid = {
      set_id: crypto.randomUUID(),
      kind: 'standalone',
      case_id: null,
      item_ids: ['ngn-mr-001'],
      responses: [{ options: ['a'] }],
      started_at: new Date(Date.now() - 60_000).toISOString(),
      submitted_at: new Date().toISOString(),
    };
    const bodies: [string, number, string][] = [
      [JSON.stringify({ ...valid, set_id: 'not-a-uuid' }), 400, '22P02'],
      // JSON strings where arrays belong: jsonb string values, refused by the function.
      [JSON.stringify({ ...valid, item_ids: 'ngn-mr-001' }), 400, '22023'],
      [JSON.stringify({ ...valid, responses: 'not json' }), 400, '22023'],
      [JSON.stringify({ ...valid, responses: { options: ['a'] } }), 400, '22023'],
      [JSON.stringify({ ...valid, responses: [] }), 400, '22023'],
      [JSON.stringify({ ...valid, responses: [{ options: ['zz'] }] }), 400, '22023'],
      [JSON.stringify({ ...valid, responses: [{ options: 'a' }] }), 400, '22023'],
      [JSON.stringify({ ...valid, responses: [[]] }), 400, '22023'],
      [JSON.stringify({ ...valid, item_ids: [['ngn-mr-001']] }), 400, '22023'],
      [JSON.stringify({ ...valid, kind: 'grid' }), 400, '22023'],
      [JSON.stringify({ ...valid, kind: 'case' }), 400, '22023'],
      [JSON.stringify({ ...valid, started_at: 'yesterday-ish' }), 400, '22007'],
      [JSON.stringify({ ...valid, points: 3 }), 404, 'PGRST202'],
      [JSON.stringify({ set_id: valid.set_id }), 404, 'PGRST202'],
      ['{"set_id":', 400, 'PGRST102'],
    ];
    for (const [body, status, code] of bodies) {
      const response = await rpc('record_clinical_judgment_set', body, token);
      const json = (await response.json()) as Record<string, unknown>;
      expect({ body, status: response.status, code: json.code }).toEqual({ body, status, code });
      expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
    // The response problem's message, with the item in the details.
    const forged = await rpc(
      'record_clinical_judgment_set',
      JSON.stringify({ ...valid, responses: [{ options: ['zz'] }] }),
      token,
    );
    expect(await forged.json()).toEqual({
      code: '22023',
      message: 'Unknown choice "zz" in part "options".',
      details: 'Item ngn-mr-001 (item 1 of the set).',
      hint: null,
    });
    // Without a session: 401.
    const anon = await rpc('record_clinical_judgment_set', JSON.stringify(valid));
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { code: string }).code).toBe('42501');
  });

  test('supabase-js: get a case study, record it, re-send it, see it in the summary', async () => {
    const { client } = await session();
    const set = await client.rpc('get_clinical_judgment_set', { kind: 'case' });
    expect(set).toMatchObject({
      status: 200,
      error: null,
      data: { kind: 'case', case: { id: 'ngn-cs-01' } },
    });
    const items = (set.data as JudgmentSet).items;
    const args = {
      set_id: crypto.randomUUID(),
      kind: 'case',
      case_id: 'ngn-cs-01',
      item_ids: items.map((item) => item.id),
      responses: items.map((item) => keyResponse(item.id)),
      started_at: new Date(Date.now() - 60_000).toISOString(),
      submitted_at: new Date().toISOString(),
    };
    const full = items.reduce((sum, item) => sum + maxPoints(scoringKeyOf(item)), 0);
    const first = await client.rpc('record_clinical_judgment_set', args);
    expect(first).toMatchObject({
      status: 200,
      error: null,
      data: { points: full, max_points: full, already_recorded: false },
    });
    const again = await client.rpc('record_clinical_judgment_set', args);
    expect(again.data).toEqual({ ...first.data, already_recorded: true });
    const summary = await client.rpc('get_results_summary', undefined, { get: true });
    expect(summary).toMatchObject({
      status: 200,
      data: { judgment: { sets: 1, points: full, max_points: full } },
    });
    const standalone = await client.rpc('get_clinical_judgment_set', { kind: 'standalone', item_limit: 4 });
    expect((standalone.data as JudgmentSet).items).toHaveLength(4);
  });
});
