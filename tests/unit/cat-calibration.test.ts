import { describe, expect, it } from 'vitest';
import { calibrate, type RecordedResponse } from '../../domain/cat/calibration';
import { drawScore, itemLocation } from '../../domain/cat/model';
import { type ItemParameters, priorParameters } from '../../domain/cat/parameters';
import { normalDraw, seededRandom } from '../../domain/cat/random';

/**
 * Known items: 40 scored 0/1 with difficulties evenly over −2..+2 and 8 worth 3 points; their
 * labels (and so their priors) come from the true location as a writer would give them: the
 * easiest quarter easy, the hardest quarter hard.
 */
function knownItems() {
  const truth = new Map<string, number[]>();
  for (let i = 0; i < 40; i++) truth.set(`mc-${i}`, [-2 + (4 * i) / 39]);
  for (let i = 0; i < 8; i++) {
    const location = -1.5 + (3 * i) / 7;
    truth.set(`ngn-${i}`, [location - 0.8, location, location + 0.8]);
  }
  const priors: ItemParameters[] = [...truth].map(([id, thresholds]) => {
    const location = itemLocation(thresholds);
    const label = location < -0.67 ? 'easy' : location > 0.67 ? 'hard' : 'medium';
    return priorParameters(id, label, thresholds.length);
  });
  return { truth, priors };
}

function simulateResponses(truth: Map<string, number[]>, persons: number, seed: number): RecordedResponse[] {
  const random = seededRandom(seed);
  const responses: RecordedResponse[] = [];
  for (let p = 0; p < persons; p++) {
    const theta = normalDraw(random);
    for (const [itemId, thresholds] of truth) {
      responses.push({ personId: `p${p}`, itemId, score: drawScore(theta, thresholds, random) });
    }
  }
  return responses;
}

function locationRmse(parameters: readonly ItemParameters[], truth: Map<string, number[]>): number {
  const squares = parameters.map(
    (row) => (itemLocation(row.thresholds) - itemLocation(truth.get(row.id) ?? [])) ** 2,
  );
  return Math.sqrt(squares.reduce((sum, s) => sum + s, 0) / squares.length);
}

describe('calibration recovers known difficulties from simulated responses', () => {
  const { truth, priors } = knownItems();

  it('label priors alone are about half a logit off', () => {
    const rmse = locationRmse(priors, truth);
    expect(rmse).toBeGreaterThan(0.3);
    expect(rmse).toBeLessThan(0.6);
  });

  // Measured (seed 21, 25 sweeps, converged): RMSE of item locations 0.197 logit at 200 responses
  // per item, 0.115 at 500 (0.080 at 1,000) — the 1/√n of sampling error itself. The bounds leave
  // room for another seed, not for a broken routine (the priors alone are 0.4 off).
  it.each([
    [200, 0.25],
    [500, 0.15],
  ])(
    'with %i responses per item the locations are within an RMSE of %f logit',
    (persons, bound) => {
      const result = calibrate(priors, simulateResponses(truth, persons, 21), { sweeps: 25 });
      const rmse = locationRmse(result.parameters, truth);
      expect(rmse).toBeLessThan(bound);
      expect(result.parameters.every((row) => row.source === 'calibrated' && row.responses === persons)).toBe(
        true,
      );
    },
    60_000,
  );

  it('keeps the anchors’ mean location where it was, so the scale does not drift', () => {
    const result = calibrate(priors, simulateResponses(truth, 200, 5), { sweeps: 10 });
    const mean = (rows: readonly ItemParameters[]) =>
      rows.reduce((sum, row) => sum + itemLocation(row.thresholds), 0) / rows.length;
    expect(mean(result.parameters)).toBeCloseTo(mean(priors), 9);
  }, 60_000);

  it('anchors on items calibrated before when there are any, and leaves items short of data on their prior', () => {
    const anchored = priors.map((row, i) =>
      i < 10 ? { ...row, source: 'calibrated' as const, responses: 500 } : row,
    );
    const responses = simulateResponses(truth, 200, 8).filter((r) => r.itemId !== 'mc-39');
    const result = calibrate(anchored, responses, { sweeps: 10 });
    const anchors = (rows: readonly ItemParameters[]) =>
      rows.slice(0, 10).reduce((sum, row) => sum + itemLocation(row.thresholds), 0) / 10;
    expect(anchors(result.parameters)).toBeCloseTo(anchors(anchored), 9);
    expect(result.parameters.find((row) => row.id === 'mc-39')).toEqual(
      priors.find((row) => row.id === 'mc-39'),
    );
  }, 60_000);

  it('refuses responses to unknown items or with impossible scores', () => {
    expect(() => calibrate(priors, [{ personId: 'a', itemId: 'nope', score: 1 }])).toThrow(
      /unknown item "nope"/,
    );
    expect(() => calibrate(priors, [{ personId: 'a', itemId: 'mc-1', score: 2 }])).toThrow(/outside 0–1/);
  });
});
