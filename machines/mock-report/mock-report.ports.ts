import type { NgnItem } from '../../domain/ngn-items';
import type { EntitlementPort } from '../access-gate/access-gate.ports';
import type { ReviewedQuestion } from '../learning-record/learning-record.ports';

/** Which of NCSBN's three stop rules ended the exam (domain/cat/stop.ts). */
export type StopRule = 'confidence' | 'maximum-length' | 'time';

/** Below / Near / Above the passing standard, as the candidate performance report rates an area. */
export type PerformanceLevel = 'below' | 'near' | 'above';

export interface Band {
  lower: number;
  upper: number;
}

export interface PerformanceRow {
  /** A client-need category or a clinical-judgment step. */
  group: string;
  /** Scored items of the group. */
  items: number;
  level: PerformanceLevel;
  band: Band;
}

interface ReviewBase {
  ordinal: number;
  itemId: string;
  points: number;
  maxPoints: number;
}

/** A scored stand-alone question: as a practice set's review shows it (choice, key, rationale). */
export interface ClassicReviewItem extends ReviewBase {
  bank: 'classic';
  question: ReviewedQuestion;
}

/** A scored Next Generation item (its full content, keys included) with the student's picks. */
export interface NgnReviewItem extends ReviewBase {
  bank: 'ngn';
  category: string;
  /** The item as the bank stores it (domain/ngn-items.ts `NgnItem`, decoded by the service). */
  item: NgnItem;
  picks: Record<string, string[]>;
  caseStudy: { id: string; title: string } | null;
}

/** An item retired from the bank since the exam: its points only. */
export interface RetiredReviewItem extends ReviewBase {
  bank: 'retired';
}

export type MockReviewItem = ClassicReviewItem | NgnReviewItem | RetiredReviewItem;

/** The readiness report of one finished mock exam (the mock-exam function's `report` action). */
export interface MockExamReport {
  examId: string;
  startedAt: string;
  finishedAt: string;
  timeLimitSeconds: number;
  timeUsedSeconds: number;
  itemsAnswered: number;
  scoredItems: number;
  rule: StopRule;
  passed: boolean;
  passingStandard: number;
  /** True while our scale is not calibrated against NCSBN's (the method page says why). */
  provisional: boolean;
  estimate: number;
  standardError: number;
  band: Band;
  passProbability: number;
  /** How the probability was computed, e.g. 'normal-approximation'. */
  passProbabilityMethod: string;
  performance: { clientNeeds: PerformanceRow[]; judgmentSteps: PerformanceRow[] };
  review: MockReviewItem[];
}

/** One finished mock exam as /results lists it. */
export interface MockExamListing {
  examId: string;
  startedAt: string;
  finishedAt: string;
  rule: StopRule;
  passed: boolean;
  estimate: number;
  band: Band;
  passProbability: number;
  itemsAnswered: number;
}

/** The student's own NCLEX-PN result, as they recorded it. */
export interface NclexResult {
  passed: boolean;
  /** The exam date, YYYY-MM-DD. */
  takenOn: string;
}

/** /results' mock-exam part: every finished mock exam, oldest first, and the real result. */
export interface MockExamRecord {
  exams: MockExamListing[];
  nclexResult: NclexResult | null;
}

/**
 * The mock exam's readiness report and record. The report needs practice access (its review holds
 * keys and rationales), hence the entitlement check.
 */
export interface MockReportPort extends EntitlementPort {
  /** A finished exam's report; the BackendError's code is the function's (`no_exam`, `exam_not_finished`, …). */
  loadReport(examId: string | null): Promise<MockExamReport>;
  loadRecord(): Promise<MockExamRecord>;
  /** Records (or changes) the result; resolves with it as stored. */
  saveNclexResult(result: NclexResult): Promise<NclexResult>;
  removeNclexResult(): Promise<void>;
}
