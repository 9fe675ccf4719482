// Bad input never turns into a 5xx: every auth route and every RPC gets bodies with a NUL byte in
// each string field (Postgres cannot store one: SQLSTATE 22021) and JSON nested 5,000 levels deep
// (deep enough to overflow a recursive JSON.stringify), and must answer 4xx JSON in the route's
// documented error shape: GoTrue's { code, message } or PostgREST's { code, details, hint, message }.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverEvent, FakeStripe, type StripeEventJson } from '../../server/payments/fake-stripe.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET, WEBHOOK_PATH } from '../../server/payments/routes.ts';
import {
  createConfirmedUser,
  createTestClient,
  type LocalBackend,
  latestTokenHash,
  startTestBackend,
} from '../support/backend.ts';

let backend: LocalBackend;
let userToken: string;

beforeAll(async () => {
  backend = await startTestBackend();
  const user = await createConfirmedUser(backend, `fuzz-${Date.now()}@example.com`, 'fuzz-password-1');
  const client = createTestClient(backend);
  const { data } = await client.auth.signInWithPassword({ email: user.email, password: 'fuzz-password-1' });
  userToken = data.session?.access_token ?? '';
  expect(userToken).not.toBe('');
});
afterAll(() => backend.close());

const NUL = 'a\u0000b';
const DEPTH = 5000;
const DEEP_ARRAY = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** A valid body of the route with each string field, in turn, replaced by one with a NUL byte. */
function withNulInEachString(body: Record<string, unknown>): Record<string, unknown>[] {
  return Object.keys(body)
    .filter((key) => typeof body[key] === 'string')
    .map((key) => ({ ...body, [key]: NUL }));
}

/**
 * The same body (as text: the test's own JSON.stringify would overflow on such values) with JSON
 * nested DEPTH levels in each field, and as a whole.
 */
function withDeepJson(body: Record<string, unknown>): string[] {
  const placeholder = '"__deep__"';
  return [
    ...Object.keys(body).flatMap((key) => {
      const text = JSON.stringify({ ...body, [key]: '__deep__' });
      return [text.replace(placeholder, DEEP_ARRAY), text.replace(placeholder, DEEP_OBJECT)];
    }),
    DEEP_ARRAY,
    DEEP_OBJECT,
  ];
}

interface Outcome {
  route: string;
  body: string;
  status: number;
}

function shortened(body: string): string {
  return body.length > 120 ? `${body.slice(0, 120)}… (${body.length} chars)` : body;
}

describe('auth routes', () => {
  const validBodies: [string, string, Record<string, unknown>][] = [
    ['POST', '/otp', { email: 'fuzz-otp@example.com', data: { name: 'x' }, code_challenge_method: 's256' }],
    [
      'POST',
      '/signup',
      { email: 'fuzz-signup@example.com', password: 'fuzz-password-1', data: { name: 'x' } },
    ],
    ['POST', '/recover', { email: 'fuzz-recover@example.com' }],
    ['POST', '/verify', { type: 'email', token_hash: 'abc' }],
    ['POST', '/verify', { type: 'email', email: 'fuzz-verify@example.com', token: '123456' }],
    ['POST', '/verify', { type: 'recovery', token_hash: 'pkce_abc' }],
    ['POST', '/token?grant_type=password', { email: 'fuzz-password@example.com', password: 'whatever-1' }],
    ['POST', '/token?grant_type=refresh_token', { refresh_token: 'some-refresh-token' }],
    ['POST', '/token?grant_type=pkce', { auth_code: crypto.randomUUID(), code_verifier: 'v'.repeat(43) }],
    ['PUT', '/user', { email: 'not-the-users@example.com', data: { name: 'x' } }],
  ];

  test('NUL bytes and 5,000-level JSON get 4xx { code, message } with the API version header', async () => {
    const failures: Outcome[] = [];
    const send = async (method: string, path: string, body: string) => {
      const response = await fetch(`${backend.url}/auth/v1${path}`, {
        method,
        headers: {
          apikey: backend.anonKey,
          'content-type': 'application/json',
          ...(path === '/user' ? { authorization: `Bearer ${userToken}` } : {}),
        },
        body,
      });
      const text = await response.text();
      let shaped = false;
      try {
        const json = JSON.parse(text) as { code?: unknown; message?: unknown };
        shaped =
          typeof json.code === 'string' &&
          typeof json.message === 'string' &&
          response.headers.get('x-supabase-api-version') === '2024-01-01';
      } catch {
        shaped = false;
      }
      if (response.status < 400 || response.status >= 500 || !shaped) {
        failures.push({ route: `${method} ${path}`, body: shortened(body), status: response.status });
      }
    };
    for (const [method, path, body] of validBodies) {
      for (const bad of withNulInEachString(body)) await send(method, path, JSON.stringify(bad));
      // A NUL inside the metadata object reaches jsonb (SQLSTATE 22P05) unless it is refused first.
      if ('data' in body) await send(method, path, JSON.stringify({ ...body, data: { name: NUL } }));
      for (const bad of withDeepJson(body)) await send(method, path, bad);
    }
    // The emailed link is a GET with the token in the query.
    for (const query of [
      `token=${encodeURIComponent(NUL)}&type=signup`,
      `token=pkce_${encodeURIComponent(NUL)}&type=email`,
    ]) {
      const response = await fetch(`${backend.url}/auth/v1/verify?${query}`, { redirect: 'manual' });
      if (response.status >= 500)
        failures.push({ route: 'GET /verify', body: query, status: response.status });
    }
    expect(failures).toEqual([]);
  });
});

