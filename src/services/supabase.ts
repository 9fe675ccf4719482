import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { config } from '../app/config';

/**
 * The single supabase-js client. The session lives in localStorage under the client's default key
 * (sb-<first host label>-auth-token) and tokens refresh automatically.
 *
 * PKCE so emailed links can also come back as `?code=`; `detectSessionInUrl` is off because the
 * auth-callback flow (not the client's start-up) owns reading the link's parameters.
 */
export const supabase: SupabaseClient = createClient(config.supabaseUrl, config.supabaseAnonKey, {
  auth: { flowType: 'pkce', detectSessionInUrl: false, persistSession: true, autoRefreshToken: true },
});
