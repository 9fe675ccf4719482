// The development tools of the local backend (/_inbox, /_checkout, /_test) answer only the machine
// they run on: requests from a page of another site, and requests whose Host is not a loopback
// name (DNS rebinding), are refused; none of them is readable cross-origin. Their bodies are
// limited before being read, and the test API does not list everyone's email to anyone.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/rate-limit.ts';
import { FakeStripe, MAX_PORTAL_SESSIONS, MAX_SUBSCRIPTIONS } from '../../server/payments/fake-stripe.ts';
import { TEST_API_ENV } from '../../server/payments/routes.ts';
import { type LocalBackend, startTestBackend, testApiFetch } from '../support/backend.ts';

let backend: LocalBackend;
let port: number;

beforeAll(async () => {
  process.env[TEST_API_ENV] = '1';
  backend = await startTestBackend({ siteUrl: 'http://localhost:5173' });
  delete process.env[TEST_API_ENV];
  port = Number(new URL(backend.url).port);
});
afterAll(() => backend.close());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An HTTP request to the backend's socket with exactly these headers (fetch would set Host itself). */
function raw(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...opts.headers };
    // An empty Host stands for none at all (Node would otherwise fill in 127.0.0.1:<port>).
    const setHost = headers.host !== '';
    if (!setHost) delete headers.host;
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers, setHost },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const DEV_TOOL_REQUESTS: [string, string][] = [
  ['GET', '/_inbox'],
  ['GET', '/_inbox/api/messages'],
  ['DELETE', '/_inbox/api/messages'],
  ['GET', '/_checkout'],
  ['POST', '/_checkout'],
  ['GET', '/_test/subscriptions'],
  ['POST', '/_test/subscriptions/sub_nope/delete'],
];

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe('who may use the dev tools', () => {
  test('a page of another site is refused with 403 JSON, and nothing is readable cross-origin', async () => {
    for (const [method, path] of DEV_TOOL_REQUESTS) {
      for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example:5173']) {
        const response = await raw(path, {
          method,
          headers: { host: `127.0.0.1:${port}`, origin, ...formHeaders },
          body: method === 'POST' ? 'action=start' : undefined,
        });
        expect({ method, path, origin, status: response.status }).toEqual({
          method,
          path,
          origin,
          status: 403,
        });
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
        expect(JSON.parse(response.body).message).toMatch(/only|refused/i);
      }
    }
  });

  test('a Host that is not a loopback name is refused (DNS rebinding)', async () => {
    for (const [method, path] of [
      ...DEV_TOOL_REQUESTS,
      ['GET', '/%5Finbox/api/messages'] as [string, string],
    ]) {
      for (const host of [
        `evil.example:${port}`,
        'evil.example',
        `127.0.0.1.nip.io:${port}`,
        `[::ffff:7f00:1]:${port}`,
      ]) {
        const response = await raw(path, { method, headers: { host } });
        expect({ method, path, host, status: response.status }).toEqual({ method, path, host, status: 403 });
        expect(JSON.parse(response.body).message).toMatch(/host/i);
      }
      // Without a Host header at all, Node's HTTP server already answers 400.
      expect((await raw(path, { method, headers: { host: '' } })).status).toBe(400);
    }
  });

  test('the machine itself may: no Origin (tools, navigations), its loopback origins and the app dev server', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await raw('/_inbox/api/messages', { headers: { host } })).status).toBe(200);
    }
    for (const origin of [
      backend.url,
      'http://localhost:5173',
      'http://127.0.0.1:4329',
      'http://[::1]:3000',
    ]) {
      const response = await raw('/_inbox/api/messages', { headers: { host: `127.0.0.1:${port}`, origin } });
      expect({ origin, status: response.status }).toEqual({ origin, status: 200 });
    }
    // The checkout page's own form posts back to its origin.
    const cancel = await raw('/_checkout', {
      method: 'POST',
      headers: { host: `127.0.0.1:${port}`, origin: backend.url, ...formHeaders },
      body: 'action=cancel',
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe('http://localhost:5173/checkout/cancel');
  });

  test('no Access-Control-Allow-Origin on any dev tool, preflights included; the APIs keep theirs', async () => {
    const origin = 'http://localhost:5173';
    for (const [method, path] of DEV_TOOL_REQUESTS) {
      const response = await fetch(`${backend.url}${path}`, {
        method,
        headers: { origin, ...formHeaders },
        body: method === 'POST' ? 'action=cancel' : undefined,
        redirect: 'manual',
      });
      expect({ method, path, acao: response.headers.get('access-control-allow-origin') }).toEqual({
        method,
        path,
        acao: null,
      });
      const preflight = await fetch(`${backend.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    }
    const api = await fetch(`${backend.url}/auth/v1/settings`, {
      headers: { origin, apikey: backend.anonKey },
    });
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('the HTML pages cannot be framed by another site (clickjacking the checkout)', async () => {
    for (const path of ['/_inbox', '/_checkout']) {
      const response = await fetch(`${backend.url}${path}`);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('body limits on the dev tools and the webhook', () => {
  test('a checkout form over 64 KB is refused with 413 JSON and starts nothing', async () => {
    const before = (await backend.db.query('select count(*)::int as n from public.subscriptions')).rows[0];
    const body = new URLSearchParams({ action: 'start', email: `${'x'.repeat(65 * 1024)}@example.com` });
    const response = await fetch(`${backend.url}/_checkout`, { method: 'POST', body, redirect: 'manual' });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect((await response.json()).message).toMatch(/too large/i);
    const after = (await backend.db.query('select count(*)::int as n from public.subscriptions')).rows[0];
    expect(after).toEqual(before);
  });

  test('a webhook body over 1 MB is refused with 413 JSON, declared or streamed', async () => {
    const big = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(1024 * 1024) });
    const declared = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).message).toMatch(/too large/i);

    const bytes = new TextEncoder().encode(big);
    const streamed = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });
});

describe('the test API', () => {
  test('lists subscriptions with their emails only to the service role', async () => {
    const email = `listed-${Date.now()}@example.com`;
    const reference = crypto.randomUUID();
    const started = await fetch(`${backend.url}/_checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'start', client_reference_id: reference, email }),
    });
    expect(started.status).toBe(303);

    const anonymous = await fetch(`${backend.url}/_test/subscriptions`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain(email);
    const wrongKey = await fetch(`${backend.url}/_test/subscriptions`, {
      headers: { apikey: backend.anonKey },
    });
    expect(wrongKey.status).toBe(401);

    const service = await fetch(`${backend.url}/_test/subscriptions`, {
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(service.status).toBe(200);
    expect(JSON.stringify(await service.json())).toContain(email);

    // Before: one account's subscriptions were listed to anyone who knew its id.
    const own = await fetch(`${backend.url}/_test/subscriptions?client_reference_id=${reference}`);
    expect(own.status).toBe(401);
    expect(await own.text()).not.toContain(reference);
  });
});

