// Security hardening of /auth/v1 (issue "Hardening"): an address pre-registered by someone else
// cannot be taken over through its password, a password change needs a recent sign-in and ends
// the user's other sessions, and a signed-out access token no longer works on /rest/v1 either.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/rate-limit.ts';
import { DEV_JWT_SECRET } from '../../server/keys.ts';
import {
  createConfirmedUser,
  createTestClient,
  type LocalBackend,
  latestEmail,
  startTestBackend,
} from '../support/backend.ts';

let backend: LocalBackend;
let counter = 0;
const freshEmail = () => `hardening${++counter}-${Date.now()}@example.com`;
const ATTACKER_PASSWORD = 'attacker-chose-this';
const OWNER_PASSWORD = 'owner-chose-this';

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${backend.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const signUp = (email: string, password: string, data: Record<string, unknown> = {}) =>
  post('/signup', { email, password, data });

/** The token hash of the newest mail to `to` (the app's callback and reset links carry it). */
async function mailedTokenHash(to: string): Promise<string> {
  const link = new URL((await latestEmail(backend, to)).links[0] ?? '');
  const tokenHash = link.searchParams.get('token_hash');
  if (!tokenHash) throw new Error(`no token_hash in ${link}`);
  return tokenHash;
}

async function storedUser(email: string) {
  const result = await backend.db.query<{
    encrypted_password: string | null;
    email_confirmed_at: Date | null;
    raw_user_meta_data: Record<string, unknown>;
  }>('select encrypted_password, email_confirmed_at, raw_user_meta_data from auth.users where email = $1', [
    email,
  ]);
  const user = result.rows[0];
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

async function passwordSignIn(email: string, password: string) {
  return createTestClient(backend).auth.signInWithPassword({ email, password });
}

describe('pre-registration cannot take over an address', () => {
  test('signup never sets the password (or metadata) of an existing unconfirmed user', async () => {
    const email = freshEmail();
    expect((await signUp(email, ATTACKER_PASSWORD, { name: 'first' })).status).toBe(200);
    const before = await storedUser(email);

    const again = await signUp(email, OWNER_PASSWORD, { name: 'second' });
    // GoTrue answers a repeated signup of an unconfirmed address with the user and a new mail.
    expect(again.status).toBe(200);
    expect((await again.json()).email).toBe(email);
    const after = await storedUser(email);
    expect(after.encrypted_password).toBe(before.encrypted_password);
    expect(after.raw_user_meta_data).toEqual({ name: 'first' });
    expect(await verifyPassword(OWNER_PASSWORD, after.encrypted_password)).toBe(false);
  });

  test("confirming through a sign-in link clears the attacker's password", async () => {
    const email = freshEmail();
    expect((await signUp(email, ATTACKER_PASSWORD)).status).toBe(200);
    // Before confirmation the password only yields email_not_confirmed (as in GoTrue).
    expect((await passwordSignIn(email, ATTACKER_PASSWORD)).error?.code).toBe('email_not_confirmed');

    // The owner signs in with an emailed link: the address is confirmed by its owner.
    const owner = createTestClient(backend);
    expect((await owner.auth.signInWithOtp({ email })).error).toBeNull();
    const { data, error } = await owner.auth.verifyOtp({
      type: 'email',
      token_hash: await mailedTokenHash(email),
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();

    expect((await storedUser(email)).encrypted_password).toBeNull();
    const attacker = await passwordSignIn(email, ATTACKER_PASSWORD);
    expect(attacker.error?.code).toBe('invalid_credentials');
    expect(attacker.data.session).toBeNull();
  });

  test('the emailed link opened on /verify (GET) and the token hash posted to /verify clear it too', async () => {
    const viaLink = freshEmail();
    await signUp(viaLink, ATTACKER_PASSWORD);
    await post('/otp', { email: viaLink });
    const link = await fetch(
      `${backend.url}/auth/v1/verify?token=${await mailedTokenHash(viaLink)}&type=signup`,
      { redirect: 'manual' },
    );
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toContain('access_token=');
    expect((await passwordSignIn(viaLink, ATTACKER_PASSWORD)).error?.code).toBe('invalid_credentials');

    const viaCode = freshEmail();
    await signUp(viaCode, ATTACKER_PASSWORD);
    await post('/otp', { email: viaCode });
    const verified = await createTestClient(backend).auth.verifyOtp({
      type: 'email',
      token_hash: await mailedTokenHash(viaCode),
    });
    expect(verified.error).toBeNull();
    expect((await passwordSignIn(viaCode, ATTACKER_PASSWORD)).error?.code).toBe('invalid_credentials');
  });

  test('a password reset link confirming the address clears it too', async () => {
    const email = freshEmail();
    await signUp(email, ATTACKER_PASSWORD);
    const owner = createTestClient(backend);
    expect((await owner.auth.resetPasswordForEmail(email)).error).toBeNull();
    const { error } = await owner.auth.verifyOtp({
      type: 'recovery',
      token_hash: await mailedTokenHash(email),
    });
    expect(error).toBeNull();
    expect((await passwordSignIn(email, ATTACKER_PASSWORD)).error?.code).toBe('invalid_credentials');
  });

  test("the owner's own signup, confirmed through its own mail, keeps the owner's password", async () => {
    const email = freshEmail();
    await signUp(email, OWNER_PASSWORD);
    const { error } = await createTestClient(backend).auth.verifyOtp({
      type: 'email',
      token_hash: await mailedTokenHash(email),
    });
    expect(error).toBeNull();
    expect((await passwordSignIn(email, OWNER_PASSWORD)).error).toBeNull();
  });

  test('a repeat signup with another password: confirming clears the password, whoever came first', async () => {
    const email = freshEmail();
    await signUp(email, ATTACKER_PASSWORD);
    await signUp(email, OWNER_PASSWORD);
    // Only the newest mail works (the first link died with the second signup). Either signup may
    // have been the owner's, so neither password survives; the owner can set one with a reset.
    const { error } = await createTestClient(backend).auth.verifyOtp({
      type: 'email',
      token_hash: await mailedTokenHash(email),
    });
    expect(error).toBeNull();
    expect((await passwordSignIn(email, ATTACKER_PASSWORD)).error?.code).toBe('invalid_credentials');
    expect((await passwordSignIn(email, OWNER_PASSWORD)).error?.code).toBe('invalid_credentials');
  });

  test("an attacker's signup after the owner's cannot plant a password through the newest mail", async () => {
    const email = freshEmail();
    await signUp(email, OWNER_PASSWORD);
    await signUp(email, ATTACKER_PASSWORD);
    await createTestClient(backend).auth.verifyOtp({
      type: 'email',
      token_hash: await mailedTokenHash(email),
    });
    expect((await passwordSignIn(email, ATTACKER_PASSWORD)).error?.code).toBe('invalid_credentials');
  });

  test('signing up again with the same password (a lost mail) keeps it', async () => {
    const email = freshEmail();
    await signUp(email, OWNER_PASSWORD);
    await signUp(email, OWNER_PASSWORD);
    const { error } = await createTestClient(backend).auth.verifyOtp({
      type: 'email',
      token_hash: await mailedTokenHash(email),
    });
    expect(error).toBeNull();
    expect((await passwordSignIn(email, OWNER_PASSWORD)).error).toBeNull();
  });

  test('a confirmed user keeps the password when signing in with a link', async () => {
    const user = await createConfirmedUser(backend, freshEmail(), OWNER_PASSWORD);
    const client = createTestClient(backend);
    await client.auth.signInWithOtp({ email: user.email });
    const { error } = await client.auth.verifyOtp({
      type: 'email',
      token_hash: await mailedTokenHash(user.email),
    });
    expect(error).toBeNull();
    expect((await passwordSignIn(user.email, OWNER_PASSWORD)).error).toBeNull();
  });
});

describe("an attacker's signup mail cannot take over the owner's sign-in (issue 25 finding 3)", () => {
  // GoTrue's real resend interval (60 s), so the owner's request right after the attacker's counts.
  let strict: LocalBackend;
  beforeAll(async () => {
    strict = await startTestBackend({ rateLimits: { ...DEFAULT_RATE_LIMITS, signInPer5Minutes: 1000 } });
  });
  afterAll(() => strict.close());
  const strictPost = (path: string, body: unknown) =>
    fetch(`${strict.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: strict.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const mails = async (to: string) =>
    (await (await fetch(`${strict.url}/_inbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as {
      subject: string;
      text: string;
      links: string[];
    }[];
  const tokenHashIn = (mail: { links: string[] } | undefined) =>
    new URL(mail?.links[0] ?? 'invalid:').searchParams.get('token_hash') ?? '';

  test("the owner's login request right after the attacker's signup is sent, and reads as a sign-in mail", async () => {
    const email = freshEmail();
    expect((await strictPost('/signup', { email, password: ATTACKER_PASSWORD })).status).toBe(200);
    // Before: 429 over_email_send_rate_limit for 60 s while the attacker's mail sat in the inbox.
    expect((await strictPost('/otp', { email, create_user: true })).status).toBe(200);

    const [signIn, signup] = await mails(email);
    expect(signIn?.subject).toBe('Your sign-in link');
    expect(signIn?.text).not.toMatch(/\b\d{6}\b/);
    expect(signup?.subject).toBe('Confirm your new PN Prep account');
    expect(signup?.text).toContain(
      'Someone asked to create a PN Prep account with a password for this email address.',
    );
    expect(signup?.text).toContain('If it was not you, ignore this email.');

    // The owner confirms through the own sign-in link: the attacker's password is gone, and the
    // attacker's confirmation mail opened afterwards does not bring it back.
    const owner = createTestClient(strict);
    expect((await owner.auth.verifyOtp({ type: 'email', token_hash: tokenHashIn(signIn) })).error).toBeNull();
    await createTestClient(strict).auth.verifyOtp({ type: 'email', token_hash: tokenHashIn(signup) });
    const attacker = await createTestClient(strict).auth.signInWithPassword({
      email,
      password: ATTACKER_PASSWORD,
    });
    expect(attacker.error?.code).toBe('invalid_credentials');
  });

  test("another signup by the attacker does not kill the owner's sign-in link", async () => {
    const email = freshEmail();
    await strictPost('/otp', { email, create_user: true });
    const [signIn] = await mails(email);
    expect((await strictPost('/signup', { email, password: ATTACKER_PASSWORD })).status).toBe(200);
    const owner = createTestClient(strict);
    expect((await owner.auth.verifyOtp({ type: 'email', token_hash: tokenHashIn(signIn) })).error).toBeNull();
    const attacker = await createTestClient(strict).auth.signInWithPassword({
      email,
      password: ATTACKER_PASSWORD,
    });
    expect(attacker.error?.code).toBe('invalid_credentials');
  });

  test('signup mails to one address keep their own 60 s interval', async () => {
    const email = freshEmail();
    expect((await strictPost('/signup', { email, password: ATTACKER_PASSWORD })).status).toBe(200);
    const again = await strictPost('/signup', { email, password: ATTACKER_PASSWORD });
    expect(again.status).toBe(429);
    expect((await again.json()).code).toBe('over_email_send_rate_limit');
  });
});

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const client = createTestClient(backend);
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client;
}

async function sessionOf(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session;
}

const sessionIdOf = (accessToken: string): string =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).session_id;

function refresh(refreshToken: string) {
  return post('/token?grant_type=refresh_token', { refresh_token: refreshToken });
}

function putUser(accessToken: string, body: unknown) {
  return fetch(`${backend.url}/auth/v1/user`, {
    method: 'PUT',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

describe('a password change', () => {
  test('ends every other session of the user and keeps the current one', async () => {
    const user = await createConfirmedUser(backend, freshEmail(), OWNER_PASSWORD);
    const mine = await signedIn(user.email, OWNER_PASSWORD);
    const other = await sessionOf(await signedIn(user.email, OWNER_PASSWORD));

    expect((await mine.auth.updateUser({ password: 'a-brand-new-one' })).error).toBeNull();

    const otherRefresh = await refresh(other.refresh_token);
    expect(otherRefresh.status).toBe(400);
    expect((await otherRefresh.json()).code).toBe('refresh_token_not_found');
    const otherUser = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${other.access_token}` },
    });
    expect(otherUser.status).toBe(403);
    expect((await otherUser.json()).code).toBe('session_not_found');

    expect((await mine.auth.getUser()).error).toBeNull();
    expect((await mine.auth.refreshSession()).error).toBeNull();
  });

  test('needs a sign-in within the last 24 hours (GoTrue reauthentication_needed)', async () => {
    const user = await createConfirmedUser(backend, freshEmail(), OWNER_PASSWORD);
    const client = await signedIn(user.email, OWNER_PASSWORD);
    const { access_token: token } = await sessionOf(client);
    await backend.db.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where id = $1`,
      [sessionIdOf(token)],
    );

    const refused = await putUser(token, { password: 'a-brand-new-one' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await refused.json()).toMatchObject({
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    });
    const { error } = await client.auth.updateUser({ password: 'a-brand-new-one' });
    expect(error?.code).toBe('reauthentication_needed');
    expect(error?.status).toBe(400);
    expect((await passwordSignIn(user.email, OWNER_PASSWORD)).error).toBeNull();
    // Metadata alone needs no recent sign-in.
    expect((await putUser(token, { data: { name: 'Ada' } })).status).toBe(200);
  });

  test('a token without a session is refused too', async () => {
    const user = await createConfirmedUser(backend, freshEmail(), OWNER_PASSWORD);
    const now = Math.floor(Date.now() / 1000);
    const sessionless = await new SignJWT({
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      exp: now + 600,
      iat: now,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(DEV_JWT_SECRET));
    const refused = await putUser(sessionless, { password: 'a-brand-new-one' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe('reauthentication_needed');
  });

  test('the recovery session of a reset link may set it, and it ends the other sessions', async () => {
    const user = await createConfirmedUser(backend, freshEmail(), OWNER_PASSWORD);
    const before = await sessionOf(await signedIn(user.email, OWNER_PASSWORD));
    const recovering = createTestClient(backend);
    await recovering.auth.resetPasswordForEmail(user.email);
    const verified = await recovering.auth.verifyOtp({
      type: 'recovery',
      token_hash: await mailedTokenHash(user.email),
    });
    expect(verified.error).toBeNull();
    expect((await recovering.auth.updateUser({ password: 'after-the-reset' })).error).toBeNull();
    expect((await refresh(before.refresh_token)).status).toBe(400);
    expect((await passwordSignIn(user.email, 'after-the-reset')).error).toBeNull();
  });
});

describe('a signed-out access token', () => {
  test('no longer works on /rest/v1 (the session is checked as /user checks it)', async () => {
    const user = await createConfirmedUser(backend, freshEmail(), OWNER_PASSWORD);
    const client = await signedIn(user.email, OWNER_PASSWORD);
    const { access_token: token } = await sessionOf(client);
    const call = () =>
      fetch(`${backend.url}/rest/v1/rpc/check_user_entitlement`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ check_user_id: user.id }),
      });
    expect((await call()).status).toBe(200);

    expect((await client.auth.signOut()).error).toBeNull();
    const after = await call();
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await after.json()).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'Session from session_id claim in JWT does not exist',
    });
  });
});
