/** What the auth flows need from the backend client (src/services/auth.service.ts implements it). */

/** The part of a backend session the app uses. */
export interface SessionInfo {
  userId: string;
  email: string | null;
}

/** Auth changes pushed by the backend client (other tabs included). */
export type AuthChange = { type: 'signedIn'; session: SessionInfo } | { type: 'signedOut' };

export interface AuthPort {
  getSession(): Promise<SessionInfo | null>;
  /** Subscribes to auth changes; returns the unsubscribe function. */
  onAuthChange(listener: (change: AuthChange) => void): () => void;
  signOut(): Promise<void>;
  sendLoginLink(email: string, redirectTo: string): Promise<void>;
  verifyTokenHash(tokenHash: string, type: 'email' | 'recovery'): Promise<SessionInfo>;
  exchangeCode(code: string): Promise<SessionInfo>;
  sendPasswordReset(email: string, redirectTo: string): Promise<void>;
  updatePassword(password: string): Promise<void>;
}
