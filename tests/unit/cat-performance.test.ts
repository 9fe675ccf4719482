import { describe, expect, it } from 'vitest';
import type { GivenItem } from '../../domain/cat/exam';
import { performanceByGroup, performanceLevel } from '../../domain/cat/performance';
import { CLIENT_NEEDS } from '../../domain/client-needs';

let nextId = 0;
const given = (
  category: GivenItem['category'],
  score: number,
  role: GivenItem['role'] = 'scored',
): GivenItem => ({
  itemId: `item-${nextId++}`,
  category,
  role,
  thresholds: [0],
  locationError: 0,
  score,
});

describe('performance report (Below / Near / Above the passing standard)', () => {
  it('rates a band wholly above the cut Above, wholly below Below, otherwise Near', () => {
    expect(performanceLevel({ lower: -0.1, upper: 0.5 }, -0.18)).toBe('above');
    expect(performanceLevel({ lower: -0.9, upper: -0.2 }, -0.18)).toBe('below');
    expect(performanceLevel({ lower: -0.3, upper: 0.2 }, -0.18)).toBe('near');
  });

  it('estimates each group on its own scored items, leaving out pretest items and empty groups', () => {
    const items = [
      // Coordinated Care: 30 right of 30 → far above.
      ...Array.from({ length: 30 }, () => given('Coordinated Care', 1)),
      // Pharmacology: 0 of 30 → far below.
      ...Array.from({ length: 30 }, () => given('Pharmacological Therapies', 0)),
      // Psychosocial: 1 right, 1 wrong at b = 0 → θ = 0, SE √2 → Near.
      given('Psychosocial Integrity', 1),
      given('Psychosocial Integrity', 0),
      // A pretest item counts nowhere.
      given('Basic Care & Comfort', 1, 'pretest'),
    ];
    const rows = performanceByGroup(
      items,
      CLIENT_NEEDS.map((n) => n.name),
      (item) => item.category,
    );
    expect(rows.map((r) => [r.group, r.items, r.level])).toEqual([
      ['Coordinated Care', 30, 'above'],
      ['Psychosocial Integrity', 2, 'near'],
      ['Pharmacological Therapies', 30, 'below'],
    ]);
    expect(rows[1]?.estimate.theta).toBeCloseTo(0, 9);
    expect(rows[1]?.estimate.standardError).toBeCloseTo(Math.SQRT2, 9);
  });
});
