// Sessions with the real supabase-js client: refresh rotation and its reuse tolerance, getUser
// and its JWT checks, updateUser, signOut; plus malformed requests, API keys and CORS on /auth/v1.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_JWT_SECRET } from '../../server/keys.ts';
import {
  createConfirmedUser,
  createTestClient,
  type LocalBackend,
  startTestBackend,
} from '../support/backend.ts';

let backend: LocalBackend;
let counter = 0;
const freshEmail = () => `session${++counter}-${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-1';

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function signedInClient(): Promise<{ client: SupabaseClient; email: string; id: string }> {
  const user = await createConfirmedUser(backend, freshEmail(), PASSWORD);
  const client = createTestClient(backend);
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, ...user };
}

async function currentSession(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session;
}

function rawRefresh(refreshToken: string) {
  return fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

function getUserWith(authorization: string | null) {
  return fetch(`${backend.url}/auth/v1/user`, {
    headers: { apikey: backend.anonKey, ...(authorization === null ? {} : { authorization }) },
  });
}

describe('refresh tokens', () => {
  test('rotate: each refresh returns a new token and the full session shape', async () => {
    const { client, email } = await signedInClient();
    const first = await currentSession(client);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.expires_in).toBe(3600);
    expect(data.session?.token_type).toBe('bearer');
  });

  test('the parent of the active token gets the active token back (double refresh)', async () => {
    const { client } = await signedInClient();
    const first = (await currentSession(client)).refresh_token;
    const second = (await client.auth.refreshSession()).data.session?.refresh_token;
    // Age the revocation past the 10 s reuse interval: being the active token's parent still counts.
    await backend.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [first],
    );
    const reused = await rawRefresh(first);
    expect(reused.status).toBe(200);
    expect((await reused.json()).refresh_token).toBe(second);
  });

  test('an older revoked token is refused and revokes the whole session', async () => {
    const { client } = await signedInClient();
    const first = (await currentSession(client)).refresh_token;
    await client.auth.refreshSession();
    const session = await currentSession(client);
    await client.auth.refreshSession();
    const latest = (await currentSession(client)).refresh_token;

    // Within the reuse interval even a grandparent is tolerated...
    expect((await rawRefresh(first)).status).toBe(200);
    // ...but not after it.
    await backend.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [first],
    );
    const reused = await rawRefresh(first);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: 'refresh_token_already_used' });

    const afterRevoke = await rawRefresh(latest);
    expect(afterRevoke.status).toBe(400);
    expect((await afterRevoke.json()).code).toBe('refresh_token_not_found');
    const user = await getUserWith(`Bearer ${session.access_token}`);
    expect(user.status).toBe(403);
    expect((await user.json()).code).toBe('session_not_found');
  });

  test('unknown and missing refresh tokens are 400s', async () => {
    const unknown = await rawRefresh('not-a-real-token');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe('refresh_token_not_found');
    const missing = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
  });
});

describe('GET /user', () => {
  test('returns the bare user for a fresh access token', async () => {
    const { client, email, id } = await signedInClient();
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id,
      email,
      aud: 'authenticated',
      role: 'authenticated',
      is_anonymous: false,
    });
    expect(data.user?.identities?.[0]?.provider).toBe('email');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  test('reports each kind of bad token as GoTrue does', async () => {
    const { client, id } = await signedInClient();
    const { access_token: token } = await currentSession(client);
    const secret = new TextEncoder().encode(DEV_JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      exp: now - 10,
      iat: now - 3610,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    const forged = await new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated', exp: now + 600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    const cases: [string | null, number, string][] = [
      [null, 401, 'no_authorization'],
      ['Basic abc', 401, 'no_authorization'],
      [`Bearer ${token.slice(0, -4)}AAAA`, 403, 'bad_jwt'],
      ['Bearer not.a.jwt', 403, 'bad_jwt'],
      [`Bearer ${expired}`, 403, 'bad_jwt'],
      [`Bearer ${forged}`, 403, 'bad_jwt'],
      [`Bearer ${backend.anonKey}`, 403, 'bad_jwt'],
    ];
    for (const [authorization, status, code] of cases) {
      const response = await getUserWith(authorization);
      expect({ authorization, status: response.status }).toEqual({ authorization, status });
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect((await response.json()).code).toBe(code);
    }
    expect((await getUserWith(`Bearer ${token}`)).status).toBe(200);
  });
});

describe('updateUser and signOut', () => {
  test('updateUser changes the password and metadata and emits USER_UPDATED', async () => {
    const { client, email } = await signedInClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.auth.updateUser({
      password: 'a-new-password',
      data: { name: 'Ada' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ name: 'Ada' });
    expect(events).toContain('USER_UPDATED');
    const fresh = createTestClient(backend);
    expect((await fresh.auth.signInWithPassword({ email, password: 'a-new-password' })).error).toBeNull();
  });

  test('signOut ends every session of the user (global scope)', async () => {
    const { client, email } = await signedInClient();
    const other = createTestClient(backend);
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const otherSession = await currentSession(other);
    const mine = await currentSession(client);

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    expect((await client.auth.signOut()).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect((await client.auth.getSession()).data.session).toBeNull();

    expect((await rawRefresh(mine.refresh_token)).status).toBe(400);
    expect((await rawRefresh(otherSession.refresh_token)).status).toBe(400);
    const stale = await getUserWith(`Bearer ${otherSession.access_token}`);
    expect(stale.status).toBe(403);
    expect((await stale.json()).code).toBe('session_not_found');
  });

  test('signOut with local scope keeps the other sessions', async () => {
    const { client, email } = await signedInClient();
    const other = createTestClient(backend);
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await other.auth.getUser()).error).toBeNull();
  });
});

describe('password sign-in errors', () => {
  test('wrong password and unknown user are the same invalid_credentials', async () => {
    const { email } = await signedInClient();
    const client = createTestClient(backend);
    const wrong = await client.auth.signInWithPassword({ email, password: 'nope-nope' });
    const unknown = await client.auth.signInWithPassword({ email: freshEmail(), password: 'nope-nope' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
  });
});

describe('malformed requests on /auth/v1', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${backend.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers },
      body,
    });

  test('bad JSON, wrong types and missing fields are 4xx JSON, never 5xx', async () => {
    const cases: [string, string, number, string][] = [
      ['/otp', '{"email":', 400, 'bad_json'],
      ['/otp', '[1,2]', 400, 'bad_json'],
      ['/otp', '"text"', 400, 'bad_json'],
      ['/otp', '{"email":42}', 400, 'validation_failed'],
      ['/otp', '{}', 400, 'validation_failed'],
      [
        '/otp',
        '{"email":"a@example.com","code_challenge":"short","code_challenge_method":"s256"}',
        400,
        'validation_failed',
      ],
      ['/verify', '{"type":"email"}', 400, 'validation_failed'],
      ['/verify', '{"type":"email","token_hash":7}', 400, 'validation_failed'],
      ['/token?grant_type=password', '{"email":"a@example.com","password":{}}', 400, 'validation_failed'],
      ['/token?grant_type=magic', '{}', 400, 'unsupported_grant_type'],
      ['/token', '{}', 400, 'unsupported_grant_type'],
      ['/signup', '{"email":"b@example.com"}', 422, 'validation_failed'],
      ['/recover', '{"email":null}', 400, 'validation_failed'],
    ];
    for (const [path, body, status, code] of cases) {
      const response = await post(path, body);
      expect({ path, body, status: response.status }).toEqual({ path, body, status });
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect({ path, body, code: (await response.json()).code }).toEqual({ path, body, code });
    }
  });

  test('a body over 100 kB is refused with 413', async () => {
    const big = JSON.stringify({ email: 'a@example.com', data: { blob: 'x'.repeat(110 * 1024) } });
    const response = await post('/otp', big);
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe('request_too_large');
    const justUnder = JSON.stringify({ email: freshEmail(), data: { blob: 'x'.repeat(90 * 1024) } });
    expect((await post('/otp', justUnder)).status).toBe(200);
  });

  test('an unknown route is a JSON 404', async () => {
    const response = await fetch(`${backend.url}/auth/v1/nothing-here`, {
      headers: { apikey: backend.anonKey },
    });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
  });

  test('API keys: missing or unknown is 401; the publishable key works like the anon key', async () => {
    const missing = await fetch(`${backend.url}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).message).toBe('No API key found in request');
    const wrong = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: 'nope' } });
    expect(wrong.status).toBe(401);
    const publishable = await fetch(`${backend.url}/auth/v1/settings`, {
      headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH' },
    });
    expect(publishable.status).toBe(200);
    expect((await publishable.json()).external.email).toBe(true);
  });
});

describe('CORS', () => {
  test('preflight allows every header supabase-js sends, and errors expose the API version', async () => {
    const preflight = await fetch(`${backend.url}/auth/v1/otp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '')
      .toLowerCase()
      .split(/\s*,\s*/);
    for (const header of [
      'apikey',
      'authorization',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'content-profile',
      'accept-profile',
      'prefer',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');

    const error = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { origin: 'http://localhost:5173', apikey: backend.anonKey },
    });
    expect(error.headers.get('access-control-allow-origin')).toBe('*');
    expect(error.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });
});
