// GoTrue's rate limits in the local backend (docs/decisions/070-backend-hardening.md): the resend
// interval per address, the hourly email cap, per-IP budgets on /otp, /recover, /verify and
// /token, wrong-code attempts, /recover's constant time and the redirect allow-list.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../../server/auth/rate-limit.ts';
import { failedAttemptsOf } from '../../server/auth/store.ts';
import {
  createConfirmedUser,
  createTestClient,
  type LocalBackend,
  latestEmail,
  startTestBackend,
  TEST_RATE_LIMITS,
} from '../support/backend.ts';

const APP = 'http://localhost:5173';
let strict: LocalBackend;
let counter = 0;
const freshEmail = () => `limits${++counter}-${Date.now()}@example.com`;

beforeAll(async () => {
  strict = await startTestBackend({ siteUrl: APP, rateLimits: DEFAULT_RATE_LIMITS, recoverMinMs: 250 });
});
afterAll(() => strict.close());

function authPost(backend: LocalBackend, path: string, body: unknown) {
  return fetch(`${backend.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('emailed links and codes', () => {
  test('a second link to one address within 60 s is 429 over_email_send_rate_limit', async () => {
    const email = freshEmail();
    const client = createTestClient(strict);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const again = await client.auth.signInWithOtp({ email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    // The same interval covers a reset for that address, and other addresses are not affected.
    const reset = await client.auth.resetPasswordForEmail(email);
    expect(reset.error?.code).toBe('over_email_send_rate_limit');
    expect((await client.auth.signInWithOtp({ email: freshEmail() })).error).toBeNull();
  });

  test('an unknown address is limited like a known one (the 429 reveals nothing)', async () => {
    const email = freshEmail();
    expect((await authPost(strict, '/recover', { email })).status).toBe(200);
    const again = await authPost(strict, '/recover', { email });
    expect(again.status).toBe(429);
    expect((await again.json()).code).toBe('over_email_send_rate_limit');
  });

  test('the server sends at most emailsPerHour emails', async () => {
    const backend = await startTestBackend({ rateLimits: { ...TEST_RATE_LIMITS, emailsPerHour: 3 } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await authPost(backend, '/otp', { email: freshEmail() })).status).toBe(200);
      const over = await authPost(backend, '/otp', { email: freshEmail() });
      expect(over.status).toBe(429);
      expect((await over.json()).code).toBe('over_email_send_rate_limit');
    } finally {
      await backend.close();
    }
  });
});

describe('sign-in that one client cannot block (issue 25 finding 4)', () => {
  /** POST /auth/v1/otp from a chosen loopback source address (Linux routes all of 127/8 locally). */
  function otpFrom(backend: LocalBackend, sourceIp: string, email: string): Promise<number> {
    const url = new URL(`${backend.url}/auth/v1/otp`);
    const body = JSON.stringify({ email, create_user: true });
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress: sourceIp,
          headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  test('one IP firing 40 parallel link requests gets 30; every other student still gets a link', async () => {
    // GoTrue's defaults but for the per-IP request budget, so the email caps are what is measured.
    const backend = await startTestBackend({
      rateLimits: { ...DEFAULT_RATE_LIMITS, signInPer5Minutes: 1000 },
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () => otpFrom(backend, '127.0.0.1', freshEmail())),
      );
      // Before: the server-wide 30 per hour was gone and every student's /otp answered 429.
      expect(statuses.filter((status) => status === 200)).toHaveLength(
        DEFAULT_RATE_LIMITS.emailsPerIpPerHour,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      for (const student of ['127.0.0.2', '127.0.0.3'])
        expect(await otpFrom(backend, student, freshEmail())).toBe(200);
    } finally {
      await backend.close();
    }
  });

  test('the server-wide ceiling is far above what one IP may ask for', () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS);
    const now = Date.UTC(2026, 10, 28);
    let accepted = 0;
    for (let i = 0; i < 1000; i++) {
      try {
        limiter.reserveEmail(`flood${i}@example.com`, { ip: '10.0.0.1' }, now + i);
        accepted++;
      } catch {}
    }
    expect(accepted).toBe(30);
    expect(DEFAULT_RATE_LIMITS.emailsPerHour / DEFAULT_RATE_LIMITS.emailsPerIpPerHour).toBeGreaterThanOrEqual(
      100,
    );
    expect(() => limiter.reserveEmail('student@example.com', { ip: '10.0.0.2' }, now + 2000)).not.toThrow();
  });
});

describe('per-IP limits', () => {
  test.each([
    ['/otp', 'signInPer5Minutes', () => ({ email: freshEmail() })],
    ['/recover', 'signInPer5Minutes', () => ({ email: freshEmail() })],
    ['/verify', 'verifyPer5Minutes', () => ({ type: 'email', email: freshEmail(), token: '123456' })],
    ['/token?grant_type=password', 'tokenPer5Minutes', () => ({ email: freshEmail(), password: 'x' })],
  ] as const)('%s answers 429 over_request_rate_limit past its budget', async (path, limit, body) => {
    const backend = await startTestBackend({ rateLimits: { ...TEST_RATE_LIMITS, [limit]: 3 } });
    try {
      for (let i = 0; i < 3; i++) expect((await authPost(backend, path, body())).status).not.toBe(429);
      const over = await authPost(backend, path, body());
      expect(over.status).toBe(429);
      expect((await over.json()).code).toBe('over_request_rate_limit');
    } finally {
      await backend.close();
    }
  });
});

describe('emailed tokens cannot be guessed (issue 25 finding 2)', () => {
  /** A confirmed user's reset mail (no mail carries a code: its link is the token). */
  async function resetMail(email: string): Promise<{ text: string; tokenHash: string }> {
    await createConfirmedUser(strict, email);
    expect((await createTestClient(strict).auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await latestEmail(strict, email);
    return { text: mail.text, tokenHash: new URL(mail.links[0] ?? '').searchParams.get('token_hash') ?? '' };
  }
  /** Any code is a wrong code: none is issued, so each one is a failed verification. */
  const GUESSED_CODE = '123456';
  /** The same token hash with its last character changed: it still names the token. */
  const wrongHashOf = (hash: string) => hash.slice(0, -1) + (hash.endsWith('0') ? '1' : '0');
  const postHash = (tokenHash: string) =>
    authPost(strict, '/verify', { type: 'recovery', token_hash: tokenHash });
  const openLink = (tokenHash: string) =>
    fetch(`${strict.url}/auth/v1/verify?token=${tokenHash}&type=recovery&redirect_to=${APP}`, {
      redirect: 'manual',
    });

  test("the token hash is not GoTrue's sha224(email + code) for any 6-digit code: the address gives nothing", async () => {
    const email = freshEmail();
    const { text, tokenHash } = await resetMail(email);
    expect(text).not.toMatch(/\b\d{6,10}\b/);
    const bare = tokenHash.replace(/^pkce_/, '');
    let derivable = false;
    for (let code = 0; code < 1_000_000 && !derivable; code++) {
      const gotrueHash = createHash('sha224')
        .update(email + String(code).padStart(6, '0'))
        .digest('hex');
      derivable = gotrueHash === bare;
    }
    expect(derivable).toBe(false);
    const gotrueHash = createHash('sha224').update(`${email}${GUESSED_CODE}`).digest('hex');
    for (const guess of [gotrueHash, `pkce_${gotrueHash}`]) expect((await postHash(guess)).status).toBe(403);
  });

  test('guessed codes for the address: the link still works after 4, dead after 5', async () => {
    const email = freshEmail();
    const { tokenHash } = await resetMail(email);
    const client = createTestClient(strict);
    for (let i = 0; i < 4; i++) {
      const wrong = await client.auth.verifyOtp({ email, token: GUESSED_CODE, type: 'recovery' });
      expect(wrong.error?.code).toBe('otp_expired');
    }
    expect(await failedAttemptsOf(strict.db, email)).toEqual([4]);
    await client.auth.verifyOtp({ email, token: GUESSED_CODE, type: 'recovery' });
    expect(await failedAttemptsOf(strict.db, email)).toEqual([]);
    expect((await postHash(tokenHash)).status).toBe(403);
  });

  test('wrong token hashes posted to /verify count against the token they name and kill it after 5', async () => {
    const email = freshEmail();
    const { tokenHash } = await resetMail(email);
    for (let i = 0; i < 5; i++) expect((await postHash(wrongHashOf(tokenHash))).status).toBe(403);
    const right = await postHash(tokenHash);
    expect(right.status).toBe(403);
    expect((await right.json()).code).toBe('otp_expired');
  });

  test('wrong links opened on GET /verify count too, and all forms add up on one token', async () => {
    const email = freshEmail();
    const { tokenHash } = await resetMail(email);
    const client = createTestClient(strict);
    for (let i = 0; i < 2; i++) {
      const opened = await openLink(wrongHashOf(tokenHash));
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toContain('error_code=otp_expired');
    }
    await postHash(wrongHashOf(tokenHash));
    await client.auth.verifyOtp({ email, token: GUESSED_CODE, type: 'recovery' });
    // The right hash with a type it does not have is a failure too.
    expect((await authPost(strict, '/verify', { type: 'email', token_hash: tokenHash })).status).toBe(403);
    expect(await failedAttemptsOf(strict.db, email)).toEqual([]);
    expect((await openLink(tokenHash)).headers.get('location')).toContain('error_code=otp_expired');
  });

  test('four failures still leave the right link working', async () => {
    const email = freshEmail();
    const { tokenHash } = await resetMail(email);
    for (let i = 0; i < 4; i++) await postHash(wrongHashOf(tokenHash));
    const right = await postHash(tokenHash);
    expect(right.status).toBe(200);
    expect((await right.json()).access_token).toEqual(expect.any(String));
  });
});

describe('/recover', () => {
  test('takes the same fixed minimum for a known and an unknown address', async () => {
    const known = await createConfirmedUser(strict, freshEmail(), 'correct-horse-battery');
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await authPost(strict, '/recover', { email })).status).toBe(200);
      return performance.now() - started;
    };
    const knownMs = await timed(known.email);
    const unknownMs = await timed(freshEmail());
    expect(knownMs).toBeGreaterThanOrEqual(245);
    expect(unknownMs).toBeGreaterThanOrEqual(245);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(100);
  });
});

describe('redirect allow-list', () => {
  test('a loopback host or port that is not configured falls back to the site URL', async () => {
    const backend = await startTestBackend({
      siteUrl: APP,
      additionalRedirectUrls: ['http://127.0.0.1:5173'],
    });
    try {
      const linkFor = async (redirect: string) => {
        const email = freshEmail();
        const client = createTestClient(backend);
        expect(
          (await client.auth.signInWithOtp({ email, options: { emailRedirectTo: redirect } })).error,
        ).toBeNull();
        return (await latestEmail(backend, email)).links[0] ?? '';
      };
      expect(await linkFor('http://127.0.0.1:5173/practice')).toMatch(
        /^http:\/\/127\.0\.0\.1:5173\/auth\/callback\?/,
      );
      expect(await linkFor('http://localhost:5173/practice')).toMatch(
        /^http:\/\/localhost:5173\/auth\/callback\?/,
      );
      for (const other of [
        'http://127.0.0.1:4000/practice',
        'http://localhost:9999/practice',
        'http://[::1]:5173/',
      ]) {
        expect(await linkFor(other)).toMatch(new RegExp(`^${APP}/auth/callback\\?`));
      }
    } finally {
      await backend.close();
    }
  });

  test('by default the allow-list is supabase/config.toml’s', async () => {
    const { resolveOptions } = await import('../../server/index.ts');
    const saved = process.env.SITE_URL;
    delete process.env.SITE_URL;
    try {
      const options = resolveOptions({});
      expect(options.siteUrl).toBe('http://localhost:5173');
      expect(options.additionalRedirectUrls).toEqual(['http://127.0.0.1:5173']);
    } finally {
      if (saved !== undefined) process.env.SITE_URL = saved;
    }
  });

  test('emailed links live as long as supabase/config.toml says, and hosted codes are as long as GoTrue allows', async () => {
    const { resolveOptions } = await import('../../server/index.ts');
    const toml = readFileSync('supabase/config.toml', 'utf8');
    const email = /^\[auth\.email\]\s*$([\s\S]*?)^\[/m.exec(toml)?.[1] ?? '';
    const setting = (name: string) => Number(new RegExp(`^${name}\\s*=\\s*(\\d+)`, 'm').exec(email)?.[1]);
    // One setting for both stacks: the local backend's default is the hosted one.
    expect(resolveOptions({}).otpExpirySeconds).toBe(setting('otp_expiry'));
    // Hosted GoTrue's token hash is sha224(email + code): the code's length is the guessing space.
    // GoTrue accepts 6-10 digits (anything else falls back to 6); the mails carry no code to type.
    expect(setting('otp_length')).toBe(10);
    // Every hosted template says "expires in an hour" and shows no code ({{ .Token }}).
    expect(setting('otp_expiry')).toBe(3600);
    for (const file of readdirSync('supabase/templates')) {
      const text = readFileSync(`supabase/templates/${file}`, 'utf8');
      expect(text).toContain('expires in an hour');
      expect(text).not.toMatch(/\{\{\s*\.Token\s*\}\}/);
    }
  });
});

describe('the limiter’s memory', () => {
  test('addresses and IPs whose window has passed are forgotten once many are tracked', () => {
    // No hourly cap here: the per-address memory is what is measured.
    const limiter = new RateLimiter({
      ...DEFAULT_RATE_LIMITS,
      emailsPerHour: 1_000_000,
      emailsPerIpPerHour: 1_000_000,
    });
    const start = Date.UTC(2026, 10, 25);
    for (let i = 0; i <= 10_000; i++)
      limiter.reserveEmail(`a${i}@example.com`, { ip: `10.0.${i >> 8}.${i & 255}` }, start + i);
    expect(limiter.trackedKeys.addresses).toBe(10_001);
    // Two hours later every one of them is past the resend interval: only the new one is kept.
    limiter.reserveEmail('late@example.com', { ip: '10.9.9.9' }, start + 2 * 3_600_000);
    expect(limiter.trackedKeys.addresses).toBe(1);
  });
});
