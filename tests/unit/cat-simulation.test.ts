// A small run of the simulation study (npm run cat:simulate runs 2,000 per population) on the
// repository's own bank, to catch a regression in the engine's accuracy, band, content balance or
// exposure. Bounds are the study's targets loosened for 200 examinees (a binomial SD of about 1.5
// points on accuracy and coverage), not loosened past what a broken engine would still meet.
import { describe, expect, it } from 'vitest';
import { PASSING_STANDARD } from '../../domain/cat/constants';
import { seededRandom } from '../../domain/cat/random';
import {
  engineParameters,
  evenSpread,
  perturbedParameters,
  simulateExam,
  summarise,
} from '../../domain/cat/simulation';
import { loadCatBank } from '../../scripts/lib/cat-bank';
import { MISSPECIFIED_SD, SPREAD_WIDTH } from '../../scripts/lib/cat-simulation-plan';

const EXAMINEES = 200;
const bank = loadCatBank();

function run(truth: ReturnType<typeof engineParameters>) {
  const random = seededRandom(2026);
  return summarise(
    evenSpread(EXAMINEES, PASSING_STANDARD, SPREAD_WIDTH).map((theta) =>
      simulateExam(theta, bank, truth, random),
    ),
  );
}

describe('simulation study, small run on the real bank (even spread over the cut ± 2)', () => {
  it.each([
    ['the engine’s own parameters', () => engineParameters(bank)],
    [
      'parameters off by the label-prior error',
      () => perturbedParameters(bank, MISSPECIFIED_SD, seededRandom(11)),
    ],
  ])(
    'with %s it classifies, covers, balances and spreads exposure',
    (_, truth) => {
      const summary = run(truth());
      expect(summary.accuracy).toBeGreaterThanOrEqual(0.93);
      expect(summary.accuracyBeyondHalf).toBeGreaterThanOrEqual(0.98);
      expect(summary.bandCoverage).toBeGreaterThanOrEqual(0.9);
      expect(summary.bandCoverage).toBeLessThanOrEqual(0.99);
      expect(summary.examsOutsideContentRanges).toBe(0);
      expect(summary.maxExposure.rate).toBeLessThanOrEqual(0.3);
      expect(summary.length.min).toBe(85);
      expect(summary.length.max).toBeLessThanOrEqual(150);
      expect(summary.endedBy.confidence).toBeGreaterThan(summary.endedBy['maximum-length']);
    },
    120_000,
  );
});
