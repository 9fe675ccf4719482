import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';

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

/** What a set draws from: the whole bank (unseen questions first), the weakest category, or past misses. */
export type PracticeFocus = 'mixed' | 'weakest' | 'missed';

export interface PracticePort {
  checkEntitlement(userId: string): Promise<boolean>;
  loadQuestions(limit: number, focus: PracticeFocus): Promise<PracticeQuestion[]>;
}

/** A submitted set as the backend records it: the questions in the order shown and the choices. */
export interface PracticeSetRecord {
  /** Generated on the device, so a retried submission is stored once. */
  setId: string;
  userId: string;
  questionIds: string[];
  chosenOptionIds: string[];
  layout: 'one' | 'all';
  focus: PracticeFocus;
  startedAt: string;
  submittedAt: string;
}

export interface CategoryScore {
  category: string;
  answered: number;
  correct: number;
}

export interface SetScore {
  setId: string;
  submittedAt: string;
  correct: number;
  total: number;
}

/** Everything /results and the dashboard show, in one answer from the backend. */
export interface ResultsSummary {
  totals: { sets: number; answered: number; correct: number };
  /** All eight client-need categories, in the test plan's order, zeros included. */
  categories: CategoryScore[];
  /** The last sets, oldest first. */
  overTime: SetScore[];
  /**
   * The last sets, newest first. `counted: false` marks a repeat (Practice Again right after the
   * review showed the answers): listed and reviewable, left out of every total (decision 103).
   */
  recentSets: (SetScore & { focus: PracticeFocus; counted?: boolean })[];
  /** Up to two categories with enough answers to judge, lowest accuracy first. */
  weakest: CategoryScore[];
  missedCount: number;
  seenCount: number;
  bankSize: number;
  /** Clinical judgment (NGN) sets: points earned of the points possible, by step and by category. */
  judgment: JudgmentSummary;
}

export interface PointsScore {
  points: number;
  maxPoints: number;
}

export interface JudgmentSummary extends PointsScore {
  sets: number;
  /** All six clinical-judgment steps in the model's order, zeros included. */
  byStep: (PointsScore & { step: string })[];
  /** All eight client-need categories, zeros included. */
  byCategory: (PointsScore & { category: string })[];
}

export interface ReviewedQuestion {
  id: string;
  /** Null when the question has since been retired from the bank. */
  stem: string | null;
  category: string | null;
  rationale: string | null;
  chosenOptionId: string;
  correctOptionId: string;
  isCorrect: boolean;
  options: PracticeOption[];
}

/** One past set with every question, the student's choice, the key and the rationale. */
export interface ReviewedSet extends SetScore {
  startedAt: string;
  focus: PracticeFocus;
  /** False once the student's access has ended: answers and scores only, no question content. */
  contentAvailable?: boolean;
  questions: ReviewedQuestion[];
}

/** What the device still holds after sending its waiting sets. */
export interface OutboxDelivery {
  delivered: number;
  /** Sets still waiting (the backend could not be reached); they are sent on the next visit. */
  waiting: number;
}

/**
 * The student's learning record. Submitted sets go through a device outbox first, so a set that
 * cannot be sent (offline, backend down, tab closed) is sent on the next visit.
 */
export interface LearningRecordPort {
  /** Keeps the set on this device until the backend has it. */
  queueSet(record: PracticeSetRecord): void;
  /** Sends one queued set now (graded by the backend) and, once stored, takes it out of the outbox. */
  recordSet(record: PracticeSetRecord): Promise<void>;
  /** Sends every set waiting on this device for this student; never rejects (unsent sets stay waiting). */
  deliverOutbox(userId: string): Promise<OutboxDelivery>;
  loadSummary(): Promise<ResultsSummary>;
  loadSet(setId: string): Promise<ReviewedSet>;
  /** Wipes the student's record on the backend and their waiting sets on this device. */
  resetHistory(userId: string): Promise<void>;
}

/** Clinical judgment practice: ten standalone NGN items, or one six-item case study. */
export type JudgmentSetKind = 'standalone' | 'case';

export interface JudgmentSet {
  kind: JudgmentSetKind;
  caseStudy: { id: string; title: string; intro: string } | null;
  items: NgnItem[];
}

/** A finished clinical-judgment set as the backend records it (it grades the responses itself). */
export interface JudgmentSetRecord {
  setId: string;
  userId: string;
  kind: JudgmentSetKind;
  caseId: string | null;
  itemIds: string[];
  responses: NgnResponse[];
  startedAt: string;
  submittedAt: string;
}

export interface JudgmentPort {
  checkEntitlement(userId: string): Promise<boolean>;
  loadJudgmentSet(kind: JudgmentSetKind): Promise<JudgmentSet>;
  /** Sends the set (kept in the device outbox until stored). */
  recordJudgmentSet(record: JudgmentSetRecord): Promise<void>;
}

/** Errors thrown by services carry the backend's message (or a generic one). */
/** What /billing shows a signed-in student (public.get_billing_status). Times are ISO strings. */
export type BillingKind = 'none' | 'trialing' | 'active' | 'canceling' | 'past_due' | 'ended';

export interface BillingStatus {
  kind: BillingKind;
  /** Until when access lasts (trialing, canceling, past_due; active: the period end). */
  accessUntil: string | null;
  /** When the next monthly charge is made (active and renewing only). */
  renewsAt: string | null;
  /** When access ended (ended only). */
  endedAt: string | null;
  /** Whether the student has had a free trial before (then a new checkout grants no trial access). */
  hadTrial: boolean;
}

export interface BillingPort {
  loadStatus(): Promise<BillingStatus>;
  /** The URL of the student's hosted billing portal (the backend finds their customer). */
  openPortal(): Promise<string>;
}

export class BackendError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}
