import type { ExamView as WireExamView, ShownItem as WireShownItem } from '../../domain/mock-exam-wire';
import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';
import type { EntitlementPort } from '../access-gate/access-gate.ports';
import { BackendError } from '../shared/backend-error';

/**
 * The item on screen as the mock-exam function serves it (the wire shape: domain/mock-exam-wire.ts).
 * An NGN item arrives without its key; the service fills the key fields with neutral placeholders
 * (nothing correct, no rationale) so the practice renderers and pick rules, which read the item's
 * shape only, take it unchanged.
 */
export type ShownItem = WireShownItem<NgnItem>;

/** The student's exam as the server keeps it: its clock, how far it has gone, the item on screen. */
export type ExamView = WireExamView<NgnItem>;

/** A classic item's chosen option, or an NGN item's picks per part. */
export type ExamResponse = { optionIds: string[] } | { picks: NgnResponse };

export interface ExamAnswer {
  ordinal: number;
  token: string;
  itemId: string;
  response: ExamResponse;
}

/** The function's refusals a flow acts on (every other failure is a plain BackendError). */
export type MockExamRefusalCode = 'stale' | 'time_up' | 'exam_in_progress' | 'no_access';

/**
 * A refusal of the mock-exam function, with its code and, for `stale` and `time_up`, the exam as the
 * server has it now (the item really on screen, or the ended exam).
 */
export class MockExamRefusal extends BackendError {
  constructor(
    message: string,
    readonly refusal: MockExamRefusalCode,
    readonly exam: ExamView | null = null,
  ) {
    super(message, refusal);
    this.name = 'MockExamRefusal';
  }
}

export interface MockExamPort extends EntitlementPort {
  /** The student's exam in progress (or just ended on time), or null when there is none. */
  loadCurrentExam(): Promise<ExamView | null>;
  /** Starts a new exam: its first item. */
  startExam(): Promise<ExamView>;
  /** Records the answer to the item on screen; the exam with its next item, or ended. */
  answerItem(answer: ExamAnswer): Promise<ExamView>;
}
