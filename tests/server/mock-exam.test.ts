// The mock exam over HTTP, as the app will call it: POST /functions/v1/mock-exam on the real local
// backend with a student's access token, the engine (domain/cat) choosing items from the seeded
// bank. The test reads each shown item's key from the database (as only the server may) to answer
// it right or wrong on purpose. docs/decisions/180-mock-exam-on-the-server.md.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LABEL_PRIOR_ERROR_SD, LABEL_PRIOR_LOGITS, PASSING_STANDARD } from '../../domain/cat/constants.ts';
import { estimateAbility, type ScoredResponse } from '../../domain/cat/estimate.ts';
import { priorThresholds } from '../../domain/cat/parameters.ts';
import {
  createConfirmedUser,
  createTestClient,
  grantTrial,
  type LocalBackend,
  startTestBackend,
} from '../support/backend.ts';
import { keyOf as keyOfServed } from '../support/mock-exam-keys.ts';
import { callMockExam } from '../support/mock-exam-run.ts';

const PASSWORD = 'mock-exam-password-1';
let backend: LocalBackend;
let counter = 0;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

async function student(opts: { entitled: boolean } = { entitled: true }) {
  const user = await createConfirmedUser(backend, `mock-exam-${++counter}@example.com`, PASSWORD);
  if (opts.entitled) await grantTrial(backend, user.id);
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  expect(error).toBeNull();
  return { id: user.id, token: data.session?.access_token ?? '' };
}

const call = (token: string, body: unknown) => callMockExam(backend, token, body);

/** Nothing that grades an item: no key field, no rationale, no correct flag, no parameters. */
function expectNoKey(raw: string) {
  expect(raw).not.toMatch(
    /"(correct|isCorrect|is_correct|answers|rationale|scoring|difficulty|thresholds|points|maxPoints|kind|role)"/,
  );
}

interface ShownItem {
  ordinal: number;
  token: string;
  itemId: string;
  bank: 'classic' | 'ngn';
}

/** What the server knows about an item: its key, and its label prior (tests/support/mock-exam-keys.ts). */
const keyOf = (item: ShownItem) => keyOfServed(backend, item);

async function answer(token: string, item: ShownItem, response: unknown) {
  return call(token, {
    action: 'answer',
    ordinal: item.ordinal,
    token: item.token,
    itemId: item.itemId,
    response,
  });
}

/** Answers until the exam ends (or `stopAfter` answers); `choose` decides right or wrong per item. */
async function run(
  token: string,
  choose: (key: { difficulty: string; maxPoints: number }, item: ShownItem) => boolean | Promise<boolean>,
  stopAfter = 150,
) {
  let current = await call(token, { action: 'start' });
  expect(current.status).toBe(201);
  let answered = 0;
  while (current.body.exam.status === 'in_progress' && answered < stopAfter) {
    const item = current.body.exam.item as ShownItem;
    expectNoKey(current.raw);
    const key = await keyOf(item);
    current = await answer(token, item, (await choose(key, item)) ? key.right : key.wrong);
    expect(current.status).toBe(200);
    answered++;
    expect(current.body.exam.itemsAnswered).toBe(answered);
  }
  return { exam: current.body.exam, answered };
}

