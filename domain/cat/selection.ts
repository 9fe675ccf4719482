/**
 * Item selection: which client need comes next (content balancing), then which item of it
 * (the one the candidate has about a 50 % chance on, drawn at random from the nearest few for
 * exposure control), never an item met in an earlier mock, unseen practice items first.
 */
import { CLIENT_NEEDS, type ClientNeed } from '../client-needs';
import type { CatItem, StudentHistory } from './bank';
import { RANDOMESQUE_FRACTION, RANDOMESQUE_MIN } from './constants';
import { itemLocation } from './model';
import { pick, type Random, shuffled } from './random';

/** The share of the exam each client need aims at: the middle of its test-plan range. */
export function targetShare(category: ClientNeed): number {
  const need = CLIENT_NEEDS.find((n) => n.name === category);
  if (!need) throw new Error(`Unknown client need: ${category}`);
  return (need.min + need.max) / 200;
}

export type CategoryCounts = Record<ClientNeed, number>;

export function emptyCounts(): CategoryCounts {
  return Object.fromEntries(CLIENT_NEEDS.map((need) => [need.name, 0])) as CategoryCounts;
}

/**
 * The client need furthest below its target share after one more item: the largest
 * target × (items + 1) − count. `counts` holds the scored items given plus the case-study items
 * already committed to. Only needs with an item left are eligible; ties go to the test plan's order.
 */
export function nextCategory(counts: CategoryCounts, eligible: ReadonlySet<ClientNeed>): ClientNeed | null {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  let best: ClientNeed | null = null;
  let bestDeficit = -Infinity;
  for (const { name } of CLIENT_NEEDS) {
    if (!eligible.has(name)) continue;
    const deficit = targetShare(name) * (total + 1) - counts[name];
    if (deficit > bestDeficit + 1e-12) {
      best = name;
      bestDeficit = deficit;
    }
  }
  return best;
}

/** Items this student may still get: not given in this exam, not met in an earlier mock. */
export function eligibleItems(
  items: readonly CatItem[],
  history: StudentHistory,
  given: ReadonlySet<string>,
): CatItem[] {
  return items.filter((item) => !given.has(item.id) && !history.metInMocks.has(item.id));
}

/** Unseen practice items when there are any, else all of them. */
export function preferUnseen(items: readonly CatItem[], history: StudentHistory): readonly CatItem[] {
  const unseen = items.filter((item) => !history.seenInPractice.has(item.id));
  return unseen.length > 0 ? unseen : items;
}

/** How many of the nearest items the next one is drawn from. */
export function randomesqueSize(candidates: number): number {
  return Math.min(candidates, Math.max(RANDOMESQUE_MIN, Math.ceil(candidates * RANDOMESQUE_FRACTION)));
}

/**
 * The nearest items to the estimate by location (where the chance of a right answer, or of each
 * score point, is about even), ties in random order, then one of the nearest drawn at random.
 */
export function chooseNearItem(
  candidates: readonly CatItem[],
  theta: number,
  random: Random,
): CatItem | null {
  if (candidates.length === 0) return null;
  const byDistance = shuffled(candidates, random)
    .map((item) => ({ item, distance: Math.abs(itemLocation(item.thresholds) - theta) }))
    .sort((a, b) => a.distance - b.distance);
  return pick(byDistance.slice(0, randomesqueSize(byDistance.length)), random).item;
}

/** The next scored stand-alone item: content-balanced, then near the estimate. */
export function chooseScoredItem(
  items: readonly CatItem[],
  history: StudentHistory,
  given: ReadonlySet<string>,
  counts: CategoryCounts,
  theta: number,
  random: Random,
): CatItem | null {
  const eligible = eligibleItems(items, history, given);
  const category = nextCategory(counts, new Set(eligible.map((item) => item.category)));
  if (category === null) return null;
  const inCategory = preferUnseen(
    eligible.filter((item) => item.category === category),
    history,
  );
  return chooseNearItem(inCategory, theta, random);
}

/**
 * A pretest item: at random (its answer is not scored, so its difficulty does not matter to this
 * exam), from the items still on their label prior when there are any — that is how they gather
 * the responses that calibrate them.
 */
export function choosePretestItem(
  items: readonly CatItem[],
  history: StudentHistory,
  given: ReadonlySet<string>,
  random: Random,
): CatItem | null {
  const eligible = preferUnseen(eligibleItems(items, history, given), history);
  if (eligible.length === 0) return null;
  const uncalibrated = eligible.filter((item) => item.source === 'label-prior');
  return pick(uncalibrated.length > 0 ? uncalibrated : eligible, random);
}
