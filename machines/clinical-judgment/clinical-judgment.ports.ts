import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';

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

/** A recorded clinical-judgment set read back for review: the items and the student's responses. */
export interface JudgmentReview extends JudgmentSet {
  setId: string;
  submittedAt: string;
  responses: NgnResponse[];
}

export interface JudgmentPort {
  checkEntitlement(userId: string): Promise<boolean>;
  loadJudgmentSet(kind: JudgmentSetKind): Promise<JudgmentSet>;
  /** One of the student's recorded sets with their responses (items retired from the bank left out). */
  loadJudgmentReview(setId: string): Promise<JudgmentReview>;
  /** Sends the set (kept in the device outbox until stored). */
  recordJudgmentSet(record: JudgmentSetRecord): Promise<void>;
}
