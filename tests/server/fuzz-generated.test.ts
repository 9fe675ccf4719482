// Generated requests across every endpoint of the local backend: Auth, every public function over
// /rest/v1/rpc, the webhook and portal functions, the mailbox, the test checkout, the test API and
// unknown paths, with random bodies (valid and broken JSON, forms, wrong types, NUL bytes, lone
// surrogates, injection strings, huge values) and random credentials. Whatever comes in, the
// answer is never a 5xx, every error has the documented shape of its API, and the process holds no
// more memory afterwards than before (within 20 %). Seeded: FUZZ_SEED=<n> replays or varies a run; FUZZ_REQUESTS=<n> sends more.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seededRandom } from '../../domain/cat/random.ts';
import { MOCK_EXAM_FUNCTION_PATH } from '../../server/mock-exam.ts';
import { PORTAL_FUNCTION_PATH, WEBHOOK_PATH } from '../../server/payments/routes.ts';
import {
  createConfirmedUser,
  createTestClient,
  type LocalBackend,
  startTestBackend,
} from '../support/backend.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const WARM_UP_REQUESTS = 300;
const MEASURED_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_100);
const CONCURRENCY = 8;

let backend: LocalBackend;
let userToken = '';
let userId = '';
const unexpectedErrors: string[] = [];

