import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { meetsKeyLimits } from '../../scripts/lib/key-sequence.ts';
import {
  type CategoryFile,
  type Folder,
  KEY_LIMITS,
  mergeDrafts,
  readFolder,
  reletterBank,
  writeFolder,
} from '../../scripts/lib/merge.ts';
import {
  type BankItem,
  OPTION_LETTERS,
  type OptionLetter,
  type ReviewFile,
  type ReviewRecord,
} from '../../scripts/lib/question-bank.ts';

const FILE = 'coordinated-care.json';
const DATE = '2026-11-25';

const ACTIONS = ['Walk', 'Feed', 'Turn', 'Reassure'] as const;

function makeItem(n: number, answer: OptionLetter): BankItem {
  const id = `cc-${String(n).padStart(3, '0')}`;
  const action = (letter: OptionLetter) => ACTIONS[OPTION_LETTERS.indexOf(letter)];
  const explanations = OPTION_LETTERS.map((letter) =>
    letter === answer
      ? `${letter} is correct because to ${action(letter)} the client is the safe action.`
      : `${letter} is incorrect because to ${action(letter)} the client delays care.`,
  );
  return {
    id,
    difficulty: 'medium',
    topic: `topic ${id}`,
    stem: `A client in scenario ${id} needs care from the PN on a medical unit. Which action should the PN take?`,
    options: {
      A: `${ACTIONS[0]} the client in ${id}`,
      B: `${ACTIONS[1]} the client in ${id}`,
      C: `${ACTIONS[2]} the client in ${id}`,
      D: `${ACTIONS[3]} the client in ${id}`,
    },
    answer,
    rationale: [
      explanations[OPTION_LETTERS.indexOf(answer)],
      ...explanations.filter((e) => !e.includes('is correct')),
    ].join(' '),
  };
}

function record(item: BankItem, verdict: ReviewRecord['verdict'], note = ''): ReviewRecord {
  return { id: item.id, reviewer_answer: item.answer, verdict, note };
}

function folder(items: BankItem[], records: ReviewRecord[], header: Partial<ReviewFile> = {}): Folder {
  const category: CategoryFile = { category: 'Coordinated Care', items };
  const reviews: ReviewFile = {
    reviewer: 'second reviewer',
    reviewed_at: '2026-11-22',
    ...header,
    reviews: records,
  };
  return { categories: new Map([[FILE, category]]), reviews: new Map([[FILE, reviews]]) };
}

/** A bank file whose keys cycle A, B, C, D, as the old files did. */
function cycledBank(count: number): Folder {
  const items = Array.from({ length: count }, (_, i) => makeItem(i + 1, OPTION_LETTERS[i % 4] ?? 'A'));
  return folder(
    items,
    items.map((item) => record(item, 'agree')),
  );
}

function items(f: Folder): BankItem[] {
  return f.categories.get(FILE)?.items ?? [];
}

function records(f: Folder): ReviewRecord[] {
  return f.reviews.get(FILE)?.reviews ?? [];
}

function keyText(item: BankItem): string {
  return item.options[item.answer];
}

