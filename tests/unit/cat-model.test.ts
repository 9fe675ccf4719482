import { describe, expect, it } from 'vitest';
import {
  drawScore,
  itemLocation,
  pcmExpectedScore,
  pcmInformation,
  pcmProbabilities,
  raschInformation,
  raschProbability,
} from '../../domain/cat/model';
import { priorThresholds } from '../../domain/cat/parameters';
import { seededRandom } from '../../domain/cat/random';

describe('Rasch model (0/1 items)', () => {
  it('gives an even chance where ability equals difficulty, and 1/(1+e^(b−θ)) elsewhere', () => {
    expect(raschProbability(0, 0)).toBe(0.5);
    // θ − b = 1: 1 / (1 + e^−1) = 0.7310585786
    expect(raschProbability(1, 0)).toBeCloseTo(0.7310585786, 9);
    expect(raschProbability(-0.18, 1.82)).toBeCloseTo(1 / (1 + Math.exp(2)), 12);
  });

  it('has information p(1 − p): 0.25 at θ = b, 0.1966119 one logit away', () => {
    expect(raschInformation(0.4, 0.4)).toBe(0.25);
    expect(raschInformation(1, 0)).toBeCloseTo(0.7310585786 * 0.2689414214, 9);
  });
});

describe('partial-credit model (NGN score points)', () => {
  // Thresholds −1 and +1 at θ = 0: the category logits are 0, 1, 0, so P ∝ (1, e, 1).
  const thresholds = [-1, 1];

  it('gives each score its chance', () => {
    const [p0, p1, p2] = pcmProbabilities(0, thresholds);
    expect(p0).toBeCloseTo(1 / (2 + Math.E), 12);
    expect(p1).toBeCloseTo(Math.E / (2 + Math.E), 12);
    expect(p2).toBeCloseTo(0.2119415576, 9);
  });

  it('has an expected score and an information (the score variance)', () => {
    expect(pcmExpectedScore(0, thresholds)).toBeCloseTo(1, 12);
    // Σ (x − 1)² P(x) = 2 × 0.2119415576
    expect(pcmInformation(0, thresholds)).toBeCloseTo(0.4238831152, 9);
  });

  it('is the Rasch model when an item has one threshold', () => {
    for (const theta of [-2, -0.18, 0.7]) {
      expect(pcmProbabilities(theta, [0.3])[1]).toBeCloseTo(raschProbability(theta, 0.3), 12);
      expect(pcmInformation(theta, [0.3])).toBeCloseTo(raschInformation(theta, 0.3), 12);
    }
  });

  it('stays finite far from the thresholds', () => {
    const probabilities = pcmProbabilities(40, [0, 0, 0]);
    expect(probabilities.every(Number.isFinite)).toBe(true);
    expect(probabilities[3]).toBeCloseTo(1, 9);
  });

  it('takes the mean threshold as the location', () => {
    expect(itemLocation([-1, 0.5, 2.5])).toBeCloseTo(2 / 3, 12);
  });

  it('draws scores with the model chances', () => {
    const random = seededRandom(3);
    const draws = Array.from({ length: 20_000 }, () => drawScore(0, thresholds, random));
    const twos = draws.filter((score) => score === 2).length / draws.length;
    expect(twos).toBeGreaterThan(0.2119 - 0.015);
    expect(twos).toBeLessThan(0.2119 + 0.015);
  });
});

describe('label prior thresholds (binomial spacing)', () => {
  it('are b + ln(k/(m−k+1)): a 2-point item at 0 has thresholds ∓ln 2 and a binomial score', () => {
    const [first, second] = priorThresholds(0, 2);
    expect(first).toBeCloseTo(-Math.LN2, 12);
    expect(second).toBeCloseTo(Math.LN2, 12);
    const probabilities = pcmProbabilities(0, priorThresholds(0, 2));
    expect(probabilities.map((p) => Number(p.toFixed(12)))).toEqual([0.25, 0.5, 0.25]);
  });

  it('give a 1-point item its label location, and centre longer items on it', () => {
    expect(priorThresholds(1.27, 1)).toEqual([1.27]);
    expect(itemLocation(priorThresholds(-1.27, 5))).toBeCloseTo(-1.27, 12);
  });
});
