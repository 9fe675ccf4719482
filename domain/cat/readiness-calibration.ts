/**
 * How well the mock exam's pass probability predicts the real NCLEX-PN: for each student who
 * recorded their result, the probability of their last mock exam finished on or before the exam
 * date, against whether they passed. The Brier score is the mean squared difference (0 is perfect,
 * 0.25 is what always saying 50 % earns); the reliability table bins the predictions and sets each
 * bin's mean prediction beside its observed pass rate (a calibrated estimate has them equal).
 */

/** Below this many reports the figures are noise: the output says so instead of publishing them. */
export const MIN_REPORTS_TO_PUBLISH = 50;
/** Bins of the reliability table: [0, 0.1), [0.1, 0.2), …, [0.9, 1]. */
export const RELIABILITY_BINS = 10;

export interface MockPrediction {
  /** When the mock exam ended (ISO timestamp). */
  finishedAt: string;
  passProbability: number;
}

export interface ReportedResult {
  /** The NCLEX-PN date, YYYY-MM-DD. */
  takenOn: string;
  passed: boolean;
}

export interface Outcome {
  predicted: number;
  passed: boolean;
}

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  /** Null for an empty bin. */
  meanPredicted: number | null;
  observedPassRate: number | null;
}

export interface CalibrationSummary {
  count: number;
  /** Null with no outcome. */
  brierScore: number | null;
  bins: ReliabilityBin[];
}

/**
 * The probability the student had before the exam: their last mock exam finished on or before the
 * exam date (compared as UTC dates: a mock on the exam day itself counts). Null when none was.
 */
export function lastPredictionBefore(
  exams: readonly MockPrediction[],
  result: ReportedResult,
): number | null {
  const before = exams
    .filter((exam) => exam.finishedAt.slice(0, 10) <= result.takenOn)
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  return before.at(-1)?.passProbability ?? null;
}

/** The Brier score and the reliability table of `outcomes`. */
export function calibrationOf(outcomes: readonly Outcome[], binCount = RELIABILITY_BINS): CalibrationSummary {
  const bins = Array.from({ length: binCount }, (_, i) => ({
    from: i / binCount,
    to: (i + 1) / binCount,
    members: [] as Outcome[],
  }));
  for (const outcome of outcomes) {
    // A prediction of exactly 1 belongs to the last bin, which is closed on the right.
    const index = Math.min(binCount - 1, Math.floor(outcome.predicted * binCount));
    bins[index]?.members.push(outcome);
  }
  const mean = (values: number[]) =>
    values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  return {
    count: outcomes.length,
    brierScore: mean(outcomes.map((o) => (o.predicted - (o.passed ? 1 : 0)) ** 2)),
    bins: bins.map(({ from, to, members }) => ({
      from,
      to,
      count: members.length,
      meanPredicted: mean(members.map((o) => o.predicted)),
      observedPassRate: mean(members.map((o) => (o.passed ? 1 : 0))),
    })),
  };
}

/** The outcomes of every student with a result and a mock exam before it. */
export function outcomesOf(
  students: readonly { exams: readonly MockPrediction[]; result: ReportedResult }[],
): Outcome[] {
  return students.flatMap(({ exams, result }) => {
    const predicted = lastPredictionBefore(exams, result);
    return predicted === null ? [] : [{ predicted, passed: result.passed }];
  });
}
