/**
 * NCSBN's three stop rules (nclex.com, "Computerized Adaptive Testing"; the run-out-of-time rule
 * as modified in 2020: the final estimate from all completed items decides).
 *
 * 1. 95 % confidence: once the minimum length is reached, stop as soon as the 95 % band lies wholly
 *    above the cut (pass) or wholly below it (fail).
 * 2. Maximum length: at 150 items the final estimate decides: above the cut passes, at or below fails.
 * 3. Run out of time: fewer than the minimum answered fails; otherwise the final estimate decides
 *    as in rule 2.
 */
import { MAX_ITEMS, MIN_ITEMS } from './constants';
import { type AbilityEstimate, type Band, confidenceBand } from './estimate';

export type StopRule = 'confidence' | 'maximum-length' | 'time';

export interface ExamOutcome {
  rule: StopRule;
  passed: boolean;
  estimate: AbilityEstimate;
  band: Band;
}

export interface StopInput {
  /** Items answered so far, pretest items included. */
  itemsAnswered: number;
  estimate: AbilityEstimate;
  cut: number;
  /** The exam's time has run out. */
  timeUp: boolean;
}

/** Above the cut passes; at or below it fails (NCSBN's wording for rules 2 and 3). */
export function passesOnEstimate(estimate: AbilityEstimate, cut: number): boolean {
  return estimate.theta > cut;
}

/** The rule that ends the exam now, with its result, or null to go on. */
export function stopDecision({ itemsAnswered, estimate, cut, timeUp }: StopInput): ExamOutcome | null {
  const band = confidenceBand(estimate);
  const ended = (rule: StopRule, passed: boolean): ExamOutcome => ({ rule, passed, estimate, band });
  if (timeUp) return ended('time', itemsAnswered >= MIN_ITEMS && passesOnEstimate(estimate, cut));
  if (itemsAnswered >= MIN_ITEMS) {
    if (band.lower > cut) return ended('confidence', true);
    if (band.upper < cut) return ended('confidence', false);
  }
  if (itemsAnswered >= MAX_ITEMS) return ended('maximum-length', passesOnEstimate(estimate, cut));
  return null;
}
