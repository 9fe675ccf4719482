/**
 * One mock exam as pure state transitions, for the server (which stores the state and the clock)
 * and the simulation alike:
 *
 *   let exam = startExam(bank, history, random);
 *   while (true) {
 *     const next = nextItem(exam, bank, history, random);   // what to show now
 *     exam = recordScore(exam, next, points);               // after the candidate answers
 *     const outcome = examOutcome(exam, { timeUp });        // null: go on
 *   }
 *
 * The state is plain data (JSON-serialisable), so it can be stored between requests.
 */
import type { ClientNeed } from '../client-needs';
import type { CatBank, CatItem, StudentHistory } from './bank';
import { PASSING_STANDARD } from './constants';
import { type AbilityEstimate, estimateAbility, type ScoredResponse } from './estimate';
import { chooseCaseStudies, type ExamPlan, planExam, type Slot } from './plan';
import type { Random } from './random';
import {
  type CategoryCounts,
  chooseNearItem,
  choosePretestItem,
  chooseScoredItem,
  emptyCounts,
} from './selection';
import { type ExamOutcome, stopDecision } from './stop';

export type ItemRole = 'scored' | 'pretest' | 'case-study';

/** An item given in this exam and the points it earned (null until answered). */
export interface GivenItem {
  itemId: string;
  category: ClientNeed;
  role: ItemRole;
  caseStudyId?: string;
  thresholds: readonly number[];
  locationError: number;
  score: number | null;
}

export interface ExamState {
  plan: ExamPlan;
  given: GivenItem[];
  /** The estimate after the last scored response. */
  estimate: AbilityEstimate;
}

/** Starts an exam: chooses its case studies and lays out its positions. */
export function startExam(bank: CatBank, history: StudentHistory, random: Random): ExamState {
  const caseStudies = chooseCaseStudies(bank, history, random);
  return {
    plan: planExam(
      caseStudies.map((study) => study.id),
      random,
    ),
    given: [],
    estimate: estimateAbility([]),
  };
}

/** The scored responses so far, as the estimator takes them. */
export function scoredResponses(state: ExamState): ScoredResponse[] {
  return state.given
    .filter((item) => item.role !== 'pretest' && item.score !== null)
    .map((item) => ({
      thresholds: item.thresholds,
      score: item.score ?? 0,
      locationError: item.locationError,
    }));
}

/** Scored items given per client need, plus the committed case-study items not yet given. */
export function contentCounts(state: ExamState, bank: CatBank): CategoryCounts {
  const counts = emptyCounts();
  const givenIds = new Set(state.given.map((item) => item.itemId));
  for (const item of state.given) if (item.role !== 'pretest') counts[item.category]++;
  for (const id of state.plan.caseStudyIds) {
    const study = bank.caseStudies.find((s) => s.id === id);
    for (const item of study?.items ?? []) if (!givenIds.has(item.id)) counts[item.category]++;
  }
  return counts;
}

/** The item to give next, or null when the bank has nothing left this student may get. */
export function nextItem(
  state: ExamState,
  bank: CatBank,
  history: StudentHistory,
  random: Random,
): GivenItem | null {
  const slot: Slot = state.plan.slots[state.given.length] ?? { kind: 'scored' };
  const given = new Set(state.given.map((item) => item.itemId));
  const toGiven = (item: CatItem, role: ItemRole, caseStudyId?: string): GivenItem => ({
    itemId: item.id,
    category: item.category,
    role,
    ...(caseStudyId === undefined ? {} : { caseStudyId }),
    thresholds: item.thresholds,
    locationError: item.locationError,
    score: null,
  });
  if (slot.kind === 'case-study') {
    const study = bank.caseStudies.find((s) => s.id === state.plan.caseStudyIds[slot.caseIndex]);
    const item = study?.items[slot.step];
    if (study && item) return toGiven(item, 'case-study', study.id);
  }
  if (slot.kind === 'pretest') {
    const item = choosePretestItem(bank.items, history, given, random);
    if (item) return toGiven(item, 'pretest');
  }
  const counts = contentCounts(state, bank);
  const item =
    chooseScoredItem(bank.items, history, given, counts, state.estimate.theta, random) ??
    chooseNearItem(
      bank.items.filter((i) => !given.has(i.id) && !history.metInMocks.has(i.id)),
      state.estimate.theta,
      random,
    );
  return item ? toGiven(item, 'scored') : null;
}

/** Records the points the candidate earned on the item just given and re-estimates ability. */
export function recordScore(state: ExamState, item: GivenItem, score: number): ExamState {
  if (!Number.isInteger(score) || score < 0 || score > item.thresholds.length) {
    throw new Error(`A score of ${score} is not possible on ${item.itemId} (0–${item.thresholds.length}).`);
  }
  const given = [...state.given, { ...item, score }];
  const next = { ...state, given };
  return item.role === 'pretest'
    ? next
    : { ...next, estimate: estimateAbility(scoredResponses(next), state.estimate.theta) };
}

/** The rule that ends the exam now (or null), deciding against `cut` (our provisional cut by default). */
export function examOutcome(
  state: ExamState,
  { timeUp = false, cut = PASSING_STANDARD }: { timeUp?: boolean; cut?: number } = {},
): ExamOutcome | null {
  return stopDecision({ itemsAnswered: state.given.length, estimate: state.estimate, cut, timeUp });
}
