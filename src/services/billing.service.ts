import type { PostgrestError } from '@supabase/supabase-js';
import { BackendError, type BillingKind, type BillingPort } from '../../machines/shared/ports';
import { getSupabase } from './supabase';

/** get_billing_status's JSON (supabase/migrations/20261125150000_billing_status.sql). */
interface BillingStatusRow {
  kind: BillingKind;
  access_until?: string | null;
  renews_at?: string | null;
  ended_at?: string | null;
  had_trial?: boolean;
}

const KINDS: readonly BillingKind[] = ['none', 'trialing', 'active', 'canceling', 'past_due', 'ended'];

function fail(error: PostgrestError): never {
  throw new BackendError(error.message || 'An unexpected error occurred', error.code || undefined);
}

/** The function's own `{ error, message }` body when it answered with an error status. */
async function functionErrorMessage(error: unknown): Promise<string> {
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (typeof body?.message === 'string' && body.message) return body.message;
  }
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}

/** Billing port: the student's own status by RPC, the portal URL from the create-portal-session function. */
export const billingService: BillingPort = {
  async loadStatus() {
    const { data, error } = await (await getSupabase()).rpc('get_billing_status');
    if (error) fail(error);
    const row = data as BillingStatusRow | null;
    if (!row || !KINDS.includes(row.kind)) {
      throw new BackendError('Your subscription came back in an unexpected shape.');
    }
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
    const url = (data as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      throw new BackendError('The billing portal could not be opened. Please try again.');
    }
    return url;
  },
};
