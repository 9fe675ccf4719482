import { describe, expect, it } from 'vitest';
import {
  assignKeys,
  type KeySequenceLimits,
  letterShares,
  meetsKeyLimits,
  nextKeyPredictability,
  seededRandom,
} from '../../scripts/lib/key-sequence.ts';
import type { OptionLetter } from '../../scripts/lib/question-bank.ts';

const LIMITS: KeySequenceLimits = { context: 3, predictabilityMax: 40, shareMin: 20, shareMax: 30 };

function keys(text: string): OptionLetter[] {
  return [...text] as OptionLetter[];
}

describe('nextKeyPredictability', () => {
  it('finds block-cycled keys fully predictable even though each letter has 25 %', () => {
    const cycled = keys('CABD'.repeat(12));
    expect(letterShares(cycled)).toEqual({ A: 25, B: 25, C: 25, D: 25 });
    expect(nextKeyPredictability(cycled)).toBe(100);
  });

  it('scores a shuffled sequence near chance (25 %) and never counts a position as its own evidence', () => {
    const random = seededRandom('shuffled');
    const sample = Array.from({ length: 400 }, () => 'ABCD'[Math.floor(random() * 4)]).join('');
    expect(nextKeyPredictability(keys(sample))).toBeGreaterThan(15);
    expect(nextKeyPredictability(keys(sample))).toBeLessThan(35);
    // Every context appears once: nothing to learn from, so every guess is a chance guess.
    expect(nextKeyPredictability(keys('ABCDDCBA'))).toBe(25);
  });

  it('is 0 for a sequence no longer than the context', () => {
    expect(nextKeyPredictability(keys('ABC'))).toBe(0);
  });
});

describe('assignKeys', () => {
  it('balances a file and keeps it unpredictable, the same way for the same seed', () => {
    const slots = Array<OptionLetter | null>(86).fill(null);
    const first = assignKeys(slots, 'coordinated-care.json', LIMITS);
    expect(assignKeys(slots, 'coordinated-care.json', LIMITS)).toEqual(first);
    expect(assignKeys(slots, 'another seed', LIMITS)).not.toEqual(first);
    expect(meetsKeyLimits(first, LIMITS)).toBe(true);
    const shares = Object.values(letterShares(first));
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThan(2.5); // 22 + 22 + 21 + 21
  });

  it('keeps fixed slots and fills the free ones towards balance', () => {
    const fixed = keys('AAAAAAAAAA'); // ten A already in the file
    const slots: Array<OptionLetter | null> = [...fixed, ...Array<null>(30).fill(null)];
    const assigned = assignKeys(slots, 'append', LIMITS);
    expect(assigned.slice(0, 10)).toEqual(fixed);
    const added = assigned.slice(10);
    expect(added.filter((key) => key === 'A')).toHaveLength(0);
    expect(letterShares(assigned)).toEqual({ A: 25, B: 25, C: 25, D: 25 });
  });

  it('returns the least predictable draw when the fixed slots make the limits unreachable', () => {
    const slots: Array<OptionLetter | null> = [...keys('CABD'.repeat(20)), null, null];
    const assigned = assignKeys(slots, 'stuck', LIMITS, 50);
    expect(assigned.slice(0, 80)).toEqual(slots.slice(0, 80));
    expect(meetsKeyLimits(assigned, LIMITS)).toBe(false);
  });
});
