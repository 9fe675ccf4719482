// Concurrency on the real engine (PGlite serves one call at a time and cannot show any of this).
// A race is 32 writes and 8 resets started at once, each a separate API call made as PostgREST makes
// it (its own connection as authenticator, the caller's role and claims, one transaction): practice
// sets (some delivered twice, as an outbox does from two tabs), clinical-judgment sets, the webhook's
// subscription apply, and reset_practice_history. After each race no call may have deadlocked
// (40P01) or timed out (57014, or 55P03 for a lock wait), and the learning record's stored aggregates
// must equal a recount from its rows (the invariant function). The figures go to docs/testing.md.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asRole, asUser } from '../sql/as-role.ts';
import { createConfirmedUser, grantTrial } from '../support/backend.ts';
import { type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';

const RACES = 20;
const WRITES = 32;
const RESETS = 8;

let backend: SqlBackend;
/** The bank's questions with a right and a wrong option each. */
let questions: { id: string; correct: string; wrong: string }[];

beforeAll(async () => {
  backend = await startSqlBackend();
  questions = (
    await backend.db.query<{ id: string; correct: string; wrong: string }>(
      `select q.id,
              (select o.id from public.question_options o where o.question_id = q.id and o.is_correct) as correct,
              (select o.id from public.question_options o where o.question_id = q.id and not o.is_correct
                order by o.position limit 1) as wrong
         from public.questions q order by q.id`,
    )
  ).rows;
});
afterAll(() => backend?.close());

let userCounter = 0;
async function newStudent(): Promise<string> {
  const user = await createConfirmedUser(backend, `race-${++userCounter}@example.com`);
  await grantTrial(backend, user.id);
  return user.id;
}

/**
 * What a student may record: the questions and items served to them (the record takes only those),
 * served before the race as the practice pages would.
 */
interface Served {
  questions: { id: string; correct: string; wrong: string }[];
  items: string[];
}
const served = new Map<string, Served>();

async function serve(userId: string): Promise<void> {
  const ids = await asUser(backend.apiDb, userId, async (tx) => {
    const practice = await tx.query<{ result: { questions: { id: string }[] } }>(
      'select public.get_practice_questions(20) as result',
    );
    const judgment = await tx.query<{ result: { items: { id: string }[] } }>(
      `select public.get_clinical_judgment_set('standalone') as result`,
    );
    return {
      questions: practice.rows[0]?.result.questions.map((q) => q.id) ?? [],
      items: judgment.rows[0]?.result.items.map((item) => item.id) ?? [],
    };
  });
  served.set(userId, {
    questions: questions.filter((q) => ids.questions.includes(q.id)),
    items: ids.items,
  });
  expect(served.get(userId)?.questions).toHaveLength(20);
  expect(ids.items.length).toBeGreaterThan(0);
}

/** A practice set of 5 served questions (chosen at random, answered right or wrong at random). */
function recordPractice(userId: string, setId: string) {
  const picked = [...(served.get(userId)?.questions ?? [])].sort(() => Math.random() - 0.5).slice(0, 5);
  const submitted = new Date();
  return asUser(backend.apiDb, userId, (tx) =>
    tx.query(
      `select public.record_practice_set(set_id => $1, question_ids => $2, chosen_option_ids => $3,
         layout => 'one', started_at => $4, submitted_at => $5)`,
      [
        setId,
        JSON.stringify(picked.map((q) => q.id)),
        JSON.stringify(picked.map((q) => (Math.random() < 0.5 ? q.correct : q.wrong))),
        new Date(submitted.getTime() - 10 * 60_000),
        submitted,
      ],
    ),
  );
}

function recordJudgment(userId: string) {
  const submitted = new Date();
  const items = served.get(userId)?.items ?? [];
  return asUser(backend.apiDb, userId, (tx) =>
    tx.query(
      `select public.record_clinical_judgment_set(set_id => $1, kind => 'standalone', case_id => null,
         item_ids => $2, responses => $3::jsonb, started_at => $4, submitted_at => $5)`,
      [
        crypto.randomUUID(),
        JSON.stringify(items),
        JSON.stringify(items.map(() => ({}))),
        new Date(submitted.getTime() - 10 * 60_000),
        submitted,
      ],
    ),
  );
}

let eventCounter = 0;
function applySubscription(userId: string) {
  const version = new Date(Date.now() + ++eventCounter).toISOString();
  const subscription = {
    id: `sub_race_${userId}`,
    object: 'subscription',
    customer: `cus_race_${userId}`,
    status: 'active',
    items: {
      data: [{ current_period_start: 1_780_000_000, current_period_end: 4_102_444_800, price: { id: 'p' } }],
    },
  };
  return asRole(backend.apiDb, 'service_role', {}, (tx) =>
    tx.query('select public.stripe_apply_subscription($1, $2, $3, $4, $5, $6)', [
      `evt_race_${eventCounter}`,
      'customer.subscription.updated',
      version,
      JSON.stringify(subscription),
      version,
      userId,
    ]),
  );
}

const reset = (userId: string) =>
  asUser(backend.apiDb, userId, (tx) => tx.query('select public.reset_practice_history()'));

interface Tally {
  calls: number;
  deadlocks: number;
  timeouts: number;
  otherErrors: string[];
  mismatches: unknown[];
}

/** One race over these students: 32 writes and 8 resets, interleaved, all started together. */
async function race(students: string[], tally: Tally): Promise<void> {
  const calls: (() => Promise<unknown>)[] = [];
  const lastSetOf = new Map<string, string>();
  for (let i = 0; i < WRITES; i++) {
    const student = students[i % students.length] as string;
    const kind = i % 8;
    if (kind < 4) {
      // Every fourth practice set is a second delivery of the student's previous one (same set id).
      const setId = (kind === 3 && lastSetOf.get(student)) || crypto.randomUUID();
      lastSetOf.set(student, setId);
      calls.push(() => recordPractice(student, setId));
    } else if (kind < 7) calls.push(() => recordJudgment(student));
    else calls.push(() => applySubscription(student));
  }
  for (let i = 0; i < RESETS; i++) {
    const student = students[i % students.length] as string;
    calls.splice(Math.floor(((i + 0.5) * calls.length) / RESETS), 0, () => reset(student));
  }
  const results = await Promise.allSettled(calls.map((call) => call()));
  for (const result of results) {
    tally.calls++;
    if (result.status === 'fulfilled') continue;
    const error = result.reason as { code?: string; message?: string };
    if (error.code === '40P01') tally.deadlocks++;
    else if (error.code === '57014' || error.code === '55P03') tally.timeouts++;
    else tally.otherErrors.push(`${error.code}: ${error.message}`);
  }
  for (const student of new Set(students)) {
    const mismatches = await backend.db.query('select * from private.learning_record_mismatches($1)', [
      student,
    ]);
    tally.mismatches.push(...mismatches.rows);
  }
}

async function races(studentsPerRace: number): Promise<Tally> {
  const tally: Tally = { calls: 0, deadlocks: 0, timeouts: 0, otherErrors: [], mismatches: [] };
  for (let i = 0; i < RACES; i++) {
    // New students each race: a race's 28 saves per student stay within the hourly write quota.
    const students = await Promise.all(Array.from({ length: studentsPerRace }, newStudent));
    for (const student of students) await serve(student);
    await race(students, tally);
  }
  console.log(
    `[races] ${studentsPerRace} student(s): ${RACES} races, ${tally.calls} calls, ${tally.deadlocks} deadlocks, ` +
      `${tally.timeouts} timeouts, ${tally.mismatches.length} mismatches, ${tally.otherErrors.length} other errors`,
  );
  return tally;
}

describe.each([1, 4])('%i student(s) per race', (studentsPerRace) => {
  test(`${RACES} races of ${WRITES} writes and ${RESETS} resets: no deadlock, no timeout, no aggregate mismatch`, async () => {
    const tally = await races(studentsPerRace);
    expect(tally.calls).toBe(RACES * (WRITES + RESETS));
    expect({
      deadlocks: tally.deadlocks,
      timeouts: tally.timeouts,
      otherErrors: tally.otherErrors,
      mismatches: tally.mismatches,
    }).toEqual({ deadlocks: 0, timeouts: 0, otherErrors: [], mismatches: [] });
  });
});
