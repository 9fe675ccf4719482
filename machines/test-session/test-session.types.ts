import type { SessionInfo } from '../shared/ports';
import type { SetEvent } from '../shared/set-events';
import type { CustomTest, CustomTestResponse } from './test-session.ports';

/**
 * What this device keeps of a test in progress, so a reload resumes it where the server cannot:
 * answers not yet sent (timed mode), strike-outs (visual only), the item on screen and its time.
 * The clock, flags, notes and tutor answers are the server's.
 */
export interface TestProgress {
  userId: string;
  testId: string;
  responses: CustomTestResponse[];
  /** Struck-out choice ids, per item in order. */
  struck: string[][];
  currentIndex: number;
  secondsPerItem: number[];
}

export interface TestSessionInput {
  session: SessionInfo | null;
  /** `/practice/custom/test?test=<id>` (null: the page was opened without a test). */
  testId: string | null;
  /** This device's progress on that test, if any (the page passes only this student's and test's). */
  saved: TestProgress | null;
  /** The time source, as an ISO string (the browser's clock in the app; simulated in tests). */
  now: () => string;
}

export interface TestSessionContext {
  session: SessionInfo | null;
  testId: string | null;
  saved: TestProgress | null;
  /** The test as the server last served it (items gain their reveal as tutor mode checks them). */
  test: CustomTest | null;
  responses: CustomTestResponse[];
  struck: string[][];
  currentIndex: number;
  secondsPerItem: number[];
  /** When the item on screen was opened (its time is added when the student leaves it). */
  itemOpenedAt: string;
  /** The server's clock minus this device's when the test loaded: the time left is the server's. */
  clockOffsetMs: number;
  timedOut: boolean;
  /** Why the test could not load. */
  error: string | null;
  /** Why the last tutor answer could not be checked. */
  answerError: string | null;
  now: () => string;
}

/**
 * The set events this flow offers (machines/shared/set-events.ts) and its own. Answers, marks and
 * navigation act on the item on screen. `entitlement.retry`, `record.retry` and the flag and note
 * events (machines/item-marks) go to the shared parts' own actors.
 */
export type TestSessionEvent =
  | Extract<SetEvent, { type: 'set.retry' | 'set.submit' }>
  | { type: 'answer.pick'; groupId: string; choiceId: string }
  /** Tutor mode: send the answer on screen; its key and rationale come back and it is locked. */
  | { type: 'item.check' }
  | { type: 'item.next' }
  | { type: 'item.previous' }
  | { type: 'item.goto'; index: number }
  | { type: 'option.strike'; choiceId: string };
