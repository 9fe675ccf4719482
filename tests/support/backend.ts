// Test helpers around the local backend (server/). Every test file starts its own backend from
// the migrated snapshot (in memory, any free port), so files never share state.
//
//   startTestBackend(opts?: Partial<BackendOptions>): Promise<LocalBackend>
//       In-memory database from the snapshot, port 0, silent log (set BACKEND_LOG=1 to see it).
//       Call backend.close() in afterAll.
//   createConfirmedUser(backend, email, password?): Promise<{ id, email }>
//       A user with a confirmed email (and the password, if given), written straight to auth.users.
//   grantTrial(backend, userId, opts?: { trialEnd?: Date; subscriptionId?: string }): Promise<void>
//       A trialing subscription (default: ends in 24 h) written directly as the superuser, so tests
//       that need an entitled user need no Stripe webhook.
//   latestEmail(backend, to): Promise<MailMessage>
//       The newest message to that address, read through the mailbox HTTP API; throws if none.
//   latestTokenHash(backend, to): Promise<string>
//       The token_hash of that message's link (the app's callback and reset links carry it).
//   testApiFetch(backend, path, init?): Promise<Response>
//       fetch of the test-only API (/_test/subscriptions...) with the service role key.
//   createTestClient(backend, opts?: { flowType?: 'pkce' | 'implicit' }): SupabaseClient
//       The real supabase-js client for Node: in-memory storage, no auto refresh, no URL detection.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { hashPassword } from '../../server/auth/password.ts';
import type { RateLimits } from '../../server/auth/rate-limit.ts';
import { createUser, type Queryable } from '../../server/auth/store.ts';
import { type BackendOptions, type LocalBackend, startLocalBackend } from '../../server/index.ts';
import type { MailMessage } from '../../server/mailbox.ts';
import { ensureMigratedSnapshot } from './db-snapshot.ts';

export type { LocalBackend } from '../../server/index.ts';

/**
 * Tests send many links to one address within seconds and many requests from 127.0.0.1, so test
 * backends loosen GoTrue's limits unless a test passes its own `rateLimits` (auth-limits.test.ts
 * runs with the defaults). /recover's constant-time floor is kept short for the same reason.
 */
export const TEST_RATE_LIMITS: RateLimits = {
  emailIntervalSeconds: 0,
  emailsPerIpPerHour: 100_000,
  emailsPerHour: 100_000,
  signInPer5Minutes: 100_000,
  verifyPer5Minutes: 100_000,
  tokenPer5Minutes: 100_000,
  checkoutPer5Minutes: 100_000,
  maxCodeAttempts: 5,
};

export async function startTestBackend(opts: Partial<BackendOptions> = {}): Promise<LocalBackend> {
  return startLocalBackend({
    port: 0,
    dataDir: 'memory',
    snapshot: await ensureMigratedSnapshot(),
    log: process.env.BACKEND_LOG ? (line) => console.log(`[backend] ${line}`) : () => {},
    rateLimits: TEST_RATE_LIMITS,
    recoverMinMs: 20,
    ...opts,
  });
}

/** Anything with a database: a LocalBackend, or a tests/sql backend on either engine. */
interface WithDatabase {
  db: Queryable;
  /** Where GoTrue writes auth tables, when that is another role than db's (the real engine). */
  authDb?: Queryable;
}

export async function createConfirmedUser(
  backend: WithDatabase,
  email: string,
  password?: string,
): Promise<{ id: string; email: string }> {
  const user = await createUser(backend.authDb ?? backend.db, {
    email,
    passwordHash: password ? await hashPassword(password) : null,
    metadata: {},
    confirmed: true,
  });
  return { id: user.id, email: user.email };
}

export async function grantTrial(
  backend: WithDatabase,
  userId: string,
  opts: { trialEnd?: Date; subscriptionId?: string } = {},
): Promise<void> {
  const trialEnd = opts.trialEnd ?? new Date(Date.now() + 24 * 3600 * 1000);
  await backend.db.query(
    `insert into public.subscriptions (stripe_subscription_id, user_id, stripe_customer_id, status,
       trial_start, trial_end, current_period_start, current_period_end, source_version)
     values ($1, $2, $3, 'trialing', now(), $4, now(), $4, now())`,
    [opts.subscriptionId ?? `sub_test_${crypto.randomUUID()}`, userId, `cus_test_${userId}`, trialEnd],
  );
}

export async function latestEmail(backend: LocalBackend, to: string): Promise<MailMessage> {
  const response = await fetch(`${backend.url}/_inbox/api/messages?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as MailMessage[];
  const newest = messages[0];
  if (!newest) throw new Error(`no email to ${to}`);
  return newest;
}

/** The token hash of the newest mail to `to` (its link carries it as ?token_hash=). */
export async function latestTokenHash(backend: LocalBackend, to: string): Promise<string> {
  const link = (await latestEmail(backend, to)).links[0] ?? '';
  const tokenHash = new URL(link).searchParams.get('token_hash');
  if (!tokenHash) throw new Error(`no token_hash in the newest mail to ${to}`);
  return tokenHash;
}

/** A request to the local test API (/_test/...), which answers only to the service role key. */
export function testApiFetch(backend: LocalBackend, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${backend.url}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), apikey: backend.serviceRoleKey },
  });
}

/** Never used: the tests make no realtime subscriptions, and Node 20 has no WebSocket built in. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in tests');
  }
}

export function createTestClient(
  backend: LocalBackend,
  opts: { flowType?: 'pkce' | 'implicit' } = {},
): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(backend.url, backend.anonKey, {
    auth: {
      flowType: opts.flowType ?? 'pkce',
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: NoWebSocket as never },
  });
}
