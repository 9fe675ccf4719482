// The backend as a whole: keys, start-up options, /_health, the mailbox API and persistence.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveOptions, startLocalBackend } from '../../server/index.ts';
import { apiKeysFor, DEV_JWT_SECRET, LOCAL_ANON_KEY } from '../../server/keys.ts';
import { createConfirmedUser, type LocalBackend, latestEmail, startTestBackend } from '../support/backend.ts';
import { ensureMigratedSnapshot } from '../support/db-snapshot.ts';

let backend: LocalBackend;

/** Runs `work` with STRIPE_WEBHOOK_SECRET set to `secret` (or unset), then restores it. */
function withWebhookSecret<T>(secret: string | undefined, work: () => T): T {
  const saved = process.env.STRIPE_WEBHOOK_SECRET;
  if (secret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
  else process.env.STRIPE_WEBHOOK_SECRET = secret;
  const restore = () => {
    if (saved === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
    else process.env.STRIPE_WEBHOOK_SECRET = saved;
  };
  try {
    const result = work();
    if (result instanceof Promise) return result.finally(restore) as T;
    restore();
    return result;
  } catch (error) {
    restore();
    throw error;
  }
}
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

describe('keys and options', () => {
  test('the anon key is the Supabase CLI one, computed from the secret', async () => {
    expect(backend.anonKey).toBe(LOCAL_ANON_KEY);
    expect((await apiKeysFor(DEV_JWT_SECRET)).anon).toBe(LOCAL_ANON_KEY);
    const payload = JSON.parse(
      Buffer.from(backend.serviceRoleKey.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(payload).toEqual({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 });
  });

  test('a custom secret signs different keys and disables the public new-style keys', async () => {
    const keys = await apiKeysFor('a-custom-secret-with-more-than-32-characters');
    expect(keys.anon).not.toBe(LOCAL_ANON_KEY);
    expect(keys.publishable).toBeNull();
    expect(keys.secret).toBeNull();
  });

  test('the development secret is refused on a non-loopback address', () => {
    expect(() => resolveOptions({ host: '0.0.0.0', jwtSecret: DEV_JWT_SECRET })).toThrow(
      /development JWT secret/,
    );
    expect(() => resolveOptions({ host: '192.168.1.5', jwtSecret: DEV_JWT_SECRET })).toThrow(
      /development JWT secret/,
    );
    withWebhookSecret('whsec_a_real_one', () =>
      expect(resolveOptions({ host: '0.0.0.0', jwtSecret: 'x'.repeat(40) }).host).toBe('0.0.0.0'),
    );
    expect(resolveOptions({ host: '127.0.0.1', jwtSecret: DEV_JWT_SECRET }).host).toBe('127.0.0.1');
    expect(() => resolveOptions({ jwtSecret: 'short' })).toThrow(/32 characters/);
  });

  test('the public development webhook secret is refused on a non-loopback address too', () => {
    withWebhookSecret(undefined, () => {
      expect(() => resolveOptions({ host: '0.0.0.0', jwtSecret: 'x'.repeat(40) })).toThrow(
        /development webhook secret/,
      );
      expect(resolveOptions({ host: '127.0.0.1' }).host).toBe('127.0.0.1');
    });
  });

  test('off loopback the dev tools do not exist (a remote client picks its own Host header)', async () => {
    const open = await withWebhookSecret('whsec_a_real_one', () =>
      startTestBackend({ host: '0.0.0.0', jwtSecret: 'x'.repeat(40) }),
    );
    const port = new URL(open.url).port;
    try {
      for (const path of ['/_inbox', '/_inbox/api/messages', '/_checkout', '/_test/subscriptions']) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
      expect((await fetch(`http://127.0.0.1:${port}/_health`)).status).toBe(200);
    } finally {
      await open.close();
    }
    // On loopback they answer.
    expect((await fetch(`${backend.url}/_inbox/api/messages`)).status).toBe(200);
  });

  test('/_health answers 200 once the database is ready', async () => {
    const response = await fetch(`${backend.url}/_health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('mailbox', () => {
  test('lists newest first per address, renders HTML and can be emptied', async () => {
    const email = `mailbox-${Date.now()}@example.com`;
    const headers = { apikey: backend.anonKey, 'content-type': 'application/json' };
    for (let i = 0; i < 2; i++) {
      await fetch(`${backend.url}/auth/v1/otp`, { method: 'POST', headers, body: JSON.stringify({ email }) });
    }
    const messages = await (
      await fetch(`${backend.url}/_inbox/api/messages?to=${email.toUpperCase()}`)
    ).json();
    expect(messages).toHaveLength(2);
    expect(Object.keys(messages[0]).sort()).toEqual([
      'created_at',
      'html',
      'id',
      'links',
      'subject',
      'text',
      'to',
    ]);
    expect(messages[0].created_at >= messages[1].created_at).toBe(true);
    expect((await latestEmail(backend, email)).id).toBe(messages[0].id);

    const page = await fetch(`${backend.url}/_inbox`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain(email);

    expect((await fetch(`${backend.url}/_inbox/api/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(await (await fetch(`${backend.url}/_inbox/api/messages?to=${email}`)).json()).toEqual([]);
  });
});

describe('persistence', () => {
  test('a data dir keeps users across restarts, and a restart does not reload the bank', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backend-data-'));
    const lines: string[] = [];
    try {
      const first = await startLocalBackend({
        port: 0,
        dataDir: dir,
        snapshot: await ensureMigratedSnapshot(),
        log: (line) => lines.push(line),
      });
      const user = await createConfirmedUser(first, 'persisted@example.com');
      await first.close();

      lines.length = 0;
      const started = performance.now();
      const second = await startLocalBackend({ port: 0, dataDir: dir, log: (line) => lines.push(line) });
      const health = await fetch(`${second.url}/_health`);
      const elapsed = performance.now() - started;
      const rows = await second.db.query<{ id: string }>(
        `select id from auth.users where email = 'persisted@example.com'`,
      );
      await second.close();

      expect(health.status).toBe(200);
      expect(rows.rows[0]?.id).toBe(user.id);
      expect(lines.filter((line) => /applied migration|loaded \d+ questions/.test(line))).toEqual([]);
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
