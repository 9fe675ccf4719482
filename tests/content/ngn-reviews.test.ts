// The NGN bank's review checks and statistics (scripts/lib/ngn-bank.ts) on small synthetic banks:
// every item (standalone or in a case study) needs a record in the review file of its bank file,
// not dropped, whose cold answer is a response to the item scored with the item's own rule.
import { describe, expect, it } from 'vitest';
import { ngnFileSchema } from '../../domain/ngn-items.ts';
import {
  formatNgnStats,
  type NgnBankFile,
  type NgnReviewSet,
  ngnStats,
  validateNgnBank,
} from '../../scripts/lib/ngn-bank.ts';
import {
  bowTie,
  caseReviews,
  caseStudy,
  dragAndDrop,
  dropDown,
  highlight,
  keyResponse,
  matrix,
  reviewOf,
  sata,
  selectTwo,
} from './fixtures/ngn-fixtures.ts';

const parse = (name: string, data: unknown): NgnBankFile => ({ name, ...ngnFileSchema.parse(data) });

function setUp() {
  const standalone = [
    sata('ngn-mr-001', 'recognize-cues', { trend: true }),
    selectTwo('ngn-mr-002', 'take-action', { difficulty: 'easy', setting: 'community' }),
    matrix('ngn-mx-001'),
    dropDown('ngn-dd-001'),
    dragAndDrop('ngn-dg-001', 'generate-solutions', { difficulty: 'hard' }),
    highlight('ngn-hl-001'),
    bowTie('ngn-bt-001', 'take-action', { category: 'Coordinated Care' }),
  ];
  const study = caseStudy('ngn-cs-01', { trend: false });
  const files = [parse('standalone.json', { items: standalone }), parse('cases.json', { cases: [study] })];
  const reviews: NgnReviewSet = {
    'standalone.json': { reviewer: 'second reviewer', reviews: standalone.map((item) => reviewOf(item)) },
    'cases.json': { reviewer: 'second reviewer', reviews: caseReviews(study) },
  };
  return { standalone, study, files, reviews };
}

function records(reviews: NgnReviewSet, file: string) {
  const found = reviews[file];
  if (!found) throw new Error(`no review file ${file}`);
  return found.reviews;
}

function record(reviews: NgnReviewSet, file: string, id: string) {
  const found = records(reviews, file).find((r) => r.id === id);
  if (!found) throw new Error(`no record ${id}`);
  return found;
}

