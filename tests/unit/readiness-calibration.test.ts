import { describe, expect, it } from 'vitest';
import { calibrationOf, lastPredictionBefore, outcomesOf } from '../../domain/cat/readiness-calibration';

describe('the last prediction before the real exam', () => {
  const exams = [
    { finishedAt: '2026-10-01T10:00:00.000Z', passProbability: 0.3 },
    { finishedAt: '2026-11-20T23:30:00.000Z', passProbability: 0.9 },
    { finishedAt: '2026-11-02T09:00:00.000Z', passProbability: 0.6 },
  ];
  it('is the latest mock finished on or before the exam date, whatever the order given', () => {
    expect(lastPredictionBefore(exams, { takenOn: '2026-11-19', passed: true })).toBe(0.6);
    // A mock on the exam day itself counts.
    expect(lastPredictionBefore(exams, { takenOn: '2026-11-20', passed: true })).toBe(0.9);
    expect(lastPredictionBefore(exams, { takenOn: '2026-09-30', passed: true })).toBeNull();
  });
  it('leaves out students without a mock before their exam', () => {
    expect(
      outcomesOf([
        { exams, result: { takenOn: '2026-10-05', passed: false } },
        { exams, result: { takenOn: '2026-09-01', passed: true } },
      ]),
    ).toEqual([{ predicted: 0.3, passed: false }]);
  });
});

describe('calibration of the pass probability', () => {
  // By hand: (0.9−1)² + (0.8−0)² + (0.2−0)² + (0.95−1)² = 0.01 + 0.64 + 0.04 + 0.0025 = 0.6925; / 4.
  const outcomes = [
    { predicted: 0.9, passed: true },
    { predicted: 0.8, passed: false },
    { predicted: 0.2, passed: false },
    { predicted: 0.95, passed: true },
  ];
  it('has the Brier score 0.173125', () => {
    expect(calibrationOf(outcomes).brierScore).toBeCloseTo(0.173125, 12);
    expect(calibrationOf(outcomes).count).toBe(4);
  });
  it('bins the predictions: five bins of 0.2, each with its mean prediction and observed rate', () => {
    const { bins } = calibrationOf(outcomes, 5);
    expect(bins.map((b) => b.count)).toEqual([0, 1, 0, 0, 3]);
    expect(bins[0]).toEqual({ from: 0, to: 0.2, count: 0, meanPredicted: null, observedPassRate: null });
    expect(bins[1]).toMatchObject({ meanPredicted: 0.2, observedPassRate: 0 });
    // (0.8 + 0.9 + 0.95) / 3 = 0.88333…; 2 of 3 passed.
    expect(bins[4]?.meanPredicted).toBeCloseTo(2.65 / 3, 12);
    expect(bins[4]?.observedPassRate).toBeCloseTo(2 / 3, 12);
  });
  it('puts a certain prediction in the last bin and scores perfect predictions 0', () => {
    const certain = calibrationOf([
      { predicted: 1, passed: true },
      { predicted: 0, passed: false },
    ]);
    expect(certain.brierScore).toBe(0);
    expect(certain.bins.at(-1)?.count).toBe(1);
    expect(certain.bins[0]?.count).toBe(1);
  });
  it('has no score without outcomes', () => {
    expect(calibrationOf([])).toMatchObject({ count: 0, brierScore: null });
  });
});
