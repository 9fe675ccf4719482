// The cold review round trip (scripts/lib/cold-review.ts): the packet carries no key, rationale,
// correct flag or scoring hint; a cold answer becomes an `agree` record only with full points and
// no blocking note; anything else is listed to fix or drop and gets no record, so the merge leaves
// it in the drafts; an agreed revision of a bank item gets its re-review line.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyColdAnswers,
  coldPacket,
  PACKET_FILES,
  type ReviewPaths,
} from '../../scripts/lib/cold-review.ts';

let root: string;
let paths: ReviewPaths;

const write = (path: string, data: unknown) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
};
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

const classic = (id: string, answer: string) => ({
  id,
  difficulty: 'medium',
  topic: `topic ${id}`,
  stem: `A PN cares for a client in scenario ${id}. Which action should the PN take?`,
  options: { A: 'Option A text', B: 'Option B text', C: 'Option C text', D: 'Option D text' },
  answer,
  rationale: `${answer} is correct because of the secret rationale.`,
});

const sata = (id: string) => ({
  id,
  type: 'multiple-response',
  category: 'Physiological Adaptation',
  step: 'recognize-cues',
  setting: 'med-surg',
  difficulty: 'medium',
  topic: `topic ${id}`,
  stem: 'Which findings require follow-up? Select all that apply.',
  rationale: 'The secret rationale explains every choice: a and b require follow-up, c, d and e do not.',
  select: 'all',
  options: ['a', 'b', 'c', 'd', 'e'].map((o) => ({
    id: o,
    text: `Finding ${o}`,
    correct: o === 'a' || o === 'b',
  })),
});

const header = { reviewer: 'first reviewer', reviewed_at: '2026-11-20', method: 'cold' };

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cold-review-'));
  const q = (p: string) => join(root, p);
  paths = {
    bank: q('bank/'),
    bankReviews: q('bank/reviews/'),
    drafts: q('drafts/'),
    draftReviews: q('drafts/reviews/'),
    ngnBank: q('ngn/'),
    ngnBankReviews: q('ngn/reviews/'),
    ngnDrafts: q('ngn/drafts/'),
    ngnDraftReviews: q('ngn/drafts/reviews/'),
  };
  write(q('bank/coordinated-care.json'), { category: 'Coordinated Care', items: [classic('cc-001', 'B')] });
  write(q('bank/reviews/coordinated-care.json'), {
    ...header,
    reviews: [
      {
        id: 'cc-001',
        reviewer_answer: 'B',
        verdict: 'agree',
        note: '2026-11-28 revision: options reworded.',
      },
    ],
  });
  write(q('drafts/coordinated-care.json'), {
    category: 'Coordinated Care',
    items: [classic('cc-002', 'C'), classic('cc-003', 'A'), classic('cc-004', 'D')],
  });
  write(q('drafts/reviews/coordinated-care.json'), { ...header, reviews: [] });
  write(q('ngn/standalone.json'), { items: [sata('ngn-mr-001')], cases: [] });
  write(q('ngn/reviews/standalone.json'), {
    ...header,
    reviews: [
      {
        id: 'ngn-mr-001',
        reviewer_answer: { options: ['a', 'b'] },
        cold_points: 2,
        max_points: 2,
        verdict: 'agree',
      },
    ],
  });
  write(q('ngn/drafts/standalone.json'), { items: [sata('ngn-mr-002'), sata('ngn-mr-003')], cases: [] });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the cold review packet', () => {
  it('holds every unreviewed draft and every revised item, with nothing that tells the key', () => {
    const out = join(root, 'packet');
    const counts = coldPacket(out, ['cc-001', 'ngn-mr-001'], paths);
    expect(counts).toEqual({
      [PACKET_FILES.classicNew]: 3,
      [PACKET_FILES.ngnNew]: 2,
      [PACKET_FILES.classicChanged]: 1,
      [PACKET_FILES.ngnChanged]: 1,
    });
    for (const name of Object.values(PACKET_FILES)) {
      const text = readFileSync(join(out, name), 'utf8');
      expect(text).not.toMatch(/"(answer|correct|rationale|scoring|answers|difficulty|topic|step)"/);
      expect(text).not.toMatch(/secret rationale/);
    }
    expect(read(join(out, PACKET_FILES.ngnNew)).items[0].options[0]).toEqual({ id: 'a', text: 'Finding a' });
  });
});

