import type { SessionInfo } from '../shared/ports';
import type { SetEvent } from '../shared/set-events';
import type { CustomTestRequest, TestItem, TestMode, TestResponse } from './test-session.ports';

/**
 * What the student does to the test beside answering, kept per item while the test lasts: flags and
 * notes go to the record; strike-outs are visual only and stay on this device.
 */
export interface TestMarks {
  /** Flagged item ids. */
  flagged: string[];
  /** Private notes by item id. */
  notes: Record<string, string>;
  /** Struck-out choice ids by item id. */
  struck: Record<string, string[]>;
}

/** A test in progress, as kept on this device so a reload resumes it, clock included. */
export interface TestProgress extends TestMarks {
  userId: string;
  request: CustomTestRequest;
  items: TestItem[];
  responses: TestResponse[];
  /** Tutor mode: the items whose key and rationale were shown (they are locked). */
  checked: string[];
  currentIndex: number;
  secondsPerItem: number[];
  setId: string;
  /** The start of the test: a timed test's time left is computed from it, so a reload loses nothing. */
  startedAt: string;
}

export interface TestSessionInput {
  session: SessionInfo | null;
  /** The test built at /practice/custom (null: nothing was built, e.g. the page opened directly). */
  request: CustomTestRequest | null;
  /** The test in progress stored on this device, if any (the page passes only this student's). */
  saved: TestProgress | null;
  newSetId: () => string;
  /** The time source, as an ISO string (the browser's clock in the app; simulated in tests). */
  now: () => string;
}

export interface TestSessionContext extends TestMarks {
  session: SessionInfo | null;
  request: CustomTestRequest | null;
  mode: TestMode;
  items: TestItem[];
  responses: TestResponse[];
  checked: string[];
  currentIndex: number;
  secondsPerItem: number[];
  /** When the item on screen was opened (its time is added when the student leaves it). */
  itemOpenedAt: string;
  setId: string;
  startedAt: string;
  submittedAt: string | null;
  timedOut: boolean;
  /** Why the items could not load. */
  error: string | null;
  newSetId: () => string;
  now: () => string;
}

/**
 * The set events this flow offers (machines/shared/set-events.ts) and its own. Answers, marks and
 * navigation act on the item on screen. `entitlement.retry` and `record.retry` go to the shared
 * parts' own actors.
 */
export type TestSessionEvent =
  | Extract<SetEvent, { type: 'set.retry' | 'set.submit' }>
  | { type: 'answer.pick'; groupId: string; choiceId: string }
  /** Tutor mode: show the key and rationale of the item on screen, which locks it. */
  | { type: 'item.check' }
  | { type: 'item.next' }
  | { type: 'item.previous' }
  | { type: 'item.goto'; index: number }
  | { type: 'flag.toggle' }
  | { type: 'note.change'; text: string }
  | { type: 'option.strike'; choiceId: string };
