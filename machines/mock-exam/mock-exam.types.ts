import type { NgnResponse } from '../../domain/ngn-scoring';
import type { SessionInfo } from '../shared/ports';
import type { ExamView } from './mock-exam.ports';

export interface MockExamInput {
  session: SessionInfo | null;
  /** The time source (milliseconds since the epoch): the app's Date.now, a test's own clock. */
  now: () => number;
}

export interface MockExamContext extends MockExamInput {
  /** The exam as the server last answered it (its item is the one on screen). */
  exam: ExamView | null;
  /** The picks on the item on screen (a classic item's one option is the part `options`). */
  response: NgnResponse;
  /** When the time runs out by this device's clock, set from the server's time left. */
  deadlineAt: number;
  /** Time left at the last tick (what "Time left" shows). */
  timeLeftMs: number;
  /** Why the last call failed, shown with Try again. */
  error: string | null;
  /** A refused answer's explanation, shown above the item the server says is on screen. */
  notice: string | null;
}

/**
 * The exam's events. `clock.tick` comes from the machine's own clock (an invoked callback reading
 * the injected time source every second); `entitlement.retry` goes to the access gate's actor.
 */
export type MockExamEvent =
  | { type: 'exam.start' }
  | { type: 'exam.retry' }
  | { type: 'choice.pick'; groupId: string; choiceId: string }
  | { type: 'answer.submit' }
  | { type: 'break.start' }
  | { type: 'break.end' }
  | { type: 'clock.tick'; at: number };
