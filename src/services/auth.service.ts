import type { AuthError, Session } from '@supabase/supabase-js';
import { type AuthPort, BackendError, type SessionInfo } from '../../machines/shared/ports';
import { getSupabase } from './supabase';

function toSessionInfo(session: Session): SessionInfo {
  return { userId: session.user.id, email: session.user.email ?? null };
}

function fail(error: AuthError | Error): never {
  throw new BackendError(
    error.message || 'An unexpected error occurred',
    'code' in error ? error.code : undefined,
  );
}

/** Auth port implemented with supabase-js. */
export const authService: AuthPort = {
  async getSession() {
    const { data, error } = await (await getSupabase()).auth.getSession();
    if (error) fail(error);
    return data.session ? toSessionInfo(data.session) : null;
  },

  onAuthChange(listener) {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    void getSupabase().then((supabase) => {
      if (stopped) return;
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        // Callbacks must not await supabase calls (auth-js holds a lock); deliver on the next tick.
        setTimeout(() => {
          if (event === 'SIGNED_OUT' || !session) listener({ type: 'signedOut' });
          else listener({ type: 'signedIn', session: toSessionInfo(session) });
        }, 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      stopped = true;
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
    if (!data.session) throw new BackendError('An unexpected error occurred');
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