describe('the mock exam over HTTP', () => {
  test('every answer right: ends at exactly 85 items with a pass; the report has the band, the performance rows and the review', async () => {
    const { token } = await student();
    const started = Date.now();
    const { exam, answered } = await run(token, () => true);
    const elapsed = Date.now() - started;
    expect(answered).toBe(85);
    expect(exam.status).toBe('finished');
    expect(exam.item).toBeNull();

    const report = await call(token, { action: 'report', examId: exam.id });
    expect(report.status).toBe(200);
    const r = report.body.report;
    expect(r.rule).toBe('confidence');
    expect(r.passed).toBe(true);
    expect(r.itemsAnswered).toBe(85);
    expect(r.scoredItems).toBe(70);
    expect(r.band.lower).toBeGreaterThan(PASSING_STANDARD);
    expect(r.band.lower).toBeLessThan(r.estimate);
    expect(r.band.upper).toBeGreaterThan(r.estimate);
    expect(r.passProbability).toBeGreaterThan(0.975);
    expect(r.passProbabilityMethod).toBe('normal-approximation');
    expect(r.performance.clientNeeds.length).toBeGreaterThanOrEqual(6);
    for (const row of [...r.performance.clientNeeds, ...r.performance.judgmentSteps]) {
      expect(['below', 'near', 'above']).toContain(row.level);
      expect(row.items).toBeGreaterThan(0);
    }
    expect(r.performance.judgmentSteps.length).toBeGreaterThanOrEqual(1);
    // The review: every scored item, with the student's answer, the key and the rationale.
    expect(r.review).toHaveLength(70);
    for (const item of r.review) {
      expect(item.points).toBe(item.maxPoints);
      expect(typeof item.rationale).toBe('string');
      expect(item.response).toBeTruthy();
      if (item.bank === 'classic')
        expect(item.options.some((o: { isCorrect: boolean }) => o.isCorrect)).toBe(true);
      else expect(item.key.groups.length).toBeGreaterThan(0);
    }
    // The stored result matches, and the student may read their finished exam (RLS).
    const { rows } = await backend.db.query<{ stop_rule: string; passed: boolean; status: string }>(
      'select stop_rule, passed, status from public.mock_exams where id = $1',
      [exam.id],
    );
    expect(rows[0]).toEqual({ stop_rule: 'confidence', passed: true, status: 'finished' });
    console.log(`85 items answered over HTTP in ${elapsed} ms (${(elapsed / 85).toFixed(1)} ms per answer)`);
  }, 120_000);

  test('every answer wrong: ends at exactly 85 items with a fail', async () => {
    const { token } = await student();
    const { exam, answered } = await run(token, () => false);
    expect(answered).toBe(85);
    const report = await call(token, { action: 'report' });
    expect(report.status).toBe(200);
    expect(report.body.report.examId).toBe(exam.id);
    expect(report.body.report.rule).toBe('confidence');
    expect(report.body.report.passed).toBe(false);
    expect(report.body.report.band.upper).toBeLessThan(PASSING_STANDARD);
    expect(report.body.report.passProbability).toBeLessThan(0.025);
  }, 120_000);

  test('a candidate at the passing standard goes past 85 items', async () => {
    const { token } = await student();
    // Keeps the estimate at the cut whatever items the engine draws: right while the estimate (from
    // the scored answers so far, on the engine's label priors) is at or below the cut, wrong above.
    const answered: ScoredResponse[] = [];
    const atCut = async (
      { difficulty, maxPoints }: { difficulty: string; maxPoints: number },
      item: ShownItem,
    ) => {
      const right = estimateAbility(answered).theta <= PASSING_STANDARD;
      const { rows } = await backend.db.query<{ kind: string }>(
        'select kind from public.mock_exam_items where token = $1',
        [item.token],
      );
      if (rows[0]?.kind === 'scored') {
        answered.push({
          thresholds: priorThresholds(
            LABEL_PRIOR_LOGITS[difficulty as keyof typeof LABEL_PRIOR_LOGITS],
            maxPoints,
          ),
          score: right ? maxPoints : 0,
          locationError: LABEL_PRIOR_ERROR_SD,
        });
      }
      return right;
    };
    const { exam, answered: count } = await run(token, atCut, 90);
    expect(count).toBe(90);
    expect(exam.status).toBe('in_progress');
    expect(exam.item.ordinal).toBe(91);
  }, 120_000);

  test('time running out before 85 items ends the exam with the run-out-of-time result (a fail)', async () => {
    const { id, token } = await student();
    const { exam } = await run(token, () => true, 20);
    expect(exam.status).toBe('in_progress');
    const item = exam.item as ShownItem;
    // Five hours and a second have passed since the start.
    await backend.db.query(
      `update public.mock_exams set started_at = now() - interval '5 hours 1 second' where user_id = $1 and status = 'in_progress'`,
      [id],
    );
    const late = await answer(token, item, (await keyOf(item)).right);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('time_up');
    expect(late.body.exam.status).toBe('finished');
    expect(late.body.exam.itemsAnswered).toBe(20);
    const report = await call(token, { action: 'report' });
    expect(report.body.report.rule).toBe('time');
    expect(report.body.report.passed).toBe(false);
    expect(report.body.report.itemsAnswered).toBe(20);
    // Ended: nothing in progress any more.
    expect((await call(token, { action: 'current' })).status).toBe(404);
  }, 60_000);

  test('a resumed exam shows the same item with the clock having run; a stale or repeated answer is refused', async () => {
    const { id, token } = await student();
    const { exam } = await run(token, () => true, 3);
    const item = exam.item as ShownItem;
    // Ten minutes pass (the stored start moves back), then the page reloads or another device asks.
    await backend.db.query(
      `update public.mock_exams set started_at = started_at - interval '10 minutes' where user_id = $1 and status = 'in_progress'`,
      [id],
    );
    const resumed = await call(token, { action: 'current' });
    expect(resumed.status).toBe(200);
    expectNoKey(resumed.raw);
    expect(resumed.body.exam.item).toEqual(exam.item);
    expect(resumed.body.exam.itemsAnswered).toBe(3);
    expect(exam.timeLeftSeconds - resumed.body.exam.timeLeftSeconds).toBeGreaterThanOrEqual(600);
    expect(resumed.body.exam.timeLeftSeconds).toBeLessThanOrEqual(5 * 3600 - 600);

    const key = await keyOf(item);
    const first = await answer(token, item, key.right);
    expect(first.status).toBe(200);
    // The same answer again (a double click, a second tab): refused, nothing recorded twice.
    const repeat = await answer(token, item, key.wrong);
    expect(repeat.status).toBe(409);
    expect(repeat.body.error).toBe('stale');
    expect(repeat.body.exam.item.ordinal).toBe(5);
    // A made-up token for the item on screen: refused too.
    const next = first.body.exam.item as ShownItem;
    const forged = await answer(token, { ...next, token: crypto.randomUUID() }, (await keyOf(next)).right);
    expect(forged.status).toBe(409);
    expect(forged.body.error).toBe('stale');
    const { rows } = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.mock_exam_responses where user_id = $1',
      [id],
    );
    expect(rows[0]?.n).toBe(4);
    // The report waits for the end.
    const early = await call(token, { action: 'report' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('exam_not_finished');
  }, 60_000);

  test('two tabs answering the same item at once: one answer counts, the other is a 409', async () => {
    const { id, token } = await student();
    const { exam } = await run(token, () => true, 2);
    const item = exam.item as ShownItem;
    const key = await keyOf(item);
    const both = await Promise.all([answer(token, item, key.right), answer(token, item, key.wrong)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.mock_exam_responses where user_id = $1 and ordinal = $2',
      [id, item.ordinal],
    );
    expect(rows[0]?.n).toBe(1);
    // Two starts at once: one exam.
    const other = await student();
    const starts = await Promise.all([
      call(other.token, { action: 'start' }),
      call(other.token, { action: 'start' }),
    ]);
    expect(starts.map((r) => r.status).sort()).toEqual([201, 409]);
  }, 60_000);

  test('a reload after the time has run out shows the exam ended on the time rule', async () => {
    const { id, token } = await student();
    await run(token, () => true, 5);
    await backend.db.query(
      `update public.mock_exams set started_at = now() - interval '5 hours' where user_id = $1 and status = 'in_progress'`,
      [id],
    );
    const reload = await call(token, { action: 'current' });
    expect(reload.status).toBe(200);
    expect(reload.body.exam).toMatchObject({
      status: 'finished',
      timeLeftSeconds: 0,
      itemsAnswered: 5,
      item: null,
    });
    const report = await call(token, { action: 'report', examId: reload.body.exam.id });
    expect(report.body.report).toMatchObject({ rule: 'time', passed: false, itemsAnswered: 5 });
  }, 60_000);

  test('no entitlement → 403; a second start → 409; bad bodies → 400; no token → 401', async () => {
    const outsider = await student({ entitled: false });
    const refused = await call(outsider.token, { action: 'start' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('no_access');
    expectNoKey(refused.raw);

    const { token } = await student();
    expect((await call(token, { action: 'start' })).status).toBe(201);
    const second = await call(token, { action: 'start' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      error: 'exam_in_progress',
      message: 'You already have a mock exam in progress. Resume it instead of starting another.',
    });

    for (const body of ['not json', '[]', '{}', { action: 'grade' }, { action: 'answer', ordinal: '1' }]) {
      const bad = await call(token, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('bad_request');
    }
    const current = (await call(token, { action: 'current' })).body.exam.item as ShownItem;
    const foreign = await answer(
      token,
      current,
      current.bank === 'classic' ? { optionIds: ['nope'] } : { picks: { nope: ['x'] } },
    );
    expect(foreign.status).toBe(400);
    expect((await call(token, { action: 'report', examId: 'x' })).status).toBe(400);
    const padded = await call(token, { action: 'current', padding: 'x'.repeat(20_000) });
    expect(padded.status).toBe(400);
    expect((await call(token, { action: 'current', padding: 'x'.repeat(200_000) })).status).toBe(413);

    const anonymous = await fetch(`${backend.url}/functions/v1/mock-exam`, {
      method: 'POST',
      body: '{"action":"start"}',
    });
    expect(anonymous.status).toBe(401);
    const get = await fetch(`${backend.url}/functions/v1/mock-exam`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(get.status).toBe(405);
  }, 60_000);

  test('access ending mid-exam: the item, answers and the report are refused with 403', async () => {
    const { id, token } = await student();
    const { exam } = await run(token, () => true, 2);
    const item = exam.item as ShownItem;
    const key = await keyOf(item);
    await backend.db.query('delete from public.subscriptions where user_id = $1', [id]);
    for (const refused of [
      await call(token, { action: 'current' }),
      await answer(token, item, key.right),
      await call(token, { action: 'start' }),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('no_access');
      expectNoKey(refused.raw);
    }
  }, 60_000);

  test('a client cannot call the service functions that hold the keys', async () => {
    const { token } = await student();
    const headers = {
      apikey: backend.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    for (const [fn, args] of [
      ['mock_exam_item_content', { p_ids: ['x'] }],
      ['mock_exam_bank', {}],
    ] as const) {
      const response = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(args),
      });
      expect([401, 403, 404]).toContain(response.status);
    }
  }, 60_000);
});
