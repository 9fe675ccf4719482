// The create-portal-session handler on its own (the module the Edge Function deploys), with
// recording fakes for Auth, the customer lookup and Stripe: what it reads, what it refuses, and
// that nothing in the request but the access token decides whose portal opens.
import { describe, expect, test } from 'vitest';
import { createPortalSessionHandler } from '../../supabase/functions/create-portal-session/handler.ts';

const RETURN_URL = 'https://app.example/billing';

function setup(opts: { customer?: string | null; fail?: 'lookup' | 'stripe' } = {}) {
  const calls: string[] = [];
  const handle = createPortalSessionHandler({
    returnUrl: RETURN_URL,
    async userIdFromToken(token) {
      calls.push(`auth ${token}`);
      return token === 'valid-token' ? 'user-1' : null;
    },
    async customerFor(userId) {
      calls.push(`lookup ${userId}`);
      if (opts.fail === 'lookup') throw new Error('database down');
      return opts.customer === undefined ? 'cus_1' : opts.customer;
    },
    async createPortalSession(customer, returnUrl) {
      calls.push(`portal ${customer} ${returnUrl}`);
      if (opts.fail === 'stripe') throw new Error('stripe down');
      return `https://billing.stripe.com/p/session/${customer}`;
    },
    log: () => {},
  });
  return { handle, calls };
}

const post = (headers: Record<string, string>, body = '{}') =>
  new Request('https://fn.example/create-portal-session', { method: 'POST', headers, body });

describe('create-portal-session handler', () => {
  test('a signed-in student gets their own portal, returning to /billing', async () => {
    const { handle, calls } = setup();
    const response = await handle(post({ Authorization: 'Bearer valid-token' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: 'https://billing.stripe.com/p/session/cus_1' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(calls).toEqual(['auth valid-token', 'lookup user-1', `portal cus_1 ${RETURN_URL}`]);
  });

  test('a customer, user or return URL in the body changes nothing', async () => {
    const { handle, calls } = setup();
    const body = JSON.stringify({
      customer: 'cus_victim',
      user_id: 'user-2',
      return_url: 'https://evil.example',
    });
    expect((await handle(post({ Authorization: 'Bearer valid-token' }, body))).status).toBe(200);
    expect(calls).toEqual(['auth valid-token', 'lookup user-1', `portal cus_1 ${RETURN_URL}`]);
  });

  test('no token, a bad token or an API key alone: 401 before any lookup', async () => {
    const unauthenticated: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer forged' },
      { apikey: 'anon-key' },
      { Authorization: 'Basic x' },
    ];
    for (const headers of unauthenticated) {
      const { handle, calls } = setup();
      const response = await handle(post(headers));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'not_authenticated',
        message: 'Sign in to manage your subscription',
      });
      expect(calls.filter((c) => !c.startsWith('auth'))).toEqual([]);
    }
  });

  test('no subscription: 404; a failing lookup or Stripe: 502 in the same shape', async () => {
    const none = await setup({ customer: null }).handle(post({ Authorization: 'Bearer valid-token' }));
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: string }).error).toBe('no_subscription');
    for (const fail of ['lookup', 'stripe'] as const) {
      const response = await setup({ fail }).handle(post({ Authorization: 'Bearer valid-token' }));
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: 'portal_unavailable',
        message: 'The billing portal could not be opened. Please try again.',
      });
    }
  });

  test('the CORS preflight is answered; other methods get 405', async () => {
    const { handle } = setup();
    const preflight = await handle(new Request('https://fn.example/x', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const get = await handle(new Request('https://fn.example/x', { method: 'GET' }));
    expect(get.status).toBe(405);
    expect(((await get.json()) as { error: string }).error).toBe('method_not_allowed');
  });
});
