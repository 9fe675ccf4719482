/** The shapes the engine works on: items with their parameters, case studies, a student's history. */
import type { ClientNeed } from '../client-needs';

/** Where an item's parameters come from (parameters.ts). */
export type ParameterSource = 'label-prior' | 'calibrated';

/** An item as the engine sees it: its client need and its thresholds (one for a 0/1 item). */
export interface CatItem {
  id: string;
  category: ClientNeed;
  thresholds: readonly number[];
  source: ParameterSource;
  /** How far the item's location may be off (logits, one SD): widens the reported band. */
  locationError: number;
}

/** An unfolding case study: six items given together, in order. */
export interface CatCaseStudy {
  id: string;
  items: readonly CatItem[];
}

/** The exam's bank: stand-alone items (0/1 and NGN) and case studies. */
export interface CatBank {
  items: readonly CatItem[];
  caseStudies: readonly CatCaseStudy[];
}

/** What this student has met before: never again in a mock; unseen practice items preferred. */
export interface StudentHistory {
  /** Item and case-study ids from the student's earlier mock exams. */
  metInMocks: ReadonlySet<string>;
  /** Item ids the student has answered in practice. */
  seenInPractice: ReadonlySet<string>;
}

export const NO_HISTORY: StudentHistory = { metInMocks: new Set(), seenInPractice: new Set() };
