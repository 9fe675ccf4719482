// The hardening probe's record attacks over HTTP, as an attacker sends them (POST /rest/v1/rpc/...):
// the bank download by guessed ids from an account without access, the judgment scoring oracle,
// 1970 and -infinity dates, the write quota's 429 with Retry-After, and array literals nested too
// deep for PostgreSQL (54000) answered 400 instead of 500. The SQL side of each:
// tests/sql/access-before-content.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createConfirmedUser,
  createTestClient,
  grantTrial,
  type LocalBackend,
  startTestBackend,
} from '../support/backend.ts';

const PASSWORD = 'record-hardening-password-1';
let backend: LocalBackend;
let counter = 0;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function signedIn(opts: { entitled: boolean }) {
  const user = await createConfirmedUser(backend, `hardening-${++counter}@example.com`, PASSWORD);
  if (opts.entitled) await grantTrial(backend, user.id);
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  expect(error).toBeNull();
  return { id: user.id, token: data.session?.access_token ?? '' };
}

function rpc(fn: string, token: string, body: unknown) {
  return fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('record attacks over HTTP', () => {
  test('the bank download: 50 guessed ids from an account without access are refused (0 accepted), nothing to read back', async () => {
    const { token } = await signedIn({ entitled: false });
    const { rows } = await backend.db.query<{ id: string; option: string }>(
      `select q.id, (select o.id from public.question_options o where o.question_id = q.id order by o.position limit 1) as option
         from public.questions q order by q.id limit 50`,
    );
    const setId = crypto.randomUUID();
    const response = await rpc('record_practice_set', token, {
      set_id: setId,
      question_ids: rows.map((r) => r.id),
      chosen_option_ids: rows.map((r) => r.option),
      layout: 'one',
      started_at: minutesAgo(10),
      submitted_at: minutesAgo(0),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: '22023',
      message: 'This set has questions that were not given to you in the last 48 hours.',
      details: null,
      hint: 'Start a new set.',
    });
    const readBack = await rpc('get_practice_set', token, { set_id: setId });
    expect(readBack.status).toBe(404);
  });

  test('the judgment scoring oracle: an unserved NGN item gets a 400 and no points', async () => {
    const { token } = await signedIn({ entitled: true });
    const response = await rpc('record_clinical_judgment_set', token, {
      set_id: crypto.randomUUID(),
      kind: 'standalone',
      case_id: null,
      item_ids: ['ngn-mr-001'],
      responses: [{ options: ['a'] }],
      started_at: minutesAgo(10),
      submitted_at: minutesAgo(0),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; points?: unknown };
    expect(body.message).toBe('This set has items that were not given to you in the last 48 hours.');
    expect(body.points).toBeUndefined();
  });

  test.each([
    ['1970', '1970-01-01T00:00:00Z', '1970-01-01T00:10:00Z'],
    ['-infinity', '-infinity', '-infinity'],
  ])('a served set dated %s is refused with a 400', async (_, startedAt, submittedAt) => {
    const { token } = await signedIn({ entitled: true });
    const served = (await (await rpc('get_practice_questions', token, { question_limit: 2 })).json()) as {
      questions: { id: string; options: { id: string }[] }[];
    };
    const response = await rpc('record_practice_set', token, {
      set_id: crypto.randomUUID(),
      question_ids: served.questions.map((q) => q.id),
      chosen_option_ids: served.questions.map((q) => q.options[0]?.id),
      layout: 'one',
      started_at: startedAt,
      submitted_at: submittedAt,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'A practice set must be started and submitted within 48 hours.',
    );
  });

  test('over the write quota: 429 with code P0429, a clear message and Retry-After', async () => {
    const { id, token } = await signedIn({ entitled: true });
    // 120 saves already made this hour (the counting itself: tests/sql/access-before-content.test.ts).
    await backend.db.query(
      `insert into private.student_write_quota values ($1, now() - interval '10 minutes', 120)`,
      [id],
    );
    const response = await rpc('reset_practice_history', token, {});
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(49 * 60);
    expect(retryAfter).toBeLessThanOrEqual(50 * 60);
    expect(await response.json()).toEqual({
      code: 'P0429',
      message: '120 saves to your practice record in the last hour: the most an hour allows.',
      details: null,
      hint: 'Try again in 50 minutes.',
    });
  });
});

describe('array arguments never give a 5xx', () => {
  const practice = {
    set_id: crypto.randomUUID(),
    question_ids: ['bcc-001'],
    chosen_option_ids: ['bcc-001-a'],
    layout: 'one',
    started_at: minutesAgo(10),
    submitted_at: minutesAgo(0),
  };
  const judgment = {
    set_id: crypto.randomUUID(),
    kind: 'standalone',
    case_id: null,
    item_ids: ['ngn-mr-001'],
    responses: [{}],
    started_at: minutesAgo(10),
    submitted_at: minutesAgo(0),
  };
  const shapes: [string, unknown][] = [
    ['a 7-dimensional array literal', '{{{{{{{a}}}}}}}'],
    ['a 100-dimensional array literal', `${'{'.repeat(100)}a${'}'.repeat(100)}`],
    ['JSON nested 20,000 deep inside a string', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['a nested JSON array', [[['a']]]],
    ['an array of numbers', [1, 2]],
    ['an object', { a: 'b' }],
  ];
  const cases = shapes.flatMap(([shape, value]) => [
    ['record_practice_set', 'question_ids', shape, { ...practice, question_ids: value }],
    ['record_practice_set', 'chosen_option_ids', shape, { ...practice, chosen_option_ids: value }],
    ['record_clinical_judgment_set', 'item_ids', shape, { ...judgment, item_ids: value }],
  ]) as [string, string, string, unknown][];

  test.each(cases)('%s with %s as %s: a 400 JSON error', async (fn, _, __, body) => {
    const { token } = await signedIn({ entitled: true });
    const response = await rpc(fn, token, body);
    const json = (await response.json()) as Record<string, unknown>;
    expect({ status: response.status, keys: Object.keys(json).sort() }).toEqual({
      status: 400,
      keys: ['code', 'details', 'hint', 'message'],
    });
  });
});
