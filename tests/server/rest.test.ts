// PostgREST RPC through the real supabase-js client: the app's two calls with and without a
// session and entitlement, PostgREST's error shapes and statuses, JWT handling and bad bodies.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_JWT_SECRET, LOCAL_PUBLISHABLE_KEY } from '../../server/keys.ts';
import {
  createConfirmedUser,
  createTestClient,
  grantTrial,
  type LocalBackend,
  startTestBackend,
} from '../support/backend.ts';

let backend: LocalBackend;
let counter = 0;
const PASSWORD = 'correct-horse-1';

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function signedIn(): Promise<{ client: SupabaseClient; id: string; accessToken: string }> {
  const user = await createConfirmedUser(backend, `rest${++counter}-${Date.now()}@example.com`, PASSWORD);
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, id: user.id, accessToken: data.session?.access_token ?? '' };
}

function rpc(fn: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('check_user_entitlement', () => {
  test('false without a subscription, true with a trial, and only ever for the caller', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    expect((await alice.client.rpc('check_user_entitlement', { check_user_id: alice.id })).data).toBe(false);

    await grantTrial(backend, alice.id);
    const own = await alice.client.rpc('check_user_entitlement', { check_user_id: alice.id });
    expect(own).toMatchObject({ data: true, error: null, status: 200 });
    // Bob cannot learn Alice's status, and Alice's entitlement does not leak to Bob.
    expect((await bob.client.rpc('check_user_entitlement', { check_user_id: alice.id })).data).toBe(false);
    expect((await bob.client.rpc('check_user_entitlement', { check_user_id: bob.id })).data).toBe(false);
  });

  test('without a session (anon) it is refused with 401 42501', async () => {
    const anon = createTestClient(backend);
    const { error, status } = await anon.rpc('check_user_entitlement', {
      check_user_id: crypto.randomUUID(),
    });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  test('GET works too, read-only', async () => {
    const alice = await signedIn();
    await grantTrial(backend, alice.id);
    const { data, error } = await alice.client.rpc(
      'check_user_entitlement',
      { check_user_id: alice.id },
      { get: true },
    );
    expect(error).toBeNull();
    expect(data).toBe(true);
  });
});

describe('get_practice_questions', () => {
  test('refuses a signed-in user without entitlement with 403 and anon with 401', async () => {
    const user = await signedIn();
    const refused = await user.client.rpc('get_practice_questions', { question_limit: 10 });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: '42501', details: null });
    expect(refused.error?.message).toMatch(/subscription or trial/);

    const anon = await createTestClient(backend).rpc('get_practice_questions', { question_limit: 10 });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });

  test('an entitled user gets ten distinct questions in the spec shape', async () => {
    const user = await signedIn();
    await grantTrial(backend, user.id);
    const { data, error, status } = await user.client.rpc('get_practice_questions', { question_limit: 10 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const questions = (data as { questions: Question[] }).questions;
    expect(questions).toHaveLength(10);
    expect(new Set(questions.map((q) => q.id)).size).toBe(10);
    for (const question of questions) {
      expect(Object.keys(question).sort()).toEqual(['category', 'id', 'options', 'rationale', 'stem']);
      expect(question.stem.length).toBeGreaterThan(10);
      expect(question.options).toHaveLength(4);
      expect(question.options.map((o) => o.id.toUpperCase())).toEqual(
        ['A', 'B', 'C', 'D'].map((letter) => `${question.id}-${letter}`.toUpperCase()),
      );
      expect(question.options.filter((o) => o.is_correct)).toHaveLength(1);
      for (const option of question.options)
        expect(Object.keys(option).sort()).toEqual(['id', 'is_correct', 'label']);
    }
  });

  test('the limit is clamped to 1..50', async () => {
    const user = await signedIn();
    await grantTrial(backend, user.id);
    const count = async (limit: number) =>
      (
        (await user.client.rpc('get_practice_questions', { question_limit: limit })).data as {
          questions: unknown[];
        }
      ).questions.length;
    expect(await count(0)).toBe(1);
    expect(await count(-5)).toBe(1);
    expect(await count(3)).toBe(3);
    expect(await count(500)).toBe(50);
  });

  test('an expired trial is refused', async () => {
    const user = await signedIn();
    await grantTrial(backend, user.id, { trialEnd: new Date(Date.now() - 1000) });
    expect((await user.client.rpc('get_practice_questions', { question_limit: 10 })).status).toBe(403);
  });
});

interface Question {
  id: string;
  stem: string;
  category: string;
  options: { id: string; label: string; is_correct: boolean }[];
}

describe('PostgREST errors', () => {
  test('unknown function or argument names are 404 PGRST202 with a JSON body', async () => {
    const user = await signedIn();
    const unknown = await user.client.rpc('no_such_function');
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.no_such_function without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.no_such_function without parameters in the schema cache',
    });
    const wrongArg = await user.client.rpc('get_practice_questions', { limit: 10 });
    expect(wrongArg.status).toBe(404);
    expect(wrongArg.error?.code).toBe('PGRST202');
    // Internal functions are not in the exposed schema.
    expect((await user.client.rpc('user_has_access', { p_user_id: user.id, at_time: 'now' })).status).toBe(
      404,
    );
  });

  test('an argument of the wrong type is a 400 with the database message', async () => {
    const user = await signedIn();
    const { status, error } = await user.client.rpc('check_user_entitlement', {
      check_user_id: 'not-a-uuid',
    });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
    // Quotes cannot break out of the argument literal; NUL is refused as Postgres refuses it.
    const injection = await user.client.rpc('check_user_entitlement', {
      check_user_id: "x'::uuid); select ('1",
    });
    expect(injection.status).toBe(400);
    expect(injection.error?.code).toBe('22P02');
    const nul = await user.client.rpc('check_user_entitlement', { check_user_id: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.error?.code).toBe('22021');
  });

  test('bad and expired JWTs are 401 PGRST301 / PGRST303', async () => {
    const user = await signedIn();
    const secret = new TextEncoder().encode(DEV_JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sub: user.id, role: 'authenticated', exp: now - 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    const postgresRole = await new SignJWT({ sub: user.id, role: 'postgres', exp: now + 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    const body = JSON.stringify({ check_user_id: user.id });
    const cases: [string, number, string, string][] = [
      [`Bearer ${user.accessToken.slice(0, -3)}abc`, 401, 'PGRST301', 'JWT cryptographic operation failed'],
      ['Bearer abc.def', 401, 'PGRST301', 'Expected 3 parts in JWT; got 2'],
      ['Bearer ', 401, 'PGRST301', 'Empty JWT is sent in Authorization header'],
      [`Bearer ${expired}`, 401, 'PGRST303', 'JWT expired'],
      [`Bearer ${postgresRole}`, 401, '22023', 'role "postgres" does not exist'],
    ];
    for (const [authorization, status, code, message] of cases) {
      const response = await rpc('check_user_entitlement', body, { authorization });
      expect({ authorization, status: response.status }).toEqual({ authorization, status });
      expect(await response.json()).toEqual({ code, details: null, hint: null, message });
    }
    const expiredResponse = await rpc('check_user_entitlement', body, { authorization: `Bearer ${expired}` });
    expect(expiredResponse.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  test('bad bodies are 400 PGRST102, oversized ones 413, never 5xx', async () => {
    for (const body of ['{"question_limit":', '[1]', '"x"', 'null']) {
      const response = await rpc('get_practice_questions', body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect((await response.json()).code).toBe('PGRST102');
    }
    const big = await rpc(
      'get_practice_questions',
      JSON.stringify({ question_limit: 1, pad: 'x'.repeat(120 * 1024) }),
    );
    expect(big.status).toBe(413);
    expect(Object.keys(await big.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  test('API keys: none is 401; the publishable key acts as anon; the service key as service_role', async () => {
    const none = await fetch(`${backend.url}/rest/v1/rpc/check_user_entitlement`, {
      method: 'POST',
      body: '{}',
    });
    expect(none.status).toBe(401);
    const publishable = await rpc(
      'check_user_entitlement',
      JSON.stringify({ check_user_id: crypto.randomUUID() }),
      {
        apikey: LOCAL_PUBLISHABLE_KEY,
        authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
      },
    );
    expect(publishable.status).toBe(401);
    expect((await publishable.json()).code).toBe('42501');

    const service = await rpc(
      'stripe_apply_subscription',
      JSON.stringify({
        p_event_id: `evt_${Date.now()}`,
        p_event_type: 'customer.subscription.created',
        p_event_created: new Date().toISOString(),
        p_subscription: {
          id: `sub_${Date.now()}`,
          object: 'subscription',
          customer: 'cus_1',
          status: 'trialing',
        },
        p_source_version: new Date().toISOString(),
      }),
      { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    );
    expect(service.status).toBe(200);
    expect(await service.json()).toBe('applied');
  });

  test('a signed-in user cannot call the webhook write path', async () => {
    const user = await signedIn();
    const { status, error } = await user.client.rpc('stripe_apply_subscription', {
      p_event_id: 'evt_x',
      p_event_type: 'x',
      p_event_created: new Date().toISOString(),
      p_subscription: {},
      p_source_version: new Date().toISOString(),
    });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });

  test('unknown REST paths answer JSON 404', async () => {
    const response = await fetch(`${backend.url}/rest/v1/questions`, {
      headers: { apikey: backend.anonKey },
    });
    expect(response.status).toBe(404);
    expect(Object.keys(await response.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });
});

describe('how an RPC reaches Postgres (issue "Hardening")', () => {
  /** Records the SQL text of every statement the server sends while `work` runs. */
  async function sqlTextsDuring(work: () => Promise<void>): Promise<string[]> {
    const db = backend.db;
    const texts: string[] = [];
    const names = ['exec', 'query', 'transaction'] as const;
    const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(db, name)] as const);
    const original = { exec: db.exec, query: db.query, transaction: db.transaction };
    const record = <F extends (sql: string, ...rest: never[]) => unknown>(target: object, fn: F): F =>
      ((sql: string, ...rest: never[]) => {
        texts.push(sql);
        return fn.call(target, sql, ...rest);
      }) as F;
    db.exec = record(db, original.exec);
    db.query = record(db, original.query);
    db.transaction = ((callback: Parameters<typeof db.transaction>[0]) =>
      original.transaction.call(db, (tx) => {
        const recording = Object.create(tx) as typeof tx;
        recording.query = record(tx, tx.query);
        recording.exec = record(tx, tx.exec);
        return callback(recording);
      })) as typeof db.transaction;
    try {
      await work();
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(db, name, descriptor);
        else delete (db as unknown as Record<string, unknown>)[name];
      }
    }
    return texts;
  }

  test('argument values and claims are bound parameters, never part of the SQL text', async () => {
    const user = await signedIn();
    await grantTrial(backend, user.id);
    const marker = `marker${Date.now()}`;
    const texts = await sqlTextsDuring(async () => {
      const own = await user.client.rpc('check_user_entitlement', { check_user_id: user.id });
      expect(own).toMatchObject({ data: true, status: 200 });
      const focused = await user.client.rpc('get_focused_practice_questions', {
        focus: `${marker}'"\\`,
        question_limit: 2,
      });
      expect(focused.status).toBeLessThan(500);
      const quoted = await user.client.rpc('check_user_entitlement', { check_user_id: `x'; ${marker}` });
      expect(quoted.status).toBe(400);
    });
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).not.toContain(user.id);
      expect(text).not.toContain(marker);
      expect(text).not.toContain(user.accessToken.split('.')[1]);
    }
  });
});