describe('rpc routes', () => {
  test('NUL bytes and 5,000-level JSON get 4xx PostgREST errors, for every function and role', async () => {
    const functions = (
      await backend.db.query<{ name: string; names: string[] | null; modes: string[] | null }>(
        `select p.proname as name, p.proargnames as names, p.proargmodes::text[] as modes
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f'`,
      )
    ).rows.map((row) => ({
      name: row.name,
      // The input arguments only (modes i, b, v; all of them when there are no modes).
      args: (row.names ?? []).filter((_, i) => !row.modes || ['i', 'b', 'v'].includes(row.modes[i] ?? '')),
    }));
    expect(functions.map((fn) => fn.name)).toContain('check_user_entitlement');

    const callers: [string, Record<string, string>][] = [
      ['anon', { apikey: backend.anonKey }],
      ['user', { apikey: backend.anonKey, authorization: `Bearer ${userToken}` }],
      ['service_role', { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` }],
    ];
    const failures: Outcome[] = [];
    const check = async (route: string, response: Response, body: string) => {
      const text = await response.text();
      let shaped = false;
      try {
        const json = JSON.parse(text) as Record<string, unknown>;
        shaped =
          Object.keys(json).sort().join() === 'code,details,hint,message' &&
          typeof json.code === 'string' &&
          typeof json.message === 'string';
      } catch {
        shaped = false;
      }
      if (response.status < 400 || response.status >= 500 || !shaped) {
        failures.push({ route, body: shortened(`${body} → ${text}`), status: response.status });
      }
    };

    for (const fn of functions) {
      const args = fn.args.length > 0 ? fn.args : ['unknown_argument'];
      const nulBody = Object.fromEntries(args.map((arg) => [arg, NUL]));
      const bodies = [
        ...[
          nulBody,
          ...withNulInEachString(nulBody),
          Object.fromEntries(args.map((arg) => [arg, [NUL]])),
          Object.fromEntries(args.map((arg) => [arg, { text: NUL }])),
        ].map((body) => JSON.stringify(body)),
        ...withDeepJson(Object.fromEntries(args.map((arg) => [arg, 'x']))),
      ];
      for (const [role, headers] of callers) {
        const route = `${role} /rpc/${fn.name}`;
        for (const text of bodies) {
          const response = await fetch(`${backend.url}/rest/v1/rpc/${fn.name}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: text,
          });
          await check(`POST ${route}`, response, text);
        }
        const query = new URLSearchParams(Object.entries(nulBody)).toString();
        const response = await fetch(`${backend.url}/rest/v1/rpc/${fn.name}?${query}`, { headers });
        await check(`GET ${route}`, response, query);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('the second hardening pass’s shapes (issue 25 finding 6): 4xx, or 2xx for a rejected signed event', () => {
  // Its own backend, so every line it logs can be checked for tokens.
  let logged: LocalBackend;
  const lines: string[] = [];
  beforeAll(async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    logged = await startTestBackend({ log: (line) => lines.push(line) });
  });
  afterAll(() => logged.close());

  const forms: [string, Record<string, string>, string][] = [
    ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, 'action=start'],
    [
      'truncated multipart',
      { 'content-type': 'multipart/form-data; boundary=XyZ' },
      '--XyZ\r\nContent-Disposition: form-data; name="action"\r\n\r\nstart',
    ],
    ['multipart with a bad charset', { 'content-type': 'multipart/form-data; boundary=' }, '--\r\n'],
  ];
  test.each(
    forms.flatMap(([shape, headers, body]) => [
      ['/_checkout', shape, headers, body] as const,
      ['/_portal', shape, headers, body] as const,
    ]),
  )('%s: %s → 400 JSON', async (path, _shape, headers, body) => {
    const response = await fetch(`${logged.url}${path}`, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/form could not be read/);
  });

  test.each([
    ['current_period_start: "x"', { current_period_start: 'x' }],
    ['trial_start: 1e20', { trial_start: 1e20 }],
    ['subscription id: null', { id: null }],
    ['status: 5', { status: 5 }],
    ['cancel_at_period_end: "yes"', { cancel_at_period_end: 'yes' }],
    ['an item period of -1', { items: { object: 'list', data: [{ current_period_end: -1 }] } }],
  ])('a signed event with %s answers 2xx, logged as rejected, nothing written', async (_shape, fields) => {
    const trial = new FakeStripe().startTrial({
      clientReferenceId: null,
      email: null,
      successUrl: logged.url,
    });
    const event = trial.events.find((e) => e.type === 'customer.subscription.created');
    if (!event) throw new Error('no customer.subscription.created event');
    const object = (event.data as { object: Record<string, unknown> }).object;
    const forged = { ...event, data: { object: { ...object, ...fields } } } as StripeEventJson;
    const delivery = await deliverEvent(`${logged.url}${WEBHOOK_PATH}`, LOCAL_STRIPE_WEBHOOK_SECRET, forged);
    // Before: 500, which Stripe retries for three days.
    expect(delivery.status).toBe(200);
    expect(delivery.result).toBe('rejected');
    expect(lines.some((line) => line.includes(`${event.id} customer.subscription.created: rejected`))).toBe(
      true,
    );
    const stored = await logged.db.query(
      'select 1 from public.subscriptions where stripe_subscription_id = $1',
      [trial.subscription.id],
    );
    expect(stored.rows).toHaveLength(0);
  });

  test('a signed event with id: null answers 2xx, logged as rejected', async () => {
    const trial = new FakeStripe().startTrial({
      clientReferenceId: null,
      email: null,
      successUrl: logged.url,
    });
    const event = trial.events[0] as StripeEventJson;
    const delivery = await deliverEvent(`${logged.url}${WEBHOOK_PATH}`, LOCAL_STRIPE_WEBHOOK_SECRET, {
      ...event,
      id: null as unknown as string,
    });
    expect(delivery.status).toBe(200);
    expect(delivery.result).toBe('rejected');
  });

  test('CR/LF in redirect_to on a valid emailed link → 400 before the link is used; no token reaches the log', async () => {
    const email = `fuzz-crlf-${Date.now()}@example.com`;
    await createConfirmedUser(logged, email);
    const client = createTestClient(logged, { flowType: 'implicit' });
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const tokenHash = await latestTokenHash(logged, email);
    for (const hostile of [
      'http://localhost:5173/\r\nSet-Cookie: a=b',
      'http://localhost:5173/%0d%0a\r\n',
      'http://localhost:5173/\n',
    ]) {
      const response = await fetch(
        `${logged.url}/auth/v1/verify?token=${tokenHash}&type=magiclink&redirect_to=${encodeURIComponent(hostile)}`,
        { redirect: 'manual' },
      );
      // Before: 500 after the link was consumed, with the new session's tokens in the server log.
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('validation_failed');
    }
    const otp = await fetch(
      `${logged.url}/auth/v1/otp?redirect_to=${encodeURIComponent('http://localhost:5173/\r\n')}`,
      {
        method: 'POST',
        headers: { apikey: logged.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      },
    );
    expect(otp.status).toBe(400);

    // The link was not used up: it still signs in, and neither it nor the session is in the log.
    const opened = await fetch(`${logged.url}/auth/v1/verify?token=${tokenHash}&type=magiclink`, {
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    const fragment = new URLSearchParams(new URL(opened.headers.get('location') ?? '').hash.slice(1));
    const secrets = [
      tokenHash,
      fragment.get('access_token') ?? 'none',
      fragment.get('refresh_token') ?? 'none',
    ];
    expect(secrets.every((secret) => secret.length > 20)).toBe(true);
    // A failing request logs its path and error too: provoke an unexpected error's log line with a token in it.
    await fetch(
      `${logged.url}/auth/v1/verify?token=${tokenHash}&type=magiclink&redirect_to=${encodeURIComponent('http://localhost:5173/é')}`,
      {
        redirect: 'manual',
      },
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });
});
