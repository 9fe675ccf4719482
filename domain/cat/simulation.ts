/**
 * The simulation study: simulated candidates of known ability take the mock exam through the
 * engine itself (startExam / nextItem / recordScore / examOutcome), answering from "true" item
 * parameters that may differ from the engine's, and the figures docs/readiness.md reports are
 * summarised from their exams. Pure and seeded: the same seed gives the same figures.
 */
import { CLIENT_NEEDS, type ClientNeed } from '../client-needs';
import { type CatBank, NO_HISTORY } from './bank';
import { PASSING_STANDARD } from './constants';
import { examOutcome, nextItem, recordScore, startExam } from './exam';
import { drawScore, itemLocation } from './model';
import { normalDraw, type Random } from './random';
import { type CategoryCounts, emptyCounts } from './selection';
import type { ExamOutcome, StopRule } from './stop';

/** Thresholds the simulated candidates answer from, by item id. */
export type TrueParameters = ReadonlyMap<string, readonly number[]>;

export interface SimulatedExam {
  trueTheta: number;
  outcome: ExamOutcome;
  /** Items answered, pretest included. */
  length: number;
  /** Scored items per client need. */
  counts: CategoryCounts;
  itemIds: string[];
}

/** Every item of the bank, stand-alone and in case studies. */
export function allItems(bank: CatBank) {
  return [...bank.items, ...bank.caseStudies.flatMap((study) => study.items)];
}

/** The engine's own parameters as the truth. */
export function engineParameters(bank: CatBank): TrueParameters {
  return new Map(allItems(bank).map((item) => [item.id, item.thresholds]));
}

/**
 * "True" parameters off the engine's: each item's thresholds shifted together by a draw from
 * N(0, sd²) — the error of a label prior (constants.ts: LABEL_PRIOR_ERROR_SD).
 */
export function perturbedParameters(bank: CatBank, sd: number, random: Random): TrueParameters {
  return new Map(
    allItems(bank).map((item) => {
      const shift = sd * normalDraw(random);
      return [item.id, item.thresholds.map((t) => t + shift)];
    }),
  );
}

/** Root-mean-square difference of item locations between the engine and the truth. */
export function locationRmse(bank: CatBank, truth: TrueParameters): number {
  const items = allItems(bank);
  const sum = items.reduce((total, item) => {
    const actual = truth.get(item.id) ?? item.thresholds;
    return total + (itemLocation(actual) - itemLocation(item.thresholds)) ** 2;
  }, 0);
  return Math.sqrt(sum / items.length);
}

/** One simulated candidate of ability `trueTheta` sits the exam (no clock: time never runs out). */
export function simulateExam(
  trueTheta: number,
  bank: CatBank,
  truth: TrueParameters,
  random: Random,
  cut = PASSING_STANDARD,
): SimulatedExam {
  let exam = startExam(bank, NO_HISTORY, random);
  for (;;) {
    const item = nextItem(exam, bank, NO_HISTORY, random);
    const outOfItems = item === null;
    if (item)
      exam = recordScore(exam, item, drawScore(trueTheta, truth.get(item.itemId) ?? item.thresholds, random));
    const outcome = examOutcome(exam, { cut, timeUp: outOfItems });
    if (outcome) {
      const counts = emptyCounts();
      for (const given of exam.given) if (given.role !== 'pretest') counts[given.category]++;
      return {
        trueTheta,
        outcome,
        length: exam.given.length,
        counts,
        itemIds: exam.given.map((g) => g.itemId),
      };
    }
  }
}

/** Abilities spread evenly over cut ± width: the midpoints of n equal slices. */
export function evenSpread(n: number, cut: number, width: number): number[] {
  return Array.from({ length: n }, (_, i) => cut - width + (2 * width * (i + 0.5)) / n);
}

/** n abilities drawn from N(mean, sd²). */
export function normalPopulation(n: number, mean: number, sd: number, random: Random): number[] {
  return Array.from({ length: n }, () => mean + sd * normalDraw(random));
}

export interface ContentShare {
  category: ClientNeed;
  min: number;
  max: number;
  /** Lowest and highest share seen in any exam, in percent. */
  lowest: number;
  highest: number;
  /** Exams whose share fell outside the range. */
  outside: number;
}

