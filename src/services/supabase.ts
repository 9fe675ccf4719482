import type { SupabaseClient } from '@supabase/supabase-js';
import { config } from '../config/config';
import type { Database } from './database.types';

/**
 * Where supabase-js keeps the session in localStorage: its own default key, stated here so the
 * app can tell whether a session is stored without loading the library.
 */
export const sessionStorageKey = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The client, typed by the procedures the migrated database defines (database.types.ts). */
export type AppSupabaseClient = SupabaseClient<Database>;

let client: Promise<AppSupabaseClient> | undefined;
let announceClient: (client: AppSupabaseClient) => void = () => {};
const clientLoaded = new Promise<AppSupabaseClient>((resolve) => {
  announceClient = resolve;
});

/**
 * The single supabase-js client, loaded on first use so the library (about a third of the app's
 * JavaScript) is not on the public pages' critical path. Tokens refresh automatically.
 *
 * PKCE so emailed links can also come back as `?code=`; `detectSessionInUrl` is off because the
 * auth-callback flow (not the client's start-up) owns reading the link's parameters.
 */
export function getSupabase(): Promise<AppSupabaseClient> {
  if (!client) {
    client = import('@supabase/supabase-js').then(({ createClient }) =>
      createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
        auth: {
          flowType: 'pkce',
          detectSessionInUrl: false,
          persistSession: true,
          autoRefreshToken: true,
          storageKey: sessionStorageKey,
        },
      }),
    );
    void client.then(announceClient);
  }
  return client;
}

/** The client, once something in this tab has loaded it (without loading it itself). */
export function whenSupabaseLoaded(): Promise<AppSupabaseClient> {
  return clientLoaded;
}

/**
 * Whether this browser holds a session, read without supabase-js. Where localStorage cannot be
 * read, supabase-js keeps the session in memory: the answer is then "maybe", so yes.
 */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(sessionStorageKey) !== null;
  } catch {
    return true;
  }
}
