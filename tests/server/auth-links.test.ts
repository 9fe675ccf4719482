// Emailed-link sign-in with the real supabase-js client: token_hash verification, the implicit
// GET /verify redirect, the PKCE code exchange, one-time token rules, recovery and signup.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createConfirmedUser,
  createTestClient,
  type LocalBackend,
  latestEmail,
  startTestBackend,
} from '../support/backend.ts';

const APP = 'http://localhost:5173';
let backend: LocalBackend;
let counter = 0;
const freshEmail = () => `student${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: APP });
});
afterAll(() => backend.close());

const tokenHashOf = (link: string) => new URL(link).searchParams.get('token_hash') ?? '';

async function emailedLink(email: string, flowType: 'pkce' | 'implicit', redirect = `${APP}/practice`) {
  const client = createTestClient(backend, { flowType });
  const { error } = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: redirect } });
  expect(error).toBeNull();
  const mail = await latestEmail(backend, email);
  return { client, mail, link: mail.links[0] ?? '' };
}

/** GET /auth/v1/verify as a browser would follow the link, without following the redirect. */
async function openVerifyLink(token: string, type: string, redirectTo = `${APP}/auth/callback`) {
  const url = `${backend.url}/auth/v1/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'invalid:') };
}

async function authPost(path: string, body: unknown) {
  return fetch(`${backend.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the emailed link', () => {
  test('points at the app callback with a pkce_ token hash and carries no code (none can be entered)', async () => {
    const email = freshEmail();
    const { mail, link } = await emailedLink(email, 'pkce');
    expect(mail.to).toBe(email);
    expect(link).toMatch(new RegExp(`^${APP}/auth/callback\\?token_hash=pkce_[0-9a-f]{56}&type=email$`));
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(mail.html).toContain(link.replaceAll('&', '&#38;'));
  });

  test('an implicit-flow request gets a token hash without the pkce_ prefix', async () => {
    const { link } = await emailedLink(freshEmail(), 'implicit');
    expect(tokenHashOf(link)).toMatch(/^[0-9a-f]{56}$/);
  });

  test('goes to the origin of an allowed redirect_to, and to the site URL otherwise', async () => {
    // config.toml's additional_redirect_urls (the backend's default allow-list).
    expect((await emailedLink(freshEmail(), 'pkce', 'http://127.0.0.1:5173/practice')).link).toMatch(
      /^http:\/\/127\.0\.0\.1:5173\/auth\/callback\?/,
    );
    // Another loopback port is not the app (decision 070): the site URL instead.
    for (const hostile of [
      'http://127.0.0.1:4000/practice',
      'http://localhost:9999/practice',
      'https://evil.example/practice',
      'javascript:alert(1)',
      'http://2130706433/practice',
    ]) {
      expect((await emailedLink(freshEmail(), 'pkce', hostile)).link).toMatch(
        new RegExp(`^${APP}/auth/callback\\?`),
      );
    }
  });
});

describe('verifyOtp with the token hash (what /auth/callback does)', () => {
  test('signs in once; the same link is refused afterwards', async () => {
    const email = freshEmail();
    const { client, link } = await emailedLink(email, 'pkce');
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));

    const { data, error } = await client.auth.verifyOtp({ type: 'email', token_hash: tokenHashOf(link) });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const again = await createTestClient(backend).auth.verifyOtp({
      type: 'email',
      token_hash: tokenHashOf(link),
    });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.message).toBe('Email link is invalid or has expired');
  });

  test('an existing confirmed user gets a magic link that works the same way', async () => {
    const user = await createConfirmedUser(backend, freshEmail());
    const { client, mail, link } = await emailedLink(user.email, 'pkce');
    expect(mail.subject).toMatch(/sign-in/i);
    const { data, error } = await client.auth.verifyOtp({ type: 'email', token_hash: tokenHashOf(link) });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
  });

  test('the reset mail carries its link and no code (the reset page takes none), and no code verifies', async () => {
    const user = await createConfirmedUser(backend, freshEmail());
    const client = createTestClient(backend);
    expect((await client.auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const mail = await latestEmail(backend, user.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).not.toMatch(/\b\d{6,10}\b/);
    expect(mail.text).not.toMatch(/code/i);
    expect(mail.links).toHaveLength(1);
    // verifyOtp's address-and-code form is still understood, and fails: there is no code to match.
    const guess = await client.auth.verifyOtp({ email: user.email, token: '123456', type: 'recovery' });
    expect(guess.error?.code).toBe('otp_expired');
    expect(guess.error?.message).toBe('Token has expired or is invalid');
    const { data, error } = await client.auth.verifyOtp({
      type: 'recovery',
      token_hash: new URL(mail.links[0] ?? '').searchParams.get('token_hash') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
  });

  test('only the newest link works', async () => {
    const email = freshEmail();
    const first = await emailedLink(email, 'pkce');
    const second = await emailedLink(email, 'pkce');
    expect(tokenHashOf(first.link)).not.toBe(tokenHashOf(second.link));
    const old = await first.client.auth.verifyOtp({ type: 'email', token_hash: tokenHashOf(first.link) });
    expect(old.error?.code).toBe('otp_expired');
    const fresh = await second.client.auth.verifyOtp({ type: 'email', token_hash: tokenHashOf(second.link) });
    expect(fresh.error).toBeNull();
  });

  test('a link expires after the OTP lifetime (3600 s), not before', async () => {
    const ageToken = (hash: string, seconds: number) =>
      backend.db.query(
        `update auth.one_time_tokens set created_at = now() - make_interval(secs => $2) where token_hash = $1`,
        [hash, seconds],
      );
    const young = await emailedLink(freshEmail(), 'pkce');
    await ageToken(tokenHashOf(young.link), 3590);
    expect(
      (await young.client.auth.verifyOtp({ type: 'email', token_hash: tokenHashOf(young.link) })).error,
    ).toBeNull();

    const old = await emailedLink(freshEmail(), 'pkce');
    await ageToken(tokenHashOf(old.link), 3601);
    const expired = await old.client.auth.verifyOtp({ type: 'email', token_hash: tokenHashOf(old.link) });
    expect(expired.error?.status).toBe(403);
    expect(expired.error?.code).toBe('otp_expired');
  });

  test('rejects a token_hash sent together with an email, and unknown types', async () => {
    const bad = await authPost('/verify', { type: 'email', token_hash: 'abc', email: 'a@example.com' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Only the token_hash and type should be provided',
    });
    const unknownType = await authPost('/verify', { type: 'sms', token_hash: 'abc' });
    expect(unknownType.status).toBe(400);
    // A type named like an Object property is unknown too, not a server error.
    const inherited = await authPost('/verify', { type: 'constructor', token_hash: 'abc' });
    expect(inherited.status).toBe(400);
  });
});

describe('GET /auth/v1/verify (GoTrue link)', () => {
  test('implicit: 303 with the session in the fragment, then single use', async () => {
    const email = freshEmail();
    const { client, link } = await emailedLink(email, 'implicit');
    const { status, location } = await openVerifyLink(
      tokenHashOf(link),
      'magiclink',
      `${APP}/auth/callback?next=x`,
    );
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${APP}/auth/callback?next=x`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(Number(fragment.get('expires_in'))).toBe(3600);

    // What detectSessionInUrl does with the fragment: store the tokens, then GET /user with them.
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);

    const reused = await openVerifyLink(tokenHashOf(link), 'magiclink');
    expect(reused.status).toBe(303);
    expect(reused.location.search).toBe('');
    const errorFragment = new URLSearchParams(reused.location.hash.slice(1));
    expect(errorFragment.get('error')).toBe('access_denied');
    expect(errorFragment.get('error_code')).toBe('otp_expired');
    expect(errorFragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  test('PKCE: 303 with ?code=, which exchangeCodeForSession turns into a session', async () => {
    const email = freshEmail();
    const { client, link } = await emailedLink(email, 'pkce');
    const { status, location } = await openVerifyLink(tokenHashOf(link), 'email');
    expect(status).toBe(303);
    expect(location.pathname).toBe('/auth/callback');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
  });

  test('PKCE errors go to the query and the fragment', async () => {
    const { status, location } = await openVerifyLink(`pkce_${'0'.repeat(56)}`, 'email');
    expect(status).toBe(303);
    expect(location.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  test('a missing token or type is a plain 400', async () => {
    const response = await fetch(`${backend.url}/auth/v1/verify?type=email`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('validation_failed');
  });

  test('an unlisted redirect_to falls back to the site URL', async () => {
    const { link } = await emailedLink(freshEmail(), 'implicit');
    const { location } = await openVerifyLink(tokenHashOf(link), 'magiclink', 'https://evil.example/steal');
    expect(location.origin).toBe(APP);
  });
});

describe('PKCE code exchange (POST /token?grant_type=pkce)', () => {
  async function startFlow() {
    const verifier = randomBytes(56).toString('hex');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const email = freshEmail();
    const otp = await authPost('/otp', {
      email,
      create_user: true,
      code_challenge: challenge,
      code_challenge_method: 's256',
    });
    expect(otp.status).toBe(200);
    expect(await otp.json()).toEqual({});
    const { link } = { link: (await latestEmail(backend, email)).links[0] ?? '' };
    const { location } = await openVerifyLink(tokenHashOf(link), 'email');
    return { verifier, code: location.searchParams.get('code') ?? '', email };
  }
  const exchange = (auth_code: string, code_verifier: string) =>
    authPost('/token?grant_type=pkce', { auth_code, code_verifier });

  test('checks the verifier, and a code works once', async () => {
    const { verifier, code, email } = await startFlow();
    const wrong = await exchange(code, randomBytes(56).toString('hex'));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('bad_code_verifier');

    const ok = await exchange(code, verifier);
    expect(ok.status).toBe(200);
    const session = await ok.json();
    expect(session.user.email).toBe(email);
    expect(session.token_type).toBe('bearer');

    const again = await exchange(code, verifier);
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe('flow_state_not_found');
  });

  test('a flow state older than 300 s is refused', async () => {
    const { verifier, code } = await startFlow();
    await backend.db.query(
      `update auth.flow_state set auth_code_issued_at = now() - interval '301 seconds' where auth_code = $1`,
      [code],
    );
    const response = await exchange(code, verifier);
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('flow_state_expired');
  });

  test('empty code or verifier is a validation error', async () => {
    const response = await exchange('', '');
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('validation_failed');
  });
});

describe('password recovery', () => {
  test('the email links to /reset-password; the token signs in as recovery and the password changes', async () => {
    const user = await createConfirmedUser(backend, freshEmail(), 'old-password');
    const client = createTestClient(backend);
    const { error } = await client.auth.resetPasswordForEmail(user.email, {
      redirectTo: `${APP}/reset-password`,
    });
    expect(error).toBeNull();
    const mail = await latestEmail(backend, user.email);
    const link = mail.links[0] ?? '';
    expect(link).toMatch(new RegExp(`^${APP}/reset-password\\?token_hash=pkce_[0-9a-f]{56}&type=recovery$`));

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const verified = await client.auth.verifyOtp({ type: 'recovery', token_hash: tokenHashOf(link) });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');

    const updated = await client.auth.updateUser({ password: 'new-password-1' });
    expect(updated.error).toBeNull();
    const same = await client.auth.updateUser({ password: 'new-password-1' });
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');

    const fresh = createTestClient(backend);
    expect(
      (await fresh.auth.signInWithPassword({ email: user.email, password: 'old-password' })).error?.code,
    ).toBe('invalid_credentials');
    expect(
      (await fresh.auth.signInWithPassword({ email: user.email, password: 'new-password-1' })).error,
    ).toBeNull();
  });

  test('a recovery token cannot be used as a sign-in link, and unknown addresses get no email', async () => {
    const user = await createConfirmedUser(backend, freshEmail());
    const client = createTestClient(backend, { flowType: 'implicit' });
    await client.auth.resetPasswordForEmail(user.email, { redirectTo: `${APP}/reset-password` });
    const hash = tokenHashOf((await latestEmail(backend, user.email)).links[0] ?? '');
    expect((await client.auth.verifyOtp({ type: 'email', token_hash: hash })).error?.code).toBe(
      'otp_expired',
    );

    const nobody = freshEmail();
    expect((await client.auth.resetPasswordForEmail(nobody)).error).toBeNull();
    await expect(latestEmail(backend, nobody)).rejects.toThrow(/no email/);
  });
});

describe('signup and the otp options', () => {
  test('signUp needs the emailed confirmation before a session exists', async () => {
    const email = freshEmail();
    const client = createTestClient(backend);
    const { data, error } = await client.auth.signUp({ email, password: 'long-enough-1' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);

    const password = await client.auth.signInWithPassword({ email, password: 'long-enough-1' });
    expect(password.error?.code).toBe('email_not_confirmed');

    const link = (await latestEmail(backend, email)).links[0] ?? '';
    expect((await client.auth.verifyOtp({ type: 'email', token_hash: tokenHashOf(link) })).error).toBeNull();
    expect(
      (await createTestClient(backend).auth.signInWithPassword({ email, password: 'long-enough-1' })).error,
    ).toBeNull();
  });

  test('shouldCreateUser: false refuses unknown addresses with otp_disabled', async () => {
    const { error } = await createTestClient(backend).auth.signInWithOtp({
      email: freshEmail(),
      options: { shouldCreateUser: false },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
  });

  test('an invalid address is a validation error', async () => {
    const { error } = await createTestClient(backend).auth.signInWithOtp({ email: 'not-an-email' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });
});
