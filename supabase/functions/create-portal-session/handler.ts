/**
 * The `create-portal-session` function's logic, shared by the Deno Edge Function (index.ts beside
 * this file) and the local backend's /functions/v1/create-portal-session (server/payments/).
 * Web APIs only; every outside effect is a parameter.
 *
 * The student is identified from their access token alone (verified by Supabase Auth); the Stripe
 * customer is looked up for that student with the service role. Nothing in the request body or the
 * query is read, so a client cannot ask for another customer's portal.
 */

export interface PortalSessionDeps {
  /** Where the portal's "Return" link leads: the app's /billing page. */
  returnUrl: string;
  /** The user id of a valid, signed-in access token, or null (Supabase Auth's getUser). */
  userIdFromToken(accessToken: string): Promise<string | null>;
  /** The Stripe customer of the student's shown subscription (public.customer_for_portal), or null. */
  customerFor(userId: string): Promise<string | null>;
  /** A Customer Portal session for the customer; its URL (stripe.billingPortal.sessions.create). */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  log?: (line: string) => void;
}

/** The error shape of this function: `{ error, message }` with a 4xx/5xx status. */
export type PortalSessionError =
  | 'method_not_allowed'
  | 'not_authenticated'
  | 'no_subscription'
  | 'portal_unavailable';

/** Browsers call the function cross-origin with the Supabase client's headers. */
export const PORTAL_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
} as const;

function json(body: unknown, status: number): Response {
  return Response.json(body, { status, headers: PORTAL_CORS_HEADERS });
}

function failure(status: number, error: PortalSessionError, message: string): Response {
  return json({ error, message }, status);
}

/** The bearer token of the Authorization header, or null. */
function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/** Builds the request handler: POST with the student's access token → `{ url }` of their portal. */
export function createPortalSessionHandler(deps: PortalSessionDeps): (request: Request) => Promise<Response> {
  const log = deps.log ?? ((line: string) => console.log(line));
  return async (request) => {
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: PORTAL_CORS_HEADERS });
    if (request.method !== 'POST') return failure(405, 'method_not_allowed', 'Use POST');
    // The body is never read: whatever it names (a customer, another user), only the token counts.
    await request.body?.cancel().catch(() => {});

    const token = bearerToken(request);
    const userId = token ? await deps.userIdFromToken(token).catch(() => null) : null;
    if (!userId) return failure(401, 'not_authenticated', 'Sign in to manage your subscription');

    try {
      const customerId = await deps.customerFor(userId);
      if (!customerId) return failure(404, 'no_subscription', 'There is no subscription to manage yet');
      const url = await deps.createPortalSession(customerId, deps.returnUrl);
      return json({ url }, 200);
    } catch (error) {
      log(`create-portal-session for ${userId} failed: ${(error as Error).message}`);
      return failure(502, 'portal_unavailable', 'The billing portal could not be opened. Please try again.');
    }
  };
}
