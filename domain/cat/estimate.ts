/**
 * Ability estimation from scored responses. From the first mixed pattern (some points earned and
 * some missed) the estimate is the maximum-likelihood one; before that ML has no finite answer
 * (all right → +∞, all wrong → −∞), so the estimate is the Bayesian mode under the weak prior of
 * constants.ts. The standard error is 1/√(test information at the estimate) — the prior's
 * information added while the prior is in use — widened by the items' own parameter error.
 */
import { ABILITY_BOUND, EARLY_PRIOR_MEAN, EARLY_PRIOR_SD, START_ABILITY, Z_95 } from './constants';
import { pcmExpectedScore, pcmInformation } from './model';

/**
 * One scored response: the item's thresholds (one for a 0/1 item), the points earned, and how far
 * the item's location may be off (SD in logits; none: exactly known).
 */
export interface ScoredResponse {
  thresholds: readonly number[];
  score: number;
  locationError?: number;
}

export type EstimateMethod = 'start' | 'bayes-modal' | 'maximum-likelihood';

export interface AbilityEstimate {
  theta: number;
  standardError: number;
  method: EstimateMethod;
}

export interface Band {
  lower: number;
  upper: number;
}

/** A pattern is mixed when its total is above 0 and below the most it could be. */
export function isMixedPattern(responses: readonly ScoredResponse[]): boolean {
  const earned = responses.reduce((sum, r) => sum + r.score, 0);
  const possible = responses.reduce((sum, r) => sum + r.thresholds.length, 0);
  return earned > 0 && earned < possible;
}

/** Test information at θ: the sum of the items' information. */
export function testInformation(theta: number, responses: readonly ScoredResponse[]): number {
  return responses.reduce((sum, r) => sum + pcmInformation(theta, r.thresholds), 0);
}

const TOLERANCE = 1e-7;
const MAX_ITERATIONS = 100;
/** Newton steps are capped so a flat start cannot overshoot. */
const MAX_STEP = 1;

/**
 * Newton–Raphson on the log-likelihood (plus the log prior when `prior` is given). The
 * log-likelihood of Rasch/PCM is concave in θ, so it converges from any start.
 */
function solve(
  responses: readonly ScoredResponse[],
  prior: { mean: number; sd: number } | null,
  start: number,
): number {
  let theta = start;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    let gradient = responses.reduce((sum, r) => sum + r.score - pcmExpectedScore(theta, r.thresholds), 0);
    let curvature = testInformation(theta, responses);
    if (prior) {
      gradient -= (theta - prior.mean) / prior.sd ** 2;
      curvature += 1 / prior.sd ** 2;
    }
    const step = Math.max(-MAX_STEP, Math.min(MAX_STEP, gradient / curvature));
    theta = Math.max(-ABILITY_BOUND, Math.min(ABILITY_BOUND, theta + step));
    if (Math.abs(step) < TOLERANCE) break;
  }
  return theta;
}

/**
 * The variance the items' own parameter error adds to the estimate. θ̂ solves Σ(x − E) = 0, so
 * moving item i by e moves θ̂ by e·Iᵢ/I; with independent errors of SD σᵢ that adds
 * Σ (Iᵢ/I)² σᵢ². While items carry label priors this is what keeps the band honest.
 */
export function parameterErrorVariance(
  theta: number,
  responses: readonly ScoredResponse[],
  information: number,
) {
  return responses.reduce((sum, r) => {
    const share = pcmInformation(theta, r.thresholds) / information;
    return sum + share ** 2 * (r.locationError ?? 0) ** 2;
  }, 0);
}

/**
 * The ability estimate and its standard error from every scored response so far. `start` only
 * speeds the search up (the answer does not depend on it): pass the previous estimate.
 */
export function estimateAbility(
  responses: readonly ScoredResponse[],
  start = EARLY_PRIOR_MEAN,
): AbilityEstimate {
  if (responses.length === 0) {
    return { theta: START_ABILITY, standardError: EARLY_PRIOR_SD, method: 'start' };
  }
  if (!isMixedPattern(responses)) {
    const prior = { mean: EARLY_PRIOR_MEAN, sd: EARLY_PRIOR_SD };
    const theta = solve(responses, prior, EARLY_PRIOR_MEAN);
    const information = testInformation(theta, responses) + 1 / EARLY_PRIOR_SD ** 2;
    const variance = 1 / information + parameterErrorVariance(theta, responses, information);
    return { theta, standardError: Math.sqrt(variance), method: 'bayes-modal' };
  }
  const theta = solve(responses, null, start);
  const information = testInformation(theta, responses);
  const variance = 1 / information + parameterErrorVariance(theta, responses, information);
  return { theta, standardError: Math.sqrt(variance), method: 'maximum-likelihood' };
}

/** The 95 % band around an estimate: θ ± 1.96 SE. */
export function confidenceBand(estimate: AbilityEstimate): Band {
  const half = Z_95 * estimate.standardError;
  return { lower: estimate.theta - half, upper: estimate.theta + half };
}

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The probability of passing by the normal approximation: the chance that the true ability is
 * above the cut if it were distributed N(estimate, SE²). It says nothing about how well our cut
 * matches NCSBN's; while the scale is provisional that uncertainty is not in it.
 */
export function passProbability(estimate: AbilityEstimate, cut: number): number {
  return normalCdf((estimate.theta - cut) / estimate.standardError);
}
