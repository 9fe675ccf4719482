import { describe, expect, it } from 'vitest';
import { type CatCaseStudy, NO_HISTORY } from '../../domain/cat/bank';
import { MAX_ITEMS, MIN_ITEMS, STANDALONE_LEAD_IN } from '../../domain/cat/constants';
import { caseStudyCap, chooseCaseStudies, planExam } from '../../domain/cat/plan';
import { seededRandom } from '../../domain/cat/random';
import { CLIENT_NEEDS, type ClientNeed } from '../../domain/client-needs';
import { fixtureBank } from '../support/cat-fixtures';

describe('exam plan', () => {
  const plans = Array.from({ length: 50 }, (_, seed) => planExam(['a', 'b', 'c'], seededRandom(seed)));

  it('lays out 150 positions: 85 hold exactly 70 scored and 15 pretest items, the rest are scored', () => {
    for (const plan of plans) {
      expect(plan.slots).toHaveLength(MAX_ITEMS);
      const firstMinimum = plan.slots.slice(0, MIN_ITEMS);
      expect(firstMinimum.filter((s) => s.kind === 'pretest')).toHaveLength(15);
      expect(firstMinimum.filter((s) => s.kind !== 'pretest')).toHaveLength(70);
      expect(plan.slots.slice(MIN_ITEMS).every((s) => s.kind === 'scored')).toBe(true);
    }
  });

  it('opens with scored stand-alone items', () => {
    for (const plan of plans) {
      expect(plan.slots.slice(0, STANDALONE_LEAD_IN).every((s) => s.kind === 'scored')).toBe(true);
    }
  });

  it('gives the three case studies inside the minimum length, six consecutive steps each, in order', () => {
    for (const plan of plans) {
      const steps = plan.slots.flatMap((slot, position) =>
        slot.kind === 'case-study' ? [{ position, caseIndex: slot.caseIndex, step: slot.step }] : [],
      );
      expect(steps).toHaveLength(18);
      expect(steps.every((s) => s.position < MIN_ITEMS)).toBe(true);
      for (let c = 0; c < 3; c++) {
        const own = steps.filter((s) => s.caseIndex === c);
        expect(own.map((s) => s.step)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(own.map((s) => s.position - (own[0]?.position ?? 0))).toEqual([0, 1, 2, 3, 4, 5]);
      }
      const starts = [0, 1, 2].map((c) => steps.find((s) => s.caseIndex === c)?.position ?? -1);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    }
  });

  it('puts pretest items in different places in different exams', () => {
    const where = new Set(plans.map((plan) => plan.slots.findIndex((s) => s.kind === 'pretest')));
    expect(where.size).toBeGreaterThan(5);
  });

  it('chooses case studies never met in an earlier mock, unseen in practice first', () => {
    const bank = fixtureBank();
    const history = { metInMocks: new Set(['case-0', 'case-1']), seenInPractice: new Set(['case-2-3']) };
    for (let seed = 0; seed < 20; seed++) {
      const chosen = chooseCaseStudies(bank, history, seededRandom(seed)).map((s) => s.id);
      expect(chosen).toHaveLength(3);
      expect(chosen).not.toContain('case-0');
      expect(chosen).not.toContain('case-1');
      expect(chosen.slice(0, 2).sort()).toEqual(['case-3', 'case-4']);
    }
    expect(chooseCaseStudies(bank, NO_HISTORY, seededRandom(1))).toHaveLength(3);
  });

  it('never lets the three case studies take a client need past its share of the shortest exam', () => {
    // Five studies of five Reduction of Risk Potential items each: any two together (10 of 70 scored
    // items) stay within its 15 %, any three (15) would not; the rest of the bank is spread out.
    const rrp: ClientNeed = 'Reduction of Risk Potential';
    const rrpCap = caseStudyCap(CLIENT_NEEDS.find((need) => need.name === rrp) ?? CLIENT_NEEDS[0]);
    expect(rrpCap).toBe(10);
    const bank = fixtureBank();
    const heavy = bank.caseStudies.map(
      (study): CatCaseStudy => ({
        ...study,
        items: study.items.map((item, i) => ({
          ...item,
          category: i < 5 ? rrp : 'Basic Care & Comfort',
        })),
      }),
    );
    for (let seed = 0; seed < 20; seed++) {
      const chosen = chooseCaseStudies({ ...bank, caseStudies: heavy }, NO_HISTORY, seededRandom(seed));
      expect(chosen).toHaveLength(3);
      const rrpItems = chosen.flatMap((study) => study.items).filter((item) => item.category === rrp);
      // No combination fits, so the third study is taken as it comes: still three case studies.
      expect(rrpItems.length).toBe(15);
    }
    const light = heavy.map(
      (study, index): CatCaseStudy =>
        index < 2
          ? study
          : {
              ...study,
              items: study.items.map((item) => ({ ...item, category: 'Coordinated Care' })),
            },
    );
    for (let seed = 0; seed < 20; seed++) {
      const chosen = chooseCaseStudies({ ...bank, caseStudies: light }, NO_HISTORY, seededRandom(seed));
      const rrpItems = chosen.flatMap((study) => study.items).filter((item) => item.category === rrp);
      expect(rrpItems.length).toBeLessThanOrEqual(rrpCap);
    }
  });
});
