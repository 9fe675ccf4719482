import type { Session } from '@supabase/supabase-js';
import type { AuthPort, SessionInfo } from '../../machines/shared/ports';
import { fail } from './backend-error';
import {
  type AppSupabaseClient,
  getSupabase,
  hasStoredSession,
  sessionStorageKey,
  whenSupabaseLoaded,
} from './supabase';

function toSessionInfo(session: Session): SessionInfo {
  return { userId: session.user.id, email: session.user.email ?? null };
}

/** Auth port implemented with supabase-js. */
export const authService: AuthPort = {
  async getSession() {
    // Nothing stored: signed out, without loading supabase-js for a visitor of the public pages.
    if (!hasStoredSession()) return null;
    const { data, error } = await (await getSupabase()).auth.getSession();
    if (error) fail(error);
    return data.session ? toSessionInfo(data.session) : null;
  },

  /**
   * Follows supabase-js's auth events. With no stored session the library is not loaded for it:
   * the subscription starts when this tab loads the client for something else (signing in here),
   * or when another tab stores a session (a storage event), whose INITIAL_SESSION then says so.
   */
  onAuthChange(listener) {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    const subscribe = (supabase: AppSupabaseClient) => {
      if (stopped || unsubscribe) return;
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        // Callbacks must not await supabase calls (auth-js holds a lock); deliver on the next tick.
        setTimeout(() => {
          if (event === 'SIGNED_OUT' || !session) listener({ type: 'signedOut' });
          else listener({ type: 'signedIn', session: toSessionInfo(session) });
        }, 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    };
    const sessionStoredElsewhere = (event: StorageEvent) => {
      if (event.key === sessionStorageKey && event.newValue !== null) void getSupabase().then(subscribe);
    };
    if (hasStoredSession()) void getSupabase().then(subscribe);
    else {
      void whenSupabaseLoaded().then(subscribe);
      window.addEventListener('storage', sessionStoredElsewhere);
    }
    return () => {
      stopped = true;
      window.removeEventListener('storage', sessionStoredElsewhere);
      unsubscribe?.();
    };
  },

  async signOut() {
    const { error } = await (await getSupabase()).auth.signOut();
    if (error) fail(error);
  },

  async sendLoginLink(email, redirectTo) {
    const { error } = await (await getSupabase()).auth.signInWithOtp({
      email,
      options: { emailRedirectTo: redirectTo },
    });
    if (error) fail(error);
  },

  async verifyTokenHash(tokenHash, type) {
    const { data, error } = await (await getSupabase()).auth.verifyOtp({ type, token_hash: tokenHash });
    if (error) fail(error);
    if (!data.session) fail({});
    return toSessionInfo(data.session);
  },

  async exchangeCode(code) {
    const { data, error } = await (await getSupabase()).auth.exchangeCodeForSession(code);
    if (error) fail(error);
    return toSessionInfo(data.session);
  },

  async sendPasswordReset(email, redirectTo) {
    const { error } = await (await getSupabase()).auth.resetPasswordForEmail(email, { redirectTo });
    if (error) fail(error);
  },

  async updatePassword(password) {
    const { error } = await (await getSupabase()).auth.updateUser({ password });
    if (error) fail(error);
  },
};