describe('validateNgnBank', () => {
  it('accepts a bank whose every item has a passing record', () => {
    const { files, reviews } = setUp();
    expect(validateNgnBank(files, { reviews }).errors).toEqual([]);
  });

  it('needs a record for every standalone item and every case-study item', () => {
    const { files, reviews } = setUp();
    const list = records(reviews, 'cases.json');
    list.splice(
      list.findIndex((r) => r.id === 'ngn-cs-01-4'),
      1,
    );
    records(reviews, 'standalone.json').shift();
    expect(validateNgnBank(files, { reviews }).errors).toEqual([
      'ngn-mr-001: [review-missing] no review record in reviews/standalone.json',
      'ngn-cs-01-4: [review-missing] no review record in reviews/cases.json',
    ]);
    expect(validateNgnBank(files, { reviews: {} }).errors).toHaveLength(13);
  });

  it('refuses a dropped item in the bank', () => {
    const { files, reviews } = setUp();
    record(reviews, 'cases.json', 'ngn-cs-01-2').verdict = 'dropped';
    expect(validateNgnBank(files, { reviews }).errors).toEqual([
      'ngn-cs-01-2: [review-dropped] the review dropped this item; remove it from the bank',
    ]);
  });

  it('refuses a cold answer that is not a response to the item', () => {
    const { files, reviews } = setUp();
    record(reviews, 'standalone.json', 'ngn-mr-002').reviewer_answer = { options: ['a', 'b', 'c'] };
    record(reviews, 'standalone.json', 'ngn-mx-001').reviewer_answer = { r1: ['c3'] };
    record(reviews, 'standalone.json', 'ngn-dd-001').reviewer_answer = { '3': ['a'] };
    (record(reviews, 'standalone.json', 'ngn-hl-001') as { reviewer_answer: unknown }).reviewer_answer = 'B';
    expect(validateNgnBank(files, { reviews }).errors).toEqual([
      'ngn-mr-002: [review-answer] reviewer_answer is not a response to this item: Part "options" takes at most 2 choices.',
      'ngn-mx-001: [review-answer] reviewer_answer is not a response to this item: Unknown choice "c3" in part "r1".',
      'ngn-dd-001: [review-answer] reviewer_answer is not a response to this item: Unknown part "3".',
      'ngn-hl-001: [review-answer] reviewer_answer must be a response: { "<part id>": ["<choice id>", ...] }',
    ]);
  });

  it('scores the cold answer with the item rule and refuses points that disagree', () => {
    const { files, reviews } = setUp();
    // +/-: two right, one wrong → 1 of 2.
    Object.assign(record(reviews, 'standalone.json', 'ngn-mr-001'), {
      reviewer_answer: { options: ['a', 'b', 'c'] },
      cold_points: 1,
      max_points: 2,
      verdict: 'fixed',
    });
    // triad: groups 1 and 2 right, 3 wrong → 1 of 2.
    Object.assign(record(reviews, 'standalone.json', 'ngn-dg-001'), {
      reviewer_answer: { '1': ['a'], '2': ['b'], '3': ['d'] },
      cold_points: 2,
      max_points: 2,
      verdict: 'fixed',
    });
    // dyad: one blank wrong → 0 of 1; the record claims 1 of 2.
    Object.assign(record(reviews, 'standalone.json', 'ngn-dd-001'), {
      reviewer_answer: { '1': ['a'], '2': ['a'] },
      cold_points: 1,
      max_points: 2,
      verdict: 'fixed',
    });
    expect(validateNgnBank(files, { reviews }).errors).toEqual([
      "ngn-dd-001: [review-points] the record says 1 of 2 points; the cold answer scores 0 of 1 under the item's dyad rule",
      "ngn-dg-001: [review-points] the record says 2 of 2 points; the cold answer scores 1 of 2 under the item's triad rule",
    ]);
  });

  it('allows "agree" only with full points', () => {
    const { files, reviews } = setUp();
    const answer = { ...keyResponse(files[0]?.items[6]), parameters: ['c', 'e'] };
    const partial = { ...reviewOf(files[0]?.items[6], 'agree', answer) };
    expect(partial).toMatchObject({ cold_points: 4, max_points: 5 });
    Object.assign(record(reviews, 'standalone.json', 'ngn-bt-001'), partial);
    expect(validateNgnBank(files, { reviews }).errors).toEqual([
      'ngn-bt-001: [review-agree] "agree" with a cold answer of 4 of 5 points; a reviewer who missed points records "fixed" (what changed) or "dropped"',
    ]);
    record(reviews, 'standalone.json', 'ngn-bt-001').verdict = 'fixed';
    expect(validateNgnBank(files, { reviews }).errors).toEqual([]);
  });

  it('wants each record in the review file of its bank file, once, and no orphans', () => {
    const { files, reviews } = setUp();
    const moved = records(reviews, 'standalone.json').pop();
    if (moved) records(reviews, 'cases.json').push(moved);
    records(reviews, 'cases.json').push(
      reviewOf(sata('ngn-mr-099')),
      reviewOf(sata('ngn-mr-098'), 'dropped'),
    );
    const first = records(reviews, 'cases.json')[0];
    if (first) records(reviews, 'cases.json').push({ ...first });
    reviews['extra.json'] = { reviewer: '', reviews: [] };
    expect(validateNgnBank(files, { reviews }).errors).toEqual([
      '[review-file] reviews/cases.json: ngn-cs-01-1 is reviewed twice',
      '[review-file] reviews/extra.json: "reviewer" is missing',
      'ngn-bt-001: [review-file] the review record is in reviews/cases.json, not reviews/standalone.json',
      'ngn-mr-099: [review-orphan] reviews/cases.json has a "agree" review for an item that is not in the bank',
    ]);
  });
});