describe('cold answers to review records', () => {
  it('agrees only with full points and no blocking note, and lists the rest to fix or drop', () => {
    const answers = join(root, 'answers');
    write(join(answers, PACKET_FILES.classicNew), {
      items: [
        { id: 'cc-002', reviewer_answer: 'C', notes: '' },
        { id: 'cc-003', reviewer_answer: 'B', notes: 'A and B both defensible' },
        { id: 'cc-004', reviewer_answer: 'D', notes: 'stem gives away the key', blocking: true },
      ],
    });
    write(join(answers, PACKET_FILES.ngnNew), {
      items: [
        { id: 'ngn-mr-002', reviewer_answer: { options: ['a', 'b'] }, notes: 'clear' },
        { id: 'ngn-mr-003', reviewer_answer: { options: ['a', 'c'] } },
      ],
    });
    write(join(answers, PACKET_FILES.classicChanged), { items: [{ id: 'cc-001', reviewer_answer: 'B' }] });
    const result = applyColdAnswers(
      answers,
      ['cc-001', 'ngn-mr-001'],
      { reviewer: 'cold reviewer', date: '2026-11-29' },
      paths,
    );

    expect(result.agreed.sort()).toEqual(['cc-001', 'cc-002', 'ngn-mr-002']);
    expect(result.followUp.map((v) => [v.id, v.reason])).toEqual([
      ['cc-003', 'cold answer B, key A'],
      ['cc-004', 'blocking note: stem gives away the key'],
      ['ngn-mr-003', 'cold answer scored 0 of 2'],
    ]);
    expect(result.unanswered).toEqual(['ngn-mr-001']);

    const draftRecords = read(join(paths.draftReviews, 'coordinated-care.json')).reviews;
    expect(draftRecords).toEqual([{ id: 'cc-002', reviewer_answer: 'C', verdict: 'agree', note: '' }]);
    const ngnRecords = read(join(paths.ngnDraftReviews, 'standalone.json'));
    expect(ngnRecords.reviewer).toBe('cold reviewer');
    expect(ngnRecords.reviews).toEqual([
      {
        id: 'ngn-mr-002',
        reviewer_answer: { options: ['a', 'b'] },
        cold_points: 2,
        max_points: 2,
        verdict: 'agree',
        note: "Reviewer's note: clear",
      },
    ]);
    const bankRecord = read(join(paths.bankReviews, 'coordinated-care.json')).reviews[0];
    expect(bankRecord.note).toBe(
      '2026-11-28 revision: options reworded. Re-review 2026-11-29 (cold answer B): agree.',
    );
  });

  it('re-reviews a revised draft that already has a record, noting it in the drafts review file', () => {
    // A case-study item revised while its case waits in the drafts keeps its record and is answered
    // cold again, like a revised bank item.
    write(join(paths.ngnDraftReviews, 'standalone.json'), {
      ...header,
      reviews: [
        {
          id: 'ngn-mr-002',
          reviewer_answer: { options: ['a', 'b'] },
          cold_points: 2,
          max_points: 2,
          verdict: 'agree',
          note: '2026-11-28 revision: exhibit order added.',
        },
      ],
    });
    const out = join(root, 'packet');
    coldPacket(out, ['ngn-mr-002'], paths);
    expect(read(join(out, PACKET_FILES.ngnChanged)).items.map((i: { id: string }) => i.id)).toEqual([
      'ngn-mr-002',
    ]);
    expect(read(join(out, PACKET_FILES.ngnNew)).items.map((i: { id: string }) => i.id)).toEqual([
      'ngn-mr-003',
    ]);
    const answers = join(root, 'answers');
    write(join(answers, PACKET_FILES.ngnChanged), {
      items: [{ id: 'ngn-mr-002', reviewer_answer: { options: ['a', 'b'] } }],
    });
    const result = applyColdAnswers(answers, ['ngn-mr-002'], { reviewer: 'r', date: '2026-11-29' }, paths);
    expect(result.agreed).toEqual(['ngn-mr-002']);
    expect(read(join(paths.ngnDraftReviews, 'standalone.json')).reviews[0].note).toBe(
      '2026-11-28 revision: exhibit order added. Re-review 2026-11-29 (cold answer 2 of 2 points): agree.',
    );
  });

  it("reads a lone part labelled otherwise as the item's one part, and records it under the item's name", () => {
    const answers = join(root, 'answers');
    write(join(answers, PACKET_FILES.ngnNew), {
      items: [
        { id: 'ngn-mr-002', reviewer_answer: { '1': ['a', 'b'] } },
        { id: 'ngn-mr-003', reviewer_answer: { '1': ['a'], '2': ['b'] } },
      ],
    });
    const result = applyColdAnswers(answers, [], { reviewer: 'r', date: '2026-11-29' }, paths);
    expect(result.agreed).toEqual(['ngn-mr-002']);
    expect(result.followUp[0]?.reason).toMatch(/Unknown part/);
    expect(read(join(paths.ngnDraftReviews, 'standalone.json')).reviews[0].reviewer_answer).toEqual({
      options: ['a', 'b'],
    });
  });

  it('refuses a response that is not one to the item and writes nothing on a dry run', () => {
    const answers = join(root, 'answers');
    write(join(answers, PACKET_FILES.ngnNew), {
      items: [
        { id: 'ngn-mr-002', reviewer_answer: { options: ['a', 'z'] } },
        { id: 'ngn-mr-003', reviewer_answer: { options: ['a', 'b'] } },
      ],
    });
    const result = applyColdAnswers(answers, [], { reviewer: 'r', date: '2026-11-29', dryRun: true }, paths);
    expect(result.agreed).toEqual(['ngn-mr-003']);
    expect(result.followUp[0]?.reason).toMatch(/not a response to the item/);
    expect(() => read(join(paths.ngnDraftReviews, 'standalone.json'))).toThrow();
  });
});
