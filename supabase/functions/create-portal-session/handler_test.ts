// `deno test` (run by npm test through scripts/check-edge-functions.ts): the portal handler in the
// Edge Runtime's engine. Full behaviour under Node: tests/server/portal-handler.test.ts.
import assert from 'node:assert/strict';
import { createPortalSessionHandler } from './handler.ts';

const USER = '6f1c7a2e-0b7d-4a44-9d0e-2f5b8f3c1a90';

function setup() {
  const sessions: [string, string][] = [];
  const handle = createPortalSessionHandler({
    returnUrl: 'https://app.example/billing',
    userIdFromToken: async (token) => (token === 'good-token' ? USER : null),
    customerFor: async (userId) => (userId === USER ? 'cus_1' : null),
    createPortalSession: async (customer, returnUrl) => {
      sessions.push([customer, returnUrl]);
      return 'https://billing.stripe.example/session';
    },
    log: () => {},
  });
  return { handle, sessions };
}

const post = (token?: string) =>
  new Request('http://local/functions/v1/create-portal-session', {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: '{"customer":"cus_someone_else"}',
  });

Deno.test('a signed-in student gets a portal session for their own customer', async () => {
  const { handle, sessions } = setup();
  const response = await handle(post('good-token'));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { url: 'https://billing.stripe.example/session' });
  assert.deepEqual(sessions, [['cus_1', 'https://app.example/billing']]);
});

Deno.test('no token or a bad one is a 401 JSON error and opens nothing', async () => {
  const { handle, sessions } = setup();
  for (const response of [await handle(post()), await handle(post('bad-token'))]) {
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('content-type')?.startsWith('application/json'), true);
  }
  assert.deepEqual(sessions, []);
});