beforeAll(async () => {
  const testApi = process.env.LOCAL_STRIPE_TEST_API;
  process.env.LOCAL_STRIPE_TEST_API = '1'; // read when the routes are built: /_test/* is fuzzed too
  try {
    backend = await startTestBackend({
      log: (line) => {
        if (line.includes('unexpected error')) unexpectedErrors.push(line);
      },
    });
  } finally {
    if (testApi === undefined) delete process.env.LOCAL_STRIPE_TEST_API;
    else process.env.LOCAL_STRIPE_TEST_API = testApi;
  }
  const user = await createConfirmedUser(backend, `fuzz-gen-${Date.now()}@example.com`, 'fuzz-password-1');
  userId = user.id;
  // A trial started through the test checkout, so the fake Stripe knows the customer and the
  // portal function can open a session for this user (a row written directly would make it 502).
  const checkout = await fetch(`${backend.url}/_checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      action: 'start',
      client_reference_id: user.id,
      email: user.email,
    }).toString(),
  });
  expect(checkout.status).toBe(303);
  const { data } = await createTestClient(backend).auth.signInWithPassword({
    email: user.email,
    password: 'fuzz-password-1',
  });
  userToken = data.session?.access_token ?? '';
  expect(userToken).not.toBe('');
});
afterAll(() => backend?.close());

// ---------------------------------------------------------------------------------------------
// Random values

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  "' or 1=1 --",
  "'); drop table auth.users; --",
  '"; select pg_sleep(1); --',
  '$1',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍⚕️',
  '\u202eevil',
  'null',
  'true',
  '-1',
  '1e309',
  '99999999999999999999999999',
  '2026-13-45',
  '2026-11-25T10:00:00Z',
  'x'.repeat(300),
  'y'.repeat(5_000),
  'ada@example.com',
  'not-an-email',
  'pkce_abc',
  '123456',
  's256',
  'plain',
  'email',
  'recovery',
  'signup',
  'magiclink',
  'mixed',
  'weakest',
  'missed',
  'one',
  'all',
];

function randomString(random: Random): string {
  const r = random();
  if (r < 0.55) return pick(random, NASTY_STRINGS);
  if (r < 0.7) return crypto.randomUUID();
  if (r < 0.85) return `fuzz${Math.floor(random() * 1e9)}@example.com`;
  return Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
    String.fromCharCode(Math.floor(random() * 0x2fff)),
  ).join('');
}

function randomValue(random: Random, depth = 0): unknown {
  const r = random();
  if (r < 0.45) return randomString(random);
  if (r < 0.6) return pick(random, [0, -1, 1, 1.5, 10, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1]);
  if (r < 0.68) return random() < 0.5;
  if (r < 0.75) return null;
  if (depth >= 3) return randomString(random);
  if (r < 0.87) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 4) }, () => [
      pick(random, ['id', 'text', 'a', 'questionId', 'chosen', '']),
      randomValue(random, depth + 1),
    ]),
  );
}

/** A JSON object for the given field names (some left out, an unknown one sometimes added). */
function randomObject(random: Random, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) if (random() < 0.8) body[field] = randomValue(random);
  if (random() < 0.2) body[randomString(random).slice(0, 20) || 'extra'] = randomValue(random);
  return body;
}

interface Body {
  text?: string;
  contentType?: string;
}

/** A request body: mostly JSON for the fields, sometimes broken, escaped oddly, a form, or huge. */
function randomBody(random: Random, fields: readonly string[]): Body {
  const r = random();
  const json = (text: string): Body => ({ text, contentType: 'application/json' });
  if (r < 0.6) return json(JSON.stringify(randomObject(random, fields)));
  if (r < 0.66) {
    // JSON escapes JSON.stringify never writes: a lone surrogate, an escaped NUL.
    const field = pick(random, fields.length ? fields : ['x']);
    return json(`{"${field}":"${pick(random, ['\\ud800', '\\udfff', '\\u0000', '\\ud83d\\ude00'])}"}`);
  }
  if (r < 0.72)
    return json(pick(random, ['', '{', '{"a":', 'nul', '[1,2', '{"a":1}}', '"str"', '42', '[]', 'null']));
  if (r < 0.76) return json(`${'['.repeat(600)}${']'.repeat(600)}`);
  if (r < 0.8) return { text: JSON.stringify(randomObject(random, fields)), contentType: 'text/plain' };
  if (r < 0.86) {
    const form = new URLSearchParams();
    for (const field of fields) form.set(field, randomString(random));
    return { text: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  if (r < 0.88) return json(JSON.stringify({ [fields[0] ?? 'x']: 'z'.repeat(120 * 1024) }));
  return {};
}

function randomQuery(random: Random, fields: readonly string[]): string {
  const query = new URLSearchParams();
  for (const field of fields) if (random() < 0.7) query.set(field, randomString(random));
  const text = query.toString();
  return text ? `?${text}` : '';
}

// ---------------------------------------------------------------------------------------------
// Endpoints and their documented error shapes

type Family = 'auth' | 'rest' | 'webhook' | 'function' | 'devtool' | 'other';

interface Planned {
  family: Family;
  method: string;
  path: string;
  body: Body;
  headers: Record<string, string>;
}

type Endpoint = (random: Random) => Omit<Planned, 'headers'>;

/** A forged token: right shape, wrong signature (the 32 forgeries are in auth-hardening.test.ts). */
const FORGED_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIiwic3ViIjoieCJ9.c2lnbmF0dXJl';

function randomCredentials(random: Random): Record<string, string> {
  // Mostly keys and tokens that pass the gateway, so the routes behind it get the bad input.
  const { anonKey, serviceRoleKey } = backend;
  const apikey = pick(random, [anonKey, anonKey, anonKey, anonKey, anonKey, serviceRoleKey, 'garbage', '']);
  const bearer = pick(random, [null, null, userToken, userToken, userToken, serviceRoleKey, FORGED_JWT, '']);
  const headers: Record<string, string> = {};
  if (apikey || random() < 0.5) headers.apikey = apikey;
  if (bearer !== null) headers.authorization = random() < 0.9 ? `Bearer ${bearer}` : bearer;
  return headers;
}

function authEndpoints(): Endpoint[] {
  const auth = (method: string, path: string, fields: string[], query: string[] = []): Endpoint => {
    return (random) => ({
      family: 'auth',
      method,
      path: `/auth/v1${path}${randomQuery(random, query)}`,
      body: method === 'GET' ? {} : randomBody(random, fields),
    });
  };
  return [
    auth('GET', '/health', []),
    auth('GET', '/settings', []),
    auth(
      'POST',
      '/otp',
      ['email', 'data', 'create_user', 'code_challenge', 'code_challenge_method'],
      ['redirect_to'],
    ),
    auth(
      'POST',
      '/signup',
      ['email', 'password', 'data', 'code_challenge', 'code_challenge_method'],
      ['redirect_to'],
    ),
    auth('POST', '/recover', ['email', 'code_challenge', 'code_challenge_method'], ['redirect_to']),
    auth('GET', '/verify', [], ['token', 'type', 'redirect_to']),
    auth('POST', '/verify', ['type', 'token_hash', 'email', 'token']),
    (random) => ({
      family: 'auth',
      method: 'POST',
      path: `/auth/v1/token?grant_type=${pick(random, ['password', 'refresh_token', 'pkce', 'id_token', '', 'x'])}`,
      body: randomBody(random, ['email', 'password', 'refresh_token', 'auth_code', 'code_verifier']),
    }),
    auth('GET', '/user', []),
    auth('PUT', '/user', ['email', 'password', 'data', 'nonce']),
    auth('POST', '/logout', [], ['scope']),
    auth('DELETE', '/user', ['email']),
  ];
}

async function rpcEndpoints(): Promise<Endpoint[]> {
  const { rows } = await backend.db.query<{ name: string; names: string[] | null; modes: string[] | null }>(
    `select p.proname as name, p.proargnames as names, p.proargmodes::text[] as modes
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'`,
  );
  expect(rows.map((row) => row.name)).toContain('record_practice_set');
  return rows.flatMap((row) => {
    const args = (row.names ?? []).filter(
      (_, i) => !row.modes || ['i', 'b', 'v'].includes(row.modes[i] ?? ''),
    );
    const post: Endpoint = (random) => ({
      family: 'rest',
      method: 'POST',
      path: `/rest/v1/rpc/${row.name}`,
      body: randomBody(random, args),
    });
    const get: Endpoint = (random) => ({
      family: 'rest',
      method: 'GET',
      path: `/rest/v1/rpc/${row.name}${randomQuery(random, args)}`,
      body: {},
    });
    // Most calls are POSTs, as supabase-js makes them.
    return [post, post, get];
  });
}

function otherEndpoints(): Endpoint[] {
  const stripeEvent = (random: Random) =>
    JSON.stringify({
      id: `evt_${Math.floor(random() * 1e9)}`,
      object: 'event',
      type: pick(random, ['customer.subscription.created', 'checkout.session.completed', 'x', '']),
      created: pick(random, [0, Math.floor(Date.now() / 1000), 9_999_999_999, -1]),
      data: { object: randomValue(random) },
    });
  return [
    (random) => ({
      family: 'webhook',
      method: pick(random, ['POST', 'POST', 'POST', 'GET', 'PUT']),
      path: WEBHOOK_PATH,
      body:
        random() < 0.6
          ? { text: stripeEvent(random), contentType: 'application/json' }
          : randomBody(random, ['id', 'type']),
    }),
    (random) => ({
      family: 'function',
      method: pick(random, ['POST', 'POST', 'GET', 'OPTIONS']),
      path: PORTAL_FUNCTION_PATH,
      body: randomBody(random, ['return_url']),
    }),
    (random) => ({
      family: 'function',
      method: pick(random, ['POST', 'POST', 'POST', 'GET', 'OPTIONS']),
      path: MOCK_EXAM_FUNCTION_PATH,
      body: randomBody(random, ['action', 'ordinal', 'token', 'itemId', 'response', 'examId']),
    }),
    () => ({ family: 'devtool', method: 'GET', path: '/_inbox', body: {} }),
    (random) => ({
      family: 'devtool',
      method: pick(random, ['GET', 'GET', 'GET', 'DELETE']),
      path: `/_inbox/api/messages${randomQuery(random, ['to'])}`,
      body: {},
    }),
    (random) => ({
      family: 'devtool',
      method: 'GET',
      path: `/_checkout${randomQuery(random, ['client_reference_id', 'prefilled_email'])}`,
      body: {},
    }),
    (random) => ({
      family: 'devtool',
      method: 'POST',
      path: '/_checkout',
      // Mostly leaving (no trial); sometimes a start for a random or the test user's account.
      body:
        random() < 0.7
          ? randomBody(random, ['action', 'client_reference_id', 'email'])
          : {
              text: new URLSearchParams({
                action: 'start',
                client_reference_id: random() < 0.5 ? userId : randomString(random),
                email: randomString(random),
              }).toString(),
              contentType: 'application/x-www-form-urlencoded',
            },
    }),
    (random) => ({
      family: 'devtool',
      method: pick(random, ['GET', 'POST']),
      path: `/_portal${randomQuery(random, ['session', 'done'])}`,
      body: randomBody(random, ['session', 'action']),
    }),
    (random) => ({
      family: 'devtool',
      method: 'GET',
      path: `/_test/subscriptions${randomQuery(random, ['client_reference_id'])}`,
      body: {},
    }),
    (random) => ({
      family: 'devtool',
      method: 'POST',
      path: `/_test/subscriptions/${encodeURIComponent(randomString(random).slice(0, 60) || 'x')}/${pick(random, ['advance', 'cancel', 'pay', 'fail', 'x'])}`,
      body: {},
    }),
    (random) => ({
      family: 'other',
      method: pick(random, ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']),
      path: pick(random, [
        '/_health',
        '/',
        '/nope',
        '/rest/v1/',
        '/rest/v1/questions',
        '/rest/v1/subscriptions?select=*',
        '/auth/v1/admin/users',
        '/auth/v1/nope',
        '/functions/v1/unknown',
        '/storage/v1/object/x',
        `/rest/v1/rpc/${encodeURIComponent(randomString(random).slice(0, 40) || 'x')}`,
      ]),
      body: randomBody(random, ['x']),
    }),
  ];
}

/** Whether a 4xx answer has its API's documented error shape. */
function hasDocumentedShape(family: Family, path: string, response: Response, text: string): boolean {
  const type = response.headers.get('content-type') ?? '';
  const json = (() => {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return null;
    }
  })();
  const jsonMessage = json !== null && typeof json.message === 'string' && json.message !== '';
  if (path.startsWith('/auth/v1/')) {
    // GoTrue: { code, message } and the header supabase-js needs to read the code.
    return (
      json !== null &&
      typeof json.code === 'string' &&
      jsonMessage &&
      response.headers.get('x-supabase-api-version') === '2024-01-01'
    );
  }
  if (path.startsWith('/rest/v1/')) {
    // PostgREST: exactly { code, details, hint, message }.
    return json !== null && Object.keys(json).sort().join() === 'code,details,hint,message' && jsonMessage;
  }
  // The webhook answers Stripe in plain text (decision 030), the portal function in JSON; the dev
  // tools answer JSON { message } or, for the checkout and portal pages, a page saying why.
  if (family === 'webhook' || family === 'function')
    return jsonMessage || (type.startsWith('text/plain') && text.trim() !== '');
  return jsonMessage || (type.startsWith('text/html') && text.includes('<'));
}

interface Failure {
  request: string;
  status: number;
  answer: string;
}

async function send(planned: Planned, failures: Failure[]): Promise<number> {
  const headers: Record<string, string> = { ...planned.headers };
  if (planned.body.contentType) headers['content-type'] = planned.body.contentType;
  const withBody = planned.body.text !== undefined && !['GET', 'HEAD'].includes(planned.method);
  const describe = `${planned.method} ${planned.path.slice(0, 160)} ${(planned.body.text ?? '').slice(0, 160)}`;
  let response: Response;
  try {
    response = await fetch(`${backend.url}${planned.path}`, {
      method: planned.method,
      headers,
      body: withBody ? planned.body.text : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    failures.push({ request: describe, status: 0, answer: String(error) });
    return 0;
  }
  const text = planned.method === 'HEAD' ? '' : await response.text();
  const isError = response.status >= 400;
  const shaped =
    !isError || planned.method === 'HEAD' || hasDocumentedShape(planned.family, planned.path, response, text);
  if (response.status >= 500 || !shaped) {
    failures.push({ request: describe, status: response.status, answer: text.slice(0, 200) });
  }
  return response.status;
}

/** Sends `count` generated requests, CONCURRENCY at a time, round-robin over the endpoints. */
async function fuzz(endpoints: Endpoint[], random: Random, count: number, failures: Failure[]) {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const endpoint = endpoints[index % endpoints.length] as Endpoint;
      const planned = { ...endpoint(random), headers: randomCredentials(random) };
      const status = await send(planned, failures);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

/** A full collection, when the flag can be turned on in this process (it can in Node 20). */
function collectGarbage(): (() => void) | null {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  return typeof gc === 'function' ? gc : null;
}

async function settledHeap(gc: (() => void) | null): Promise<number> {
  for (let round = 0; round < 3; round++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

describe('generated requests', () => {
  test(`${MEASURED_REQUESTS} requests across every endpoint: no 5xx, documented errors, memory kept`, async () => {
    const endpoints = [...authEndpoints(), ...(await rpcEndpoints()), ...otherEndpoints()];
    const random = seededRandom(SEED);
    const failures: Failure[] = [];
    const gc = collectGarbage();
    expect(gc, 'a full garbage collection is needed to compare memory').not.toBeNull();

    // Warm up first (compiled code, prepared statements, caches) so the comparison is of steady states.
    await fuzz(endpoints, random, WARM_UP_REQUESTS, failures);
    const before = await settledHeap(gc);
    const started = Date.now();
    const statuses = await fuzz(endpoints, random, MEASURED_REQUESTS, failures);
    const seconds = (Date.now() - started) / 1000;
    const after = await settledHeap(gc);

    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `fuzz seed ${SEED}: ${MEASURED_REQUESTS} requests over ${endpoints.length} endpoint generators in ${seconds.toFixed(1)} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ` +
        `heap after gc ${mb(before)} MB → ${mb(after)} MB (${(((after - before) / before) * 100).toFixed(1)} %); `,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(unexpectedErrors.slice(0, 5)).toEqual([]);
    expect([...statuses].filter(([status]) => status >= 500)).toEqual([]);
    expect(after).toBeLessThanOrEqual(before * 1.2);
  }, 180_000);
});

describe('the test checkout', () => {
  test('POST /_checkout with a NUL byte in the email answers 400 with the form, not 502', async () => {
    const response = await fetch(`${backend.url}/_checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'start', client_reference_id: 'x', email: '\u0000' }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter a valid email address.');
  });
});
