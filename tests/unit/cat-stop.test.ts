import { describe, expect, it } from 'vitest';
import { MAX_ITEMS, MIN_ITEMS } from '../../domain/cat/constants';
import type { AbilityEstimate } from '../../domain/cat/estimate';
import { stopDecision } from '../../domain/cat/stop';

const cut = -0.18;
const estimate = (theta: number, standardError: number): AbilityEstimate => ({
  theta,
  standardError,
  method: 'maximum-likelihood',
});
// Band half-width 1.96 × 0.2 = 0.392.
const clearlyAbove = estimate(cut + 0.4, 0.2);
const clearlyBelow = estimate(cut - 0.4, 0.2);
const nearCut = estimate(cut + 0.3, 0.2);

describe('95 % confidence rule', () => {
  it('never stops before the minimum length, however clear the estimate', () => {
    expect(
      stopDecision({ itemsAnswered: MIN_ITEMS - 1, estimate: clearlyAbove, cut, timeUp: false }),
    ).toBeNull();
  });

  it('passes at the minimum once the whole band is above the cut, and fails once it is below', () => {
    expect(
      stopDecision({ itemsAnswered: MIN_ITEMS, estimate: clearlyAbove, cut, timeUp: false }),
    ).toMatchObject({
      rule: 'confidence',
      passed: true,
    });
    expect(stopDecision({ itemsAnswered: 100, estimate: clearlyBelow, cut, timeUp: false })).toMatchObject({
      rule: 'confidence',
      passed: false,
    });
  });

  it('goes on while the band holds the cut', () => {
    expect(stopDecision({ itemsAnswered: 120, estimate: nearCut, cut, timeUp: false })).toBeNull();
  });
});

describe('maximum-length rule', () => {
  it('at 150 items the final estimate decides: above passes, at the cut fails', () => {
    expect(stopDecision({ itemsAnswered: MAX_ITEMS, estimate: nearCut, cut, timeUp: false })).toMatchObject({
      rule: 'maximum-length',
      passed: true,
    });
    expect(
      stopDecision({ itemsAnswered: MAX_ITEMS, estimate: estimate(cut, 0.2), cut, timeUp: false }),
    ).toMatchObject({ rule: 'maximum-length', passed: false });
  });
});

describe('run-out-of-time rule', () => {
  it('fails when fewer than the minimum were answered, even with a high estimate', () => {
    expect(
      stopDecision({ itemsAnswered: MIN_ITEMS - 1, estimate: clearlyAbove, cut, timeUp: true }),
    ).toMatchObject({
      rule: 'time',
      passed: false,
    });
  });

  it('otherwise lets the final estimate from all completed items decide', () => {
    expect(stopDecision({ itemsAnswered: 90, estimate: nearCut, cut, timeUp: true })).toMatchObject({
      rule: 'time',
      passed: true,
    });
    expect(
      stopDecision({ itemsAnswered: 90, estimate: estimate(cut - 0.01, 0.2), cut, timeUp: true }),
    ).toMatchObject({ rule: 'time', passed: false });
  });

  it('reports the band it decided with', () => {
    const outcome = stopDecision({ itemsAnswered: MIN_ITEMS, estimate: clearlyAbove, cut, timeUp: false });
    expect(outcome?.band.lower).toBeCloseTo(cut + 0.4 - 1.959964 * 0.2, 9);
  });
});
