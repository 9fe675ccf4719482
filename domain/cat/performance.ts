/**
 * The candidate-performance-report view: for each group of scored items (a client need, a
 * clinical-judgment step) whether the candidate's ability on those items is Below, Near or Above
 * the passing standard, as NCSBN's Candidate Performance Report rates content areas. Each group is
 * estimated on its own items with the exam's estimator; Above when its whole 95 % band is above
 * the cut, Below when wholly below, Near otherwise (few items make a wide band, so Near).
 */
import { PASSING_STANDARD } from './constants';
import { type AbilityEstimate, type Band, confidenceBand, estimateAbility } from './estimate';
import type { GivenItem } from './exam';

export type PerformanceLevel = 'below' | 'near' | 'above';

export interface GroupPerformance {
  group: string;
  items: number;
  estimate: AbilityEstimate;
  band: Band;
  level: PerformanceLevel;
}

export function performanceLevel(band: Band, cut: number): PerformanceLevel {
  if (band.lower > cut) return 'above';
  if (band.upper < cut) return 'below';
  return 'near';
}

/**
 * One row per group, in the order `groups` lists them (groups without a scored item are left out).
 * `groupOf` names an item's group (e.g. its client need, or its judgment step from the bank).
 */
export function performanceByGroup(
  given: readonly GivenItem[],
  groups: readonly string[],
  groupOf: (item: GivenItem) => string | null,
  cut = PASSING_STANDARD,
): GroupPerformance[] {
  return groups.flatMap((group) => {
    const own = given.filter(
      (item) => item.role !== 'pretest' && item.score !== null && groupOf(item) === group,
    );
    if (own.length === 0) return [];
    const estimate = estimateAbility(
      own.map((item) => ({
        thresholds: item.thresholds,
        score: item.score ?? 0,
        locationError: item.locationError,
      })),
    );
    const band = confidenceBand(estimate);
    return [{ group, items: own.length, estimate, band, level: performanceLevel(band, cut) }];
  });
}