export interface SimulationSummary {
  examinees: number;
  accuracy: number;
  /** Accuracy of candidates within ±0.25 logit of the cut (null: none there). */
  accuracyNearCut: number | null;
  nearCutCount: number;
  /** Accuracy of candidates more than 0.5 logit from the cut. */
  accuracyBeyondHalf: number | null;
  beyondHalfCount: number;
  /** Truly failing candidates who passed, as a share of the truly failing. */
  falsePassRate: number | null;
  /** Truly passing candidates who failed, as a share of the truly passing. */
  falseFailRate: number | null;
  truePassShare: number;
  passShare: number;
  length: { min: number; median: number; p90: number; max: number; mean: number };
  endedBy: Record<StopRule, number>;
  /** Share of exams whose final 95 % band held the true ability. */
  bandCoverage: number;
  maxExposure: { itemId: string; rate: number };
  content: ContentShare[];
  examsOutsideContentRanges: number;
}

function quantile(sorted: readonly number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** The figures of a set of simulated exams. */
export function summarise(exams: readonly SimulatedExam[], cut = PASSING_STANDARD): SimulationSummary {
  const correct = (exam: SimulatedExam) => exam.outcome.passed === exam.trueTheta > cut;
  const near = exams.filter((e) => Math.abs(e.trueTheta - cut) <= 0.25);
  const beyond = exams.filter((e) => Math.abs(e.trueTheta - cut) > 0.5);
  const trulyFailing = exams.filter((e) => e.trueTheta <= cut);
  const trulyPassing = exams.filter((e) => e.trueTheta > cut);
  const lengths = exams.map((e) => e.length).sort((a, b) => a - b);
  const endedBy: Record<StopRule, number> = { confidence: 0, 'maximum-length': 0, time: 0 };
  for (const exam of exams) endedBy[exam.outcome.rule]++;
  const exposure = new Map<string, number>();
  for (const exam of exams) for (const id of exam.itemIds) exposure.set(id, (exposure.get(id) ?? 0) + 1);
  const [topId, topCount] = [...exposure].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? ['', 0];
  const content = CLIENT_NEEDS.map(({ name, min, max }): ContentShare => {
    const shares = exams.map((exam) => {
      const scored = Object.values(exam.counts).reduce((sum, n) => sum + n, 0);
      return (100 * exam.counts[name]) / scored;
    });
    return {
      category: name,
      min,
      max,
      lowest: Math.min(...shares),
      highest: Math.max(...shares),
      outside: shares.filter((s) => s < min || s > max).length,
    };
  });
  const outsideAny = exams.filter((exam) => {
    const scored = Object.values(exam.counts).reduce((sum, n) => sum + n, 0);
    return CLIENT_NEEDS.some(({ name, min, max }) => {
      const s = (100 * exam.counts[name]) / scored;
      return s < min || s > max;
    });
  }).length;
  return {
    examinees: exams.length,
    accuracy: exams.filter(correct).length / exams.length,
    accuracyNearCut: share(near.filter(correct).length, near.length),
    nearCutCount: near.length,
    accuracyBeyondHalf: share(beyond.filter(correct).length, beyond.length),
    beyondHalfCount: beyond.length,
    falsePassRate: share(trulyFailing.filter((e) => e.outcome.passed).length, trulyFailing.length),
    falseFailRate: share(trulyPassing.filter((e) => !e.outcome.passed).length, trulyPassing.length),
    truePassShare: trulyPassing.length / exams.length,
    passShare: exams.filter((e) => e.outcome.passed).length / exams.length,
    length: {
      min: lengths[0] ?? 0,
      median: quantile(lengths, 0.5),
      p90: quantile(lengths, 0.9),
      max: lengths.at(-1) ?? 0,
      mean: lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, lengths.length),
    },
    endedBy,
    bandCoverage:
      exams.filter((e) => e.outcome.band.lower <= e.trueTheta && e.trueTheta <= e.outcome.band.upper).length /
      exams.length,
    maxExposure: { itemId: topId, rate: topCount / exams.length },
    content,
    examsOutsideContentRanges: outsideAny,
  };
}
