import type { NgnResponse } from '../../domain/ngn-scoring';
import type { SessionInfo } from '../shared/ports';
import type { SetEvent } from '../shared/set-events';
import type { JudgmentReview, JudgmentSet, JudgmentSetKind } from './clinical-judgment.ports';

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
  /** Why the items or the recorded set could not load. */
  error: string | null;
}

/**
 * The set events this flow offers (the shared vocabulary, machines/shared/set-events.ts) and its own
 * item events. `entitlement.retry` and `record.retry` go to the shared parts' own actors.
 */
export type ClinicalJudgmentEvent =
  | Extract<SetEvent, { type: 'set.retry' | 'set.submit' | 'set.new' }>
  | { type: 'choice.pick'; groupId: string; choiceId: string }
  | { type: 'item.next' };
