// GoTrue's rate limits in the local backend (docs/decisions/070-backend-hardening.md): the resend
// interval per address, the hourly email cap, per-IP budgets on /otp, /recover, /verify and
// /token, wrong-code attempts, /recover's constant time and the redirect allow-list.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../../server/auth/rate-limit.ts';
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

describe('the emailed 6-digit code', () => {
  async function mailedCode(email: string): Promise<string> {
    await createConfirmedUser(strict, email);
    expect((await createTestClient(strict).auth.signInWithOtp({ email })).error).toBeNull();
    return /\b(\d{6})\b/.exec((await latestEmail(strict, email)).text)?.[1] ?? '';
  }
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  test('still works after 4 wrong attempts', async () => {
    const email = freshEmail();
    const code = await mailedCode(email);
    const client = createTestClient(strict);
    for (let i = 0; i < 4; i++) {
      expect((await client.auth.verifyOtp({ email, token: wrongOf(code), type: 'email' })).error?.code).toBe(
        'otp_expired',
      );
    }
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
  });

  test('dies after 5 wrong attempts, its link too', async () => {
    const email = freshEmail();
    const code = await mailedCode(email);
    const client = createTestClient(strict);
    for (let i = 0; i < 5; i++) await client.auth.verifyOtp({ email, token: wrongOf(code), type: 'email' });
    const right = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(right.error?.code).toBe('otp_expired');
    expect(right.data.session).toBeNull();
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
});

describe('the limiter’s memory', () => {
  test('addresses and IPs whose window has passed are forgotten once many are tracked', () => {
    // No hourly cap here: the per-address memory is what is measured.
    const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, emailsPerHour: 1_000_000 });
    const start = Date.UTC(2026, 10, 25);
    for (let i = 0; i <= 10_000; i++) limiter.reserveEmail(`a${i}@example.com`, start + i);
    expect(limiter.trackedKeys.addresses).toBe(10_001);
    // Two hours later every one of them is past the resend interval: only the new one is kept.
    limiter.reserveEmail('late@example.com', start + 2 * 3_600_000);
    expect(limiter.trackedKeys.addresses).toBe(1);
  });
});
