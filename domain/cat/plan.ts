/**
 * The exam plan, fixed when an exam starts: what kind of item fills each of the 150 positions and
 * which three case studies the candidate will get.
 *
 * - Positions 1–10: scored stand-alone items (the estimate moves before the first case study).
 * - Positions 11–85: the 15 unscored pretest items, the 3 case studies (6 consecutive items each)
 *   and 42 scored stand-alone items, in random order. Everything unscored and every case study
 *   falls inside the minimum length, so every candidate who reaches 85 items has met all of them,
 *   and 85 items are exactly 70 scored + 15 pretest. Nothing tells the candidate which are pretest.
 * - Positions 86–150: scored stand-alone items.
 *
 * Case studies are drawn at random (not adaptively): with a bank of 15 and 3 per exam, random
 * choice is what keeps each one below a quarter of exams. They are chosen at the start so content
 * balancing can count their items before they are given.
 */
import { CLIENT_NEEDS, type ClientNeed } from '../client-needs';
import type { CatBank, CatCaseStudy, StudentHistory } from './bank';
import {
  CASE_STUDIES_PER_EXAM,
  ITEMS_PER_CASE_STUDY,
  MAX_ITEMS,
  MIN_ITEMS,
  PRETEST_ITEMS,
  STANDALONE_LEAD_IN,
} from './constants';
import { type Random, shuffled } from './random';

export type Slot =
  | { kind: 'scored' }
  | { kind: 'pretest' }
  | { kind: 'case-study'; caseIndex: number; step: number };

export interface ExamPlan {
  /** One slot per position, MAX_ITEMS long. */
  slots: Slot[];
  /** The case studies of this exam, in the order they are given. */
  caseStudyIds: string[];
}

/**
 * How many items of a client need the case studies may bring at most: the need's maximum share of
 * the scored items of the shortest exam. Case-study items are committed before any stand-alone item
 * is chosen, so three studies heavy in one need (say 11 Reduction of Risk Potential items of 70,
 * above its 15 %) would push every exam that ends at 85 out of the test plan's range.
 */
export function caseStudyCap(need: (typeof CLIENT_NEEDS)[number]): number {
  return Math.floor((need.max * (MIN_ITEMS - PRETEST_ITEMS)) / 100);
}

/**
 * Case studies the student may get: not met in an earlier mock, unseen in practice first, in random
 * order, skipping a study whose items would take a client need past its cap together with those
 * already chosen (when no combination fits, the first studies in that order are taken as they come).
 */
export function chooseCaseStudies(bank: CatBank, history: StudentHistory, random: Random): CatCaseStudy[] {
  const allowed = bank.caseStudies.filter((study) => !history.metInMocks.has(study.id));
  const seenInPractice = (study: CatCaseStudy) => study.items.some((i) => history.seenInPractice.has(i.id));
  const unseen = shuffled(
    allowed.filter((study) => !seenInPractice(study)),
    random,
  );
  const seen = shuffled(allowed.filter(seenInPractice), random);
  const candidates = [...unseen, ...seen];
  const counts = new Map<ClientNeed, number>();
  const fits = (study: CatCaseStudy) =>
    CLIENT_NEEDS.every(
      (need) =>
        (counts.get(need.name) ?? 0) + study.items.filter((item) => item.category === need.name).length <=
        caseStudyCap(need),
    );
  const chosen: CatCaseStudy[] = [];
  for (const study of candidates) {
    if (chosen.length === CASE_STUDIES_PER_EXAM) break;
    if (!fits(study)) continue;
    chosen.push(study);
    for (const item of study.items) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  }
  if (chosen.length < CASE_STUDIES_PER_EXAM) {
    const rest = candidates.filter((study) => !chosen.includes(study));
    chosen.push(...rest.slice(0, CASE_STUDIES_PER_EXAM - chosen.length));
  }
  return chosen;
}

/**
 * Lays out the positions. With fewer case studies available than CASE_STUDIES_PER_EXAM (a student
 * who has met the rest in earlier mocks), the missing ones become scored stand-alone items.
 */
export function planExam(caseStudyIds: readonly string[], random: Random): ExamPlan {
  type Unit = Slot[];
  const caseBlocks: Unit[] = caseStudyIds.map((_, caseIndex) =>
    Array.from({ length: ITEMS_PER_CASE_STUDY }, (_, step) => ({ kind: 'case-study', caseIndex, step })),
  );
  const middleLength = MIN_ITEMS - STANDALONE_LEAD_IN;
  const scoredSingles = middleLength - PRETEST_ITEMS - caseBlocks.length * ITEMS_PER_CASE_STUDY;
  const units: Unit[] = [
    ...caseBlocks,
    ...Array.from({ length: PRETEST_ITEMS }, (): Unit => [{ kind: 'pretest' }]),
    ...Array.from({ length: scoredSingles }, (): Unit => [{ kind: 'scored' }]),
  ];
  const slots: Slot[] = [
    ...Array.from({ length: STANDALONE_LEAD_IN }, (): Slot => ({ kind: 'scored' })),
    ...shuffled(units, random).flat(),
    ...Array.from({ length: MAX_ITEMS - MIN_ITEMS }, (): Slot => ({ kind: 'scored' })),
  ];
  // Case blocks keep their order (case 0 before case 1) so the plan's ids match the order given.
  let nextCase = 0;
  const caseOrder = new Map<number, number>();
  const ordered = slots.map((slot): Slot => {
    if (slot.kind !== 'case-study') return slot;
    if (!caseOrder.has(slot.caseIndex)) caseOrder.set(slot.caseIndex, nextCase++);
    return { ...slot, caseIndex: caseOrder.get(slot.caseIndex) ?? 0 };
  });
  return { slots: ordered, caseStudyIds: [...caseStudyIds] };
}