describe('ngnStats and formatNgnStats', () => {
  it('counts types (select all / select N), trend items, steps, categories, settings, difficulty and reviews', () => {
    const { files, reviews } = setUp();
    Object.assign(record(reviews, 'standalone.json', 'ngn-mr-001'), {
      reviewer_answer: { options: ['a', 'b', 'c'] },
      cold_points: 1,
      verdict: 'fixed',
    });
    records(reviews, 'cases.json').pop();
    const { stats } = validateNgnBank(files, { reviews });
    expect(stats).toMatchObject({ total: 13, standalone: 7, cases: 1, caseItems: 6 });
    expect(stats.types).toEqual({
      'multiple-response, select all': { standalone: 1, inCases: 6 },
      'multiple-response, select N': { standalone: 1, inCases: 0 },
      matrix: { standalone: 1, inCases: 0 },
      'drop-down': { standalone: 1, inCases: 0 },
      'drag-and-drop': { standalone: 1, inCases: 0 },
      highlight: { standalone: 1, inCases: 0 },
      'bow-tie': { standalone: 1, inCases: 0 },
    });
    expect(stats.trend).toEqual({ standalone: 1, inCases: 0 });
    expect(stats.steps['take-action']).toEqual({ standalone: 2, inCases: 1 });
    expect(stats.steps['evaluate-outcomes']).toEqual({ standalone: 0, inCases: 1 });
    expect(stats.categories['Physiological Adaptation']?.count).toBe(6);
    expect(stats.categories['Coordinated Care']?.count).toBe(1);
    expect(stats.categories['Health Promotion & Maintenance']?.count).toBe(6);
    expect(stats.settings).toMatchObject({
      'med-surg': { count: 6 },
      maternity: { count: 6 },
      community: { count: 1 },
    });
    expect(stats.difficulty).toMatchObject({ easy: { count: 1 }, medium: { count: 11 }, hard: { count: 1 } });
    expect(stats.rules).toEqual({ '0/1': 3, '+/-': 8, dyad: 1, triad: 1 });
    // 12 reviewed items: 2 + 2 + 3 + 1 + 2 + 2 + 5 standalone and 5 × 2 in the case = 27 points possible.
    expect(stats.reviews).toEqual({ agree: 11, fixed: 1, missing: 1, coldPoints: 26, maxPoints: 27 });
    // Records count wherever they are for the figures (the checks say where they belong).
    expect(ngnStats({ items: files[0]?.items ?? [], cases: [] }, reviews).reviews.missing).toBe(0);

    const text = formatNgnStats(stats);
    expect(text.split('\n')[0]).toBe(
      'Clinical-judgment (NGN) bank: 13 items (7 standalone; 1 case studies with 6 items)',
    );
    expect(text).toMatch(/^multiple-response, select all +1 +6 +7$/m);
    expect(text).toMatch(/^multiple-response, select N +1 +0 +1$/m);
    expect(text).toMatch(/^ {2}of which trend items +1 +0 +1$/m);
    expect(text).toMatch(/^take-action +2 +1 +3$/m);
    expect(text).toMatch(/^Health Promotion & Maintenance +6 +46\.2 % +6–12 %$/m);
    expect(text).toContain('Setting: med-surg 6 (46.2 %), maternity 6 (46.2 %), paediatrics 0 (0.0 %)');
    expect(text).toContain('Difficulty: easy 1 (7.7 %), medium 11 (84.6 %), hard 1 (7.7 %)');
    expect(text).toContain('Scoring rules: 0/1 3, +/- 8, dyad 1, triad 1');
    expect(text).toContain(
      'Reviews: 11 agree, 1 fixed, 1 missing; cold answers scored 26 of 27 points (96.3 %)',
    );
  });

  it('says only the count for an empty bank', () => {
    expect(formatNgnStats(ngnStats({ items: [], cases: [] }, {}))).toBe(
      'Clinical-judgment (NGN) bank: 0 items (0 standalone; 0 case studies with 0 items)',
    );
  });
});