describe('the test API needs the service key (issue 25 finding 8)', () => {
  test("without it nobody can read, renew, end or delete anyone's subscription", async () => {
    const reference = crypto.randomUUID();
    await fetch(`${backend.url}/_checkout`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'start', client_reference_id: reference }),
    });
    const [subscription] = (await testApiFetch(
      backend,
      `/_test/subscriptions?client_reference_id=${reference}`,
    ).then((r) => r.json())) as Array<{ id: string; status: string }>;
    expect(subscription?.status).toBe('trialing');
    for (const transition of ['delete', 'renew', 'trial-end', 'cancel-at-period-end']) {
      for (const headers of [
        {} as Record<string, string>,
        { apikey: backend.anonKey },
        { authorization: `Bearer ${backend.anonKey}` },
      ]) {
        const response = await fetch(`${backend.url}/_test/subscriptions/${subscription?.id}/${transition}`, {
          method: 'POST',
          headers,
        });
        // Before: 200, and the victim's subscription moved.
        expect(response.status).toBe(401);
      }
    }
    const after = (await testApiFetch(backend, `/_test/subscriptions?client_reference_id=${reference}`).then(
      (r) => r.json(),
    )) as Array<{ status: string }>;
    expect(after[0]?.status).toBe('trialing');
    const moved = await testApiFetch(backend, `/_test/subscriptions/${subscription?.id}/delete`, {
      method: 'POST',
    });
    expect(moved.status).toBe(200);
  });
});

describe('in-memory stores stay bounded (issue 25 finding 8)', () => {
  test('unauthenticated checkouts: 30 per IP per 5 minutes, the rest 429 and stored nowhere', async () => {
    process.env[TEST_API_ENV] = '1';
    const strict = await startTestBackend({ rateLimits: DEFAULT_RATE_LIMITS });
    delete process.env[TEST_API_ENV];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) {
        const response = await fetch(`${strict.url}/_checkout`, {
          method: 'POST',
          redirect: 'manual',
          body: new URLSearchParams({ action: 'start', email: `flood${i}@example.com` }),
        });
        statuses.push(response.status);
      }
      // Before: every post stored a subscription (+51 MB in 15 s of posting).
      expect(statuses.filter((status) => status === 303)).toHaveLength(
        DEFAULT_RATE_LIMITS.checkoutPer5Minutes,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        100 - DEFAULT_RATE_LIMITS.checkoutPer5Minutes,
      );
      const held = (await testApiFetch(strict, '/_test/subscriptions').then((r) => r.json())) as unknown[];
      expect(held).toHaveLength(DEFAULT_RATE_LIMITS.checkoutPer5Minutes);
      const stored = await strict.db.query<{ n: number }>(
        'select count(*)::int as n from public.subscriptions',
      );
      expect(stored.rows[0]?.n).toBe(DEFAULT_RATE_LIMITS.checkoutPer5Minutes);
    } finally {
      await strict.close();
    }
  });

  test('the fake Stripe keeps at most MAX_SUBSCRIPTIONS subscriptions and prunes expired portal sessions', () => {
    const stripe = new FakeStripe();
    for (let i = 0; i < MAX_SUBSCRIPTIONS + 500; i++) {
      stripe.startTrial({ clientReferenceId: null, email: null, successUrl: 'http://localhost:5173' });
    }
    expect(stripe.held.subscriptions).toBe(MAX_SUBSCRIPTIONS);
    const customer = [...stripe.subscriptions.values()][0]?.customer ?? '';
    vi.useFakeTimers({ now: Date.now() });
    try {
      for (let i = 0; i < MAX_PORTAL_SESSIONS + 200; i++)
        stripe.createPortalSession(customer, 'http://localhost:5173');
      expect(stripe.held.portalSessions).toBe(MAX_PORTAL_SESSIONS);
      // Two hours later the old sessions have expired: the next one is the only one kept.
      vi.setSystemTime(Date.now() + 2 * 3600 * 1000);
      stripe.createPortalSession(customer, 'http://localhost:5173');
      expect(stripe.held.portalSessions).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
