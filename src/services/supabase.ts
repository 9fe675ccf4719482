import type { SupabaseClient } from '@supabase/supabase-js';
import { config } from '../app/config';

let client: Promise<SupabaseClient> | undefined;

/**
 * The single supabase-js client, loaded on first use so the library (about a third of the app's
 * JavaScript) is not on the landing page's critical path. The session lives in localStorage under
 * the client's default key (sb-<first host label>-auth-token) and tokens refresh automatically.
 *
 * PKCE so emailed links can also come back as `?code=`; `detectSessionInUrl` is off because the
 * auth-callback flow (not the client's start-up) owns reading the link's parameters.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(config.supabaseUrl, config.supabaseAnonKey, {
      auth: { flowType: 'pkce', detectSessionInUrl: false, persistSession: true, autoRefreshToken: true },
    }),
  );
  return client;
}
