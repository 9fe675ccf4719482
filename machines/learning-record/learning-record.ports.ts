import type { CustomTestListing } from '../../domain/custom-tests';
import type { JudgmentSetKind } from '../clinical-judgment/clinical-judgment.ports';
import type {
  PracticeFocus,
  PracticeOption,
  PracticeSetRecord,
} from '../practice-session/practice-session.ports';

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
  /** The last sets, newest first. */
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
  /** Items of the review schedule due by the end of the student's today (custom tests, decision 220). */
  dueToday: number;
  /** The student's recent custom tests, newest first (decision 220). */
  customTests: CustomTestListing[];
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
  /** The judgment sets, newest first, each reopened for review on /clinical-judgment. */
  recentSets: JudgmentSetListing[];
}

/** One past clinical-judgment set as /results lists it. */
export interface JudgmentSetListing extends PointsScore {
  setId: string;
  kind: JudgmentSetKind;
  /** The case study's title (a case set), otherwise null. */
  caseTitle: string | null;
  submittedAt: string;
  items: number;
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
