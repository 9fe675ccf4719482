import { describe, expect, it } from 'vitest';
import { EARLY_PRIOR_MEAN, START_ABILITY } from '../../domain/cat/constants';
import {
  confidenceBand,
  estimateAbility,
  isMixedPattern,
  normalCdf,
  passProbability,
} from '../../domain/cat/estimate';

const item = (difficulty: number, score: number) => ({ thresholds: [difficulty], score });

describe('ability estimation', () => {
  it('starts at the start ability before any response', () => {
    expect(estimateAbility([])).toMatchObject({ theta: START_ABILITY, method: 'start' });
  });

  it('knows a mixed pattern: some points earned and some missed', () => {
    expect(isMixedPattern([item(0, 1), item(0, 1)])).toBe(false);
    expect(isMixedPattern([item(0, 0)])).toBe(false);
    expect(isMixedPattern([item(0, 1), item(0, 0)])).toBe(true);
    expect(isMixedPattern([{ thresholds: [0, 1], score: 1 }])).toBe(true);
    expect(isMixedPattern([{ thresholds: [0, 1], score: 2 }])).toBe(false);
  });

  it('is the maximum-likelihood estimate once mixed: one right, one wrong at b = 0 → θ = 0, SE = √2', () => {
    const estimate = estimateAbility([item(0, 1), item(0, 0)]);
    expect(estimate.method).toBe('maximum-likelihood');
    expect(estimate.theta).toBeCloseTo(0, 9);
    expect(estimate.standardError).toBeCloseTo(Math.SQRT2, 9);
  });

  it('solves Σ(x − p) = 0: two of three right at b = 0 → p = 2/3, θ = ln 2, SE = 1/√(3·2/9)', () => {
    const estimate = estimateAbility([item(0, 1), item(0, 1), item(0, 0)]);
    expect(estimate.theta).toBeCloseTo(Math.LN2, 9);
    expect(estimate.standardError).toBeCloseTo(1 / Math.sqrt(2 / 3), 9);
  });

  it('widens the standard error by the items’ own parameter error: Σ (Iᵢ/I)² σᵢ²', () => {
    // Two items at b = 0, one right, one wrong, each location ±0.5: I = 0.5, each share 0.5,
    // added variance 2 × 0.5² × 0.5² = 0.125 → SE = √(2 + 0.125).
    const estimate = estimateAbility([
      { thresholds: [0], score: 1, locationError: 0.5 },
      { thresholds: [0], score: 0, locationError: 0.5 },
    ]);
    expect(estimate.theta).toBeCloseTo(0, 9);
    expect(estimate.standardError).toBeCloseTo(Math.sqrt(2.125), 9);
  });

  it('uses score points of partial-credit items: 1 of 2 on thresholds −1, +1 → θ = 0', () => {
    expect(estimateAbility([{ thresholds: [-1, 1], score: 1 }]).theta).toBeCloseTo(0, 9);
  });

  it('is the Bayesian mode under N(cut, 2²) while the pattern is all right or all wrong', () => {
    // One right at b = 0: 1 − p(θ) = (θ + 0.18)/4 → θ = 0.9419923; SE = 1/√(p(1−p) + 1/4).
    const right = estimateAbility([item(0, 1)]);
    expect(right.method).toBe('bayes-modal');
    expect(right.theta).toBeCloseTo(0.9419923177, 7);
    expect(right.standardError).toBeCloseTo(1.4877083472, 7);
    // One wrong at b = 0: −p(θ) = (θ + 0.18)/4 → θ = −1.1453545.
    const wrong = estimateAbility([item(0, 0)]);
    expect(wrong.theta).toBeCloseTo(-1.1453545006, 7);
    expect(wrong.standardError).toBeCloseTo(1.519528218, 7);
    expect(EARLY_PRIOR_MEAN).toBe(-0.18);
  });

  it('stays finite and far above the cut when 70 items are all right', () => {
    const estimate = estimateAbility(Array.from({ length: 70 }, () => item(1.27, 1)));
    expect(Number.isFinite(estimate.theta)).toBe(true);
    expect(confidenceBand(estimate).lower).toBeGreaterThan(-0.18);
  });
});

describe('band and probability of passing', () => {
  it('draws the 95 % band as θ ± 1.96 SE', () => {
    const band = confidenceBand({ theta: 0.5, standardError: 0.25, method: 'maximum-likelihood' });
    expect(band.lower).toBeCloseTo(0.5 - 0.48999, 4);
    expect(band.upper).toBeCloseTo(0.5 + 0.48999, 4);
  });

  it('computes the normal approximation Φ((θ − cut)/SE)', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 6);
    // (0.2 + 0.18) / 0.2 = 1.9 → Φ(1.9) = 0.9712834
    const estimate = { theta: 0.2, standardError: 0.2, method: 'maximum-likelihood' as const };
    expect(passProbability(estimate, -0.18)).toBeCloseTo(0.9712834402, 6);
  });
});
