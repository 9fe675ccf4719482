import { messages } from '../../machines/shared/messages';
import { BackendError, type BillingPort } from '../../machines/shared/ports';
import { decodeBillingStatus, functionErrorBody, portalSession } from './decoders';
import { callRpc } from './rpc';
import { getSupabase } from './supabase';

/** The function's own `{ error, message }` body when it answered with an error status. */
async function functionErrorMessage(error: unknown): Promise<string> {
  // supabase-js's FunctionsHttpError carries the response as `context` (its class is not imported:
  // supabase-js loads on first use, never with a page's own code).
  const response = error instanceof Error && 'context' in error ? error.context : null;
  if (response instanceof Response) {
    const body = functionErrorBody.safeParse(await response.json().catch(() => null));
    if (body.success) return body.data.message;
  }
  return error instanceof Error && error.message ? error.message : messages.unexpectedError;
}

/** Billing port: the student's own status by RPC, the portal URL from the create-portal-session function. */
export const billingService: BillingPort = {
  async loadStatus() {
    const row = await callRpc('get_billing_status', {}, decodeBillingStatus);
    return {
      kind: row.kind,
      accessUntil: row.access_until ?? null,
      renewsAt: row.renews_at ?? null,
      endedAt: row.ended_at ?? null,
      hadTrial: row.had_trial === true,
    };
  },

  async openPortal() {
    // No body: the function finds the student's customer from their session alone.
    const { data, error } = await (await getSupabase()).functions.invoke('create-portal-session', {
      method: 'POST',
    });
    if (error) throw new BackendError(await functionErrorMessage(error));
    const session = portalSession.safeParse(data);
    if (!session.success) throw new BackendError('The billing portal could not be opened. Please try again.');
    return session.data.url;
  },
};
