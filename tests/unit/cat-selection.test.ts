import { describe, expect, it } from 'vitest';
import type { CatItem } from '../../domain/cat/bank';
import { NO_HISTORY } from '../../domain/cat/bank';
import { seededRandom } from '../../domain/cat/random';
import {
  chooseNearItem,
  choosePretestItem,
  chooseScoredItem,
  emptyCounts,
  nextCategory,
  randomesqueSize,
  targetShare,
} from '../../domain/cat/selection';
import { CLIENT_NEEDS } from '../../domain/client-needs';
import { fixtureBank } from '../support/cat-fixtures';

const all = new Set(CLIENT_NEEDS.map((n) => n.name));

describe('content balancing', () => {
  it('aims every client need at the middle of its test-plan range; the targets add up to 100 %', () => {
    expect(targetShare('Coordinated Care')).toBeCloseTo(0.21, 12);
    expect(targetShare('Health Promotion & Maintenance')).toBeCloseTo(0.09, 12);
    expect(CLIENT_NEEDS.reduce((sum, n) => sum + targetShare(n.name), 0)).toBeCloseTo(1, 12);
  });

  it('picks the need furthest below its target after one more item', () => {
    // Empty exam: target × 1 is largest for Coordinated Care (0.21).
    expect(nextCategory(emptyCounts(), all)).toBe('Coordinated Care');
    // One Coordinated Care item: 0.21 × 2 − 1 < 0; Safety (0.13 × 2 = 0.26) ties Pharmacology and
    // comes first in the test plan.
    expect(nextCategory({ ...emptyCounts(), 'Coordinated Care': 1 }, all)).toBe('Safety & Infection Control');
    // 10 items, Psychosocial at 0 of its 12 %: 0.12 × 11 = 1.32 is the largest deficit.
    const counts = {
      ...emptyCounts(),
      'Coordinated Care': 3,
      'Safety & Infection Control': 2,
      'Pharmacological Therapies': 2,
      'Reduction of Risk Potential': 1,
      'Basic Care & Comfort': 1,
      'Physiological Adaptation': 1,
    };
    expect(nextCategory(counts, all)).toBe('Psychosocial Integrity');
    expect(nextCategory(counts, new Set(['Coordinated Care']))).toBe('Coordinated Care');
    expect(nextCategory(counts, new Set())).toBeNull();
  });
});

describe('choosing the item', () => {
  const near = (distance: number): CatItem => ({
    id: `d${distance}`,
    category: 'Coordinated Care',
    thresholds: [0.5 + distance],
    source: 'calibrated',
    locationError: 0,
  });

  it('draws from the nearest quarter of the candidates, at least 5', () => {
    expect(randomesqueSize(3)).toBe(3);
    expect(randomesqueSize(8)).toBe(5);
    expect(randomesqueSize(100)).toBe(25);
  });

  it('takes only items near the estimate (about an even chance), at random among them', () => {
    const items = [0.05, -0.1, 0.2, -0.3, 0.35, 1.5, -2, 2.5].map(near);
    const random = seededRandom(9);
    const drawn = new Set(Array.from({ length: 400 }, () => chooseNearItem(items, 0.5, random)?.id));
    expect([...drawn].sort()).toEqual(['d-0.1', 'd-0.3', 'd0.05', 'd0.2', 'd0.35']);
  });

  it('never gives an item given already or met in an earlier mock, and prefers unseen practice items', () => {
    const bank = fixtureBank();
    const history = {
      metInMocks: new Set(['cc-10', 'cc-11', 'cc-12']),
      seenInPractice: new Set(['cc-13', 'cc-14']),
    };
    const random = seededRandom(4);
    for (let i = 0; i < 300; i++) {
      const item = chooseScoredItem(bank.items, history, new Set(['cc-9']), emptyCounts(), 0, random);
      expect(item?.category).toBe('Coordinated Care');
      expect(['cc-9', 'cc-10', 'cc-11', 'cc-12', 'cc-13', 'cc-14']).not.toContain(item?.id);
    }
  });

  it('falls back to practice-seen items when nothing unseen is left', () => {
    const bank = fixtureBank();
    const ccIds = bank.items.filter((i) => i.category === 'Coordinated Care').map((i) => i.id);
    const history = { metInMocks: new Set<string>(), seenInPractice: new Set(ccIds) };
    const item = chooseScoredItem(bank.items, history, new Set(), emptyCounts(), 0, seededRandom(1));
    expect(item?.category).toBe('Coordinated Care');
  });

  it('gives pretest items from those still on their label prior', () => {
    const bank = fixtureBank();
    const random = seededRandom(2);
    for (let i = 0; i < 200; i++) {
      expect(choosePretestItem(bank.items, NO_HISTORY, new Set(), random)?.source).toBe('label-prior');
    }
  });
});
