import { BackendError, type BillingPort } from '../../machines/shared/ports';
import { decodeBillingStatus, portalSession } from './decoders';
import { functionError } from './edge-function';
import { callRpc } from './rpc';
import { getSupabase } from './supabase';

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
    if (error) throw new BackendError((await functionError(error)).message);
    const session = portalSession.safeParse(data);
    if (!session.success) throw new BackendError('The billing portal could not be opened. Please try again.');
    return session.data.url;
  },
};
