import type { AuthError, Session } from '@supabase/supabase-js';
import { type AuthPort, BackendError, type SessionInfo } from '../../machines/shared/ports';
import { supabase } from './supabase';

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
    const { data, error } = await supabase.auth.getSession();
    if (error) fail(error);
    return data.session ? toSessionInfo(data.session) : null;
  },

  onAuthChange(listener) {
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      // Callbacks must not await supabase calls (auth-js holds a lock); deliver on the next tick.
      setTimeout(() => {
        if (event === 'SIGNED_OUT' || !session) listener({ type: 'signedOut' });
        else listener({ type: 'signedIn', session: toSessionInfo(session) });
      }, 0);
    });
    return () => data.subscription.unsubscribe();
  },

  async signOut() {
    const { error } = await supabase.auth.signOut();
    if (error) fail(error);
  },

  async sendLoginLink(email, redirectTo) {
    const { error } = await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } });
    if (error) fail(error);
  },

  async verifyTokenHash(tokenHash, type) {
    const { data, error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash });
    if (error) fail(error);
    if (!data.session) throw new BackendError('An unexpected error occurred');
    return toSessionInfo(data.session);
  },

  async exchangeCode(code) {
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    if (error) fail(error);
    return toSessionInfo(data.session);
  },

  async sendPasswordReset(email, redirectTo) {
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
    if (error) fail(error);
  },

  async updatePassword(password) {
    const { error } = await supabase.auth.updateUser({ password });
    if (error) fail(error);
  },
};
