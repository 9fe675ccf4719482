import type { PracticeFocus, PracticeQuestion, SessionInfo } from '../shared/ports';
import type { SetEvent } from '../shared/set-events';
import type { Answers } from './practice-rules';

/** 'one': one question at a time; 'all': the fallback with every question on one page. */
export type PracticeLayout = 'one' | 'all';

/** A session in progress, as kept on this device so a reload can resume it. */
export interface PracticeProgress {
  userId: string;
  questions: PracticeQuestion[];
  answers: Answers;
  /** Questions before this index are locked. */
  currentIndex: number;
  layout: PracticeLayout;
  /** The set's id and start time (older stored progress may lack them: a new id is made then). */
  setId?: string;
  startedAt?: string;
  focus?: PracticeFocus;
}

/** External facts the page reads before starting the flow. */
export interface PracticeSessionInput {
  /** The signed-in student, or null. */
  session: SessionInfo | null;
  /** The layout remembered on this device. */
  layout: PracticeLayout;
  /** The session in progress stored on this device, if any (resumed only for the same student). */
  saved: PracticeProgress | null;
  /** Random numbers in [0, 1) for reshuffling (Math.random in the app; fixed in tests). */
  random: () => number;
  /** What the sets draw from (`/practice?focus=weakest` or `missed`; the whole bank otherwise). */
  focus: PracticeFocus;
  /** A new set id (crypto.randomUUID in the app; a counter in tests). */
  newSetId: () => string;
  /** The current time as an ISO string (fixed in tests). */
  now: () => string;
}

export interface PracticeSessionContext {
  session: SessionInfo | null;
  layout: PracticeLayout;
  questions: PracticeQuestion[];
  answers: Answers;
  currentIndex: number;
  random: () => number;
  focus: PracticeFocus;
  /** The set on screen: a new id for every set drawn and every Practice Again. */
  setId: string;
  startedAt: string;
  /** Set when the student submits; the record sent to the backend carries it. */
  submittedAt: string | null;
  /** Why the first set, requested alongside the access check, failed (logged once access is granted). */
  firstSetError: unknown;
  newSetId: () => string;
  now: () => string;
}

/**
 * What the page sends: the answers and layout of this flow, and the set vocabulary shared by every
 * set flow. The access gate and the record delivery take their own retries (machines/shared/set-events.ts).
 */
export type PracticeSessionEvent =
  | { type: 'answer.select'; questionId: string; optionId: string }
  | { type: 'question.next' }
  | { type: 'layout.switch' }
  | { type: 'remediation.toggle' }
  | SetEvent;
