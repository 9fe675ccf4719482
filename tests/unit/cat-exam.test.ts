import { describe, expect, it } from 'vitest';
import { NO_HISTORY, type StudentHistory } from '../../domain/cat/bank';
import { MAX_ITEMS, MIN_ITEMS } from '../../domain/cat/constants';
import {
  type ExamState,
  examOutcome,
  type GivenItem,
  nextItem,
  recordScore,
  startExam,
} from '../../domain/cat/exam';
import { seededRandom } from '../../domain/cat/random';
import type { ExamOutcome } from '../../domain/cat/stop';
import { fixtureBank } from '../support/cat-fixtures';

const bank = fixtureBank();

/** Runs an exam to its end with `answer` giving the points for each item; `timeUpAt` simulates the clock. */
function sit(
  answer: (item: GivenItem, index: number) => number,
  {
    seed = 1,
    history = NO_HISTORY,
    timeUpAt,
  }: { seed?: number; history?: StudentHistory; timeUpAt?: number } = {},
): { exam: ExamState; outcome: ExamOutcome } {
  const random = seededRandom(seed);
  let exam = startExam(bank, history, random);
  for (;;) {
    const timeUp = timeUpAt !== undefined && exam.given.length >= timeUpAt;
    const before = examOutcome(exam, { timeUp });
    if (before) return { exam, outcome: before };
    const item = nextItem(exam, bank, history, random);
    if (!item) throw new Error('the bank ran out');
    exam = recordScore(exam, item, answer(item, exam.given.length));
    const outcome = examOutcome(exam);
    if (outcome) return { exam, outcome };
  }
}

describe('a mock exam through the engine', () => {
  it('every item right ends at exactly 85 items with a pass', () => {
    const { exam, outcome } = sit((item) => item.thresholds.length);
    expect(exam.given).toHaveLength(MIN_ITEMS);
    expect(outcome).toMatchObject({ rule: 'confidence', passed: true });
    expect(outcome.band.lower).toBeGreaterThan(-0.18);
  });

  it('every item wrong ends at exactly 85 items with a fail', () => {
    const { exam, outcome } = sit(() => 0);
    expect(exam.given).toHaveLength(MIN_ITEMS);
    expect(outcome).toMatchObject({ rule: 'confidence', passed: false });
  });

  it('a pattern near the cut goes past 85, up to the maximum length', () => {
    // Right on every item easier than the cut, wrong on every harder one: ability at the cut.
    const { exam, outcome } = sit((item) => item.thresholds.filter((t) => t < -0.18).length);
    expect(exam.given.length).toBeGreaterThan(MIN_ITEMS);
    expect(exam.given.length).toBeLessThanOrEqual(MAX_ITEMS);
    if (exam.given.length === MAX_ITEMS) expect(outcome.rule).toBe('maximum-length');
  });

  it('time running out before 85 fails by the run-out-of-time rule, whatever the answers', () => {
    const { exam, outcome } = sit((item) => item.thresholds.length, { timeUpAt: 40 });
    expect(exam.given).toHaveLength(40);
    expect(outcome).toMatchObject({ rule: 'time', passed: false });
  });

  it('gives 15 pretest items and 3 whole case studies in the first 85, none of them repeated', () => {
    const { exam } = sit((item, index) => (index % 2 === 0 ? item.thresholds.length : 0));
    const first = exam.given.slice(0, MIN_ITEMS);
    expect(first.filter((g) => g.role === 'pretest')).toHaveLength(15);
    const caseItems = first.filter((g) => g.role === 'case-study');
    expect(caseItems).toHaveLength(18);
    expect(new Set(caseItems.map((g) => g.caseStudyId)).size).toBe(3);
    expect(new Set(exam.given.map((g) => g.itemId)).size).toBe(exam.given.length);
  });

  it('does not let pretest answers move the estimate', () => {
    const random = seededRandom(5);
    let exam = startExam(bank, NO_HISTORY, random);
    const pretestAt = exam.plan.slots.findIndex((s) => s.kind === 'pretest');
    for (let i = 0; i < pretestAt; i++) {
      const item = nextItem(exam, bank, NO_HISTORY, random);
      if (item) exam = recordScore(exam, item, i % 2);
    }
    const pretest = nextItem(exam, bank, NO_HISTORY, random);
    expect(pretest?.role).toBe('pretest');
    if (pretest) expect(recordScore(exam, pretest, 1).estimate).toEqual(exam.estimate);
  });

  it('never gives an item or case study met in an earlier mock', () => {
    const first = sit((item, index) => (index % 3 === 0 ? 0 : item.thresholds.length), { seed: 11 });
    const met = new Set(
      first.exam.given.flatMap((g) => [g.itemId, ...(g.caseStudyId ? [g.caseStudyId] : [])]),
    );
    const second = sit((item) => item.thresholds.length, {
      seed: 12,
      history: { metInMocks: met, seenInPractice: new Set() },
    });
    expect(second.exam.given.some((g) => met.has(g.itemId))).toBe(false);
  });

  it('refuses a score the item cannot give', () => {
    const random = seededRandom(1);
    const exam = startExam(bank, NO_HISTORY, random);
    const item = nextItem(exam, bank, NO_HISTORY, random);
    if (!item) throw new Error('no first item');
    expect(() => recordScore(exam, item, 2)).toThrow(/not possible/);
    expect(() => recordScore(exam, item, -1)).toThrow(/not possible/);
  });

  it('keeps its state as plain data that survives JSON', () => {
    const random = seededRandom(1);
    const exam = startExam(bank, NO_HISTORY, random);
    expect(JSON.parse(JSON.stringify(exam))).toEqual(exam);
  });
});
