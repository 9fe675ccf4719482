/**
 * Calibration: item thresholds estimated from recorded responses by joint maximum likelihood
 * (alternating person and item Newton steps), with two guards:
 *
 * - Each threshold is shrunk towards its prior with a normal penalty (SD CALIBRATION_PRIOR_SD), so a
 *   score category nobody reached stays finite instead of running to ±∞.
 * - Anchoring: after every sweep the estimated items are shifted together so the mean location of
 *   the anchor items equals its value before calibration (the anchors are the items calibrated
 *   earlier, or — the first time — every estimated item, whose label priors have mean ≈ 0). The
 *   scale's origin therefore never drifts from run to run.
 *
 * Items with fewer than MIN_RESPONSES_TO_CALIBRATE responses keep their current parameters and
 * only help estimate the persons. Persons are estimated with the exam's own estimator.
 */
import { CALIBRATION_PRIOR_SD } from './constants';
import { estimateAbility } from './estimate';
import { itemLocation, pcmInformation, pcmProbabilities } from './model';
import { canCalibrate, type ItemParameters } from './parameters';

/** One recorded response: who, which item, how many points. */
export interface RecordedResponse {
  personId: string;
  itemId: string;
  score: number;
}

export interface CalibrationOptions {
  /** Sweeps of person and item updates (default 30). */
  sweeps?: number;
  /** Responses an item needs before it is estimated (default MIN_RESPONSES_TO_CALIBRATE). */
  isEstimable?: (responses: number) => boolean;
}

export interface CalibrationResult {
  parameters: ItemParameters[];
  /** Ability estimates of the persons, by id. */
  abilities: Map<string, number>;
  /** The largest threshold change in the last sweep (convergence). */
  lastChange: number;
}

/** Checks the responses against the item table; returns the problems (unknown item, bad score). */
export function responseProblems(items: readonly ItemParameters[], responses: readonly RecordedResponse[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const problems: string[] = [];
  responses.forEach((response, index) => {
    const item = byId.get(response.itemId);
    if (!item) problems.push(`response ${index + 1}: unknown item "${response.itemId}"`);
    else if (
      !Number.isInteger(response.score) ||
      response.score < 0 ||
      response.score > item.thresholds.length
    )
      problems.push(`response ${index + 1}: score ${response.score} is outside 0–${item.thresholds.length}`);
  });
  return problems;
}

function groupBy<K, V>(values: readonly V[], key: (value: V) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const value of values) {
    const k = key(value);
    const list = groups.get(k);
    if (list) list.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

/** One penalised Newton step per threshold of one item, given the persons' abilities. */
function updateItem(
  thresholds: number[],
  prior: readonly number[],
  responses: ReadonlyArray<{ theta: number; score: number }>,
): number[] {
  return thresholds.map((threshold, index) => {
    const k = index + 1;
    let gradient = 0;
    let curvature = 0;
    for (const { theta, score } of responses) {
      const probabilities = pcmProbabilities(theta, thresholds);
      const atLeastK = probabilities.slice(k).reduce((sum, p) => sum + p, 0);
      gradient += atLeastK - (score >= k ? 1 : 0);
      curvature += atLeastK * (1 - atLeastK);
    }
    gradient -= (threshold - (prior[index] ?? threshold)) / CALIBRATION_PRIOR_SD ** 2;
    curvature += 1 / CALIBRATION_PRIOR_SD ** 2;
    return threshold + Math.max(-1, Math.min(1, gradient / curvature));
  });
}

/**
 * The standard error of an item's location: 1/√(Σ information over the persons who answered it),
 * the information a common shift of all its thresholds carries.
 */
export function locationError(thresholds: readonly number[], abilities: readonly number[]): number {
  const information = abilities.reduce((sum, theta) => sum + pcmInformation(theta, thresholds), 0);
  return 1 / Math.sqrt(information + 1 / CALIBRATION_PRIOR_SD ** 2);
}

/** Estimates the thresholds of every item with enough responses; see the module comment. */
export function calibrate(
  items: readonly ItemParameters[],
  responses: readonly RecordedResponse[],
  options: CalibrationOptions = {},
): CalibrationResult {
  const problems = responseProblems(items, responses);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const sweeps = options.sweeps ?? 30;
  const isEstimable = options.isEstimable ?? canCalibrate;
  const byItem = groupBy(responses, (r) => r.itemId);
  const byPerson = groupBy(responses, (r) => r.personId);
  const current = new Map(items.map((item) => [item.id, [...item.thresholds]]));
  const priors = new Map(items.map((item) => [item.id, item.thresholds]));
  const estimated = items.filter((item) => isEstimable(byItem.get(item.id)?.length ?? 0));
  const calibratedBefore = estimated.filter((item) => item.source === 'calibrated');
  const anchors = calibratedBefore.length > 0 ? calibratedBefore : estimated;
  const meanLocation = (list: readonly ItemParameters[], table: Map<string, number[]>) =>
    list.reduce((sum, item) => sum + itemLocation(table.get(item.id) ?? item.thresholds), 0) /
    Math.max(1, list.length);
  const anchorMean = meanLocation(anchors, priors);

  const abilities = new Map<string, number>();
  let lastChange = 0;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (const [personId, own] of byPerson) {
      const scored = own.map((r) => ({ thresholds: current.get(r.itemId) ?? [], score: r.score }));
      abilities.set(personId, estimateAbility(scored).theta);
    }
    const before = new Map(estimated.map((item) => [item.id, current.get(item.id) ?? []]));
    for (const item of estimated) {
      const own = (byItem.get(item.id) ?? []).map((r) => ({
        theta: abilities.get(r.personId) ?? 0,
        score: r.score,
      }));
      current.set(item.id, updateItem(before.get(item.id) ?? [], priors.get(item.id) ?? [], own));
    }
    const shift = anchorMean - meanLocation(anchors, current);
    lastChange = 0;
    for (const item of estimated) {
      const shifted = (current.get(item.id) ?? []).map((t) => t + shift);
      current.set(item.id, shifted);
      const old = before.get(item.id) ?? [];
      for (const [i, t] of shifted.entries()) lastChange = Math.max(lastChange, Math.abs(t - (old[i] ?? t)));
    }
  }
  return {
    parameters: items.map((item) =>
      estimated.includes(item)
        ? {
            id: item.id,
            thresholds: current.get(item.id) ?? [...item.thresholds],
            source: 'calibrated' as const,
            responses: byItem.get(item.id)?.length ?? 0,
            locationError: locationError(
              current.get(item.id) ?? item.thresholds,
              (byItem.get(item.id) ?? []).map((r) => abilities.get(r.personId) ?? 0),
            ),
          }
        : item,
    ),
    abilities,
    lastChange,
  };
}
