import type { NgnResponse } from '../../domain/ngn-scoring';
import type { JudgmentReview, JudgmentSet, JudgmentSetKind, SessionInfo } from '../shared/ports';

/** A set in progress, as kept on this device so a reload resumes it (decision 150). */
export interface JudgmentProgress {
  userId: string;
  kind: JudgmentSetKind;
  set: JudgmentSet;
  responses: NgnResponse[];
  currentIndex: number;
  setId: string;
  startedAt: string;
}

export interface ClinicalJudgmentInput {
  session: SessionInfo | null;
  /** Ten standalone items, or one six-item case study (`/clinical-judgment?kind=case`). */
  kind: JudgmentSetKind;
  /** The set in progress stored on this device, if any (resumed only for the same student and kind). */
  saved?: JudgmentProgress | null;
  /** A recorded set to review (`/clinical-judgment?review=<set id>`) instead of a new set. */
  reviewSetId?: string | null;
  newSetId: () => string;
  now: () => string;
}

export interface ClinicalJudgmentContext extends ClinicalJudgmentInput {
  set: JudgmentSet | null;
  /** One response per item, in order. */
  responses: NgnResponse[];
  /** Items before this index are locked. */
  currentIndex: number;
  setId: string;
  startedAt: string;
  submittedAt: string | null;
  /** The recorded set being reviewed, once loaded. */
  review: JudgmentReview | null;
  error: string | null;
  recordError: string | null;
}

export type ClinicalJudgmentEvent =
  | { type: 'entitlement.retry' }
  | { type: 'set.retry' }
  | { type: 'choice.pick'; groupId: string; choiceId: string }
  | { type: 'item.next' }
  | { type: 'set.submit' }
  | { type: 'set.new' }
  | { type: 'record.retry' };