describe('mergeDrafts', () => {
  function setUp() {
    const bank = cycledBank(8);
    const drafts = Array.from({ length: 40 }, (_, i) => makeItem(9 + i, 'A'));
    const draftRecords = drafts.map((item, i) =>
      i === 3 ? record(item, 'dropped', 'duplicate of cc-002') : record(item, i === 5 ? 'fixed' : 'agree'),
    );
    draftRecords.splice(10, 1); // cc-019 has no review yet
    const draftFolder = folder(drafts, draftRecords, { reviewed_at: '2026-11-23', method: 'cold answer' });
    return { bank, draftFolder, drafts };
  }

  it('moves agreed and fixed drafts with their records, and leaves dropped and unreviewed ones', () => {
    const { bank, draftFolder } = setUp();
    const report = mergeDrafts(bank, draftFolder, DATE);
    expect(report.merged).toHaveLength(38);
    expect(report.dropped).toEqual([{ id: 'cc-012', note: 'duplicate of cc-002' }]);
    expect(report.unreviewed).toEqual(['cc-019']);
    expect(items(draftFolder).map((item) => item.id)).toEqual(['cc-012', 'cc-019']);
    expect(records(draftFolder).map((r) => r.id)).toEqual(['cc-012']);
    const ids = items(bank).map((item) => item.id);
    expect(ids).toHaveLength(46);
    expect(ids).toEqual([...ids].sort());
    expect(records(bank).map((r) => r.id)).toEqual(ids);
    const merged = records(bank).find((r) => r.id === 'cc-014');
    expect(merged).toMatchObject({ verdict: 'fixed', reviewed_at: '2026-11-23', method: 'cold answer' });
    expect(merged).not.toHaveProperty('reviewer');
  });

  it('gives the merged items balanced, unpredictable letters without changing what they say', () => {
    const { bank, draftFolder, drafts } = setUp();
    const before = items(bank).map((item) => ({ ...item }));
    mergeDrafts(bank, draftFolder, DATE);
    const after = items(bank);
    expect(after.slice(0, 8)).toEqual(before); // bank items never move
    expect(
      meetsKeyLimits(
        after.map((item) => item.answer),
        KEY_LIMITS,
      ),
    ).toBe(true);
    for (const draft of drafts) {
      const merged = after.find((item) => item.id === draft.id);
      if (!merged) continue;
      expect(keyText(merged)).toBe(keyText(draft));
      expect(merged.rationale.startsWith(`${merged.answer} is correct because to Walk the client`)).toBe(
        true,
      );
      const review = records(bank).find((r) => r.id === draft.id);
      expect(review && merged.options[review.reviewer_answer as OptionLetter]).toBe(keyText(draft));
    }
  });

  it('refuses ids the bank already uses, including dropped review records, and changes nothing', () => {
    const { bank, draftFolder } = setUp();
    records(bank).push({ id: 'cc-020', reviewer_answer: 'A', verdict: 'dropped', note: 'retired' });
    const clash = makeItem(3, 'B');
    items(draftFolder).push(clash);
    records(draftFolder).push(record(clash, 'agree'));
    const snapshot = JSON.stringify([...bank.categories, ...bank.reviews]);
    expect(() => mergeDrafts(bank, draftFolder, DATE)).toThrow(/cc-020 .* already used[\s\S]*cc-003/);
    expect(JSON.stringify([...bank.categories, ...bank.reviews])).toBe(snapshot);
  });
});

describe('reletterBank', () => {
  it('breaks the block cycle and keeps every key text and review answer with its option', () => {
    const bank = cycledBank(48);
    const before = items(bank).map((item) => ({ ...item }));
    expect(
      meetsKeyLimits(
        before.map((item) => item.answer),
        KEY_LIMITS,
      ),
    ).toBe(false);
    const kept = reletterBank(bank, DATE);
    expect(kept).toEqual([]);
    const after = items(bank);
    expect(
      meetsKeyLimits(
        after.map((item) => item.answer),
        KEY_LIMITS,
      ),
    ).toBe(true);
    after.forEach((item, i) => {
      const original = before[i] as BankItem;
      expect(keyText(item)).toBe(keyText(original));
      expect(item.options[records(bank)[i]?.reviewer_answer as OptionLetter]).toBe(keyText(original));
    });
  });

  it('keeps the letter of an item whose options mention letters, and says so', () => {
    const bank = cycledBank(48);
    const both = items(bank)[0] as BankItem;
    both.options.D = 'Both A and B are appropriate';
    const kept = reletterBank(bank, DATE);
    expect(kept).toEqual([{ id: 'cc-001', reason: 'option D mentions "A and B"' }]);
    expect(items(bank)[0]).toBe(both);
  });
});

describe('readFolder and writeFolder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'merge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("round-trips the bank's JSON style and skips the near-duplicate allow-list", () => {
    const f = cycledBank(2);
    writeFolder(dir, join(dir, 'reviews'), f, [FILE]);
    writeFileSync(join(dir, 'near-duplicates.json'), '[]\n');
    const text = readFileSync(join(dir, FILE), 'utf8');
    expect(text).toBe(`${JSON.stringify(f.categories.get(FILE), null, 2)}\n`);
    const read = readFolder(dir, join(dir, 'reviews'));
    expect([...read.categories.keys()]).toEqual([FILE]);
    expect(read.reviews.get(FILE)).toEqual(f.reviews.get(FILE));
  });
});
