/**
 * What the flows need from the outside world. Machines declare placeholder actors with these
 * shapes; src/services implements them with supabase-js; tests provide fakes.
 */

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

export interface PracticeOption {
  id: string;
  label: string;
  is_correct: boolean;
}

export interface PracticeQuestion {
  id: string;
  stem: string;
  category: string | null;
  options: PracticeOption[];
  /** Extra help shown under incorrect items after submission (the bank provides it). */
  rationale?: string | null;
}

export interface PracticePort {
  checkEntitlement(userId: string): Promise<boolean>;
  loadQuestions(limit: number): Promise<PracticeQuestion[]>;
}

/** Errors thrown by services carry the backend's message (or a generic one). */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}
