import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { staleFiles } from '../../scripts/lib/bank-exports.ts';
import { assignKeys } from '../../scripts/lib/key-sequence.ts';
import { KEY_LIMITS } from '../../scripts/lib/merge.ts';
import { type NearDuplicateJudgement, similarityWithin } from '../../scripts/lib/near-duplicates.ts';
import {
  type Bank,
  type BankItem,
  type BankQuestion,
  CATEGORIES,
  formatStats,
  isReportingOption,
  loadBank,
  OPTION_LETTERS,
  type ReviewSet,
  RULES,
  readBank,
  SEED_FILE,
  toSeedSql,
  validateBank,
} from '../../scripts/lib/question-bank.ts';

// ---------------------------------------------------------------------------------------------
// The real bank
// ---------------------------------------------------------------------------------------------

/** Known duplicates: drafts the round-1 review dropped as duplicates, and reworded scenarios. */
interface KnownDuplicate {
  scenario: string;
  source: string;
  /** The bank item it duplicates. */
  duplicates: string;
  item: BankItem;
}

const KNOWN_DUPLICATES = JSON.parse(
  readFileSync(new URL('./fixtures/near-duplicate-scenarios.json', import.meta.url), 'utf8'),
) as KnownDuplicate[];

describe('the question bank in supabase/questions', () => {
  it('meets every writing rule and has a passing review for every item', () => {
    const { errors, stats } = validateBank(readBank());
    console.log(formatStats(stats));
    expect(errors.length, `${errors.length} validation errors:\n${errors.join('\n')}`).toBe(0);
    // A TF-IDF pass over the whole bank (and the NGN figures): seconds on a busy shared machine.
  }, 60_000);

  it('is what the generated files contain (run `npm run bank:export` after editing the bank)', () => {
    expect(existsSync(SEED_FILE), 'supabase/seed.sql is missing: run `npm run bank:export`').toBe(true);
    const stale = staleFiles(loadBank()).map((file) => file.name);
    expect(stale, `stale: ${stale.join(', ')}; run \`npm run bank:export\``).toEqual([]);
  }, 60_000);

  it('flags every known duplicate at the near-duplicate threshold', () => {
    const bank = readBank();
    const missed = KNOWN_DUPLICATES.map(({ duplicates, item }) => ({
      pair: `${item.id} ~ ${duplicates}`,
      similarity: similarityWithin([...bank, item], item.id, duplicates),
    })).filter(({ similarity }) => similarity < RULES.nearDuplicate);
    expect(missed, `below the threshold ${RULES.nearDuplicate}`).toEqual([]);
    expect(KNOWN_DUPLICATES).toHaveLength(15);
    // Fifteen TF-IDF passes over the whole bank: about 2 s on a quiet machine, much more on a busy one.
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// Synthetic banks for the validator's own tests
// ---------------------------------------------------------------------------------------------

/** Deterministic pseudo-random words, so every synthetic stem is different from every other. */
function wordSource(seed: number): () => string {
  let state = seed >>> 0;
  const syllables = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'si', 'to', 've', 'zu', 'ba', 'do'];
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Array.from({ length: 3 }, () => syllables[Math.floor(next() * syllables.length)]).join('');
}

const DIFFICULTY_CYCLE = ['easy', 'medium', 'medium', 'hard'] as const;

function makeItem(
  category: (typeof CATEGORIES)[number],
  n: number,
  index: number,
  answer: BankQuestion['answer'],
): BankQuestion {
  const id = `${category.prefix}-${String(n).padStart(3, '0')}`;
  const word = wordSource(index + 1);
  const words = Array.from({ length: 14 }, word).join(' ');
  const reasons = OPTION_LETTERS.map((letter) =>
    letter === answer
      ? `${letter} is correct because the synthetic finding ${word()} supports it.`
      : `${letter} is incorrect because the synthetic finding ${word()} rules it out.`,
  );
  return {
    id,
    category: category.name,
    file: category.file,
    difficulty: DIFFICULTY_CYCLE[index % 4] ?? 'medium',
    topic: `synthetic topic ${id}`,
    stem: `A client ${id} in a synthetic scenario has ${words}. Which action should the PN take first?`,
    // Each option has words of its own, as real options do (identical keys on two items would be
    // what the near-duplicate key signal looks for).
    options: {
      A: `Synthetic option A for ${id} ${word()} ${word()}`,
      B: `Synthetic option B for ${id} ${word()} ${word()}`,
      C: `Synthetic option C for ${id} ${word()} ${word()}`,
      D: `Synthetic option D for ${id} ${word()} ${word()}`,
    },
    answer,
    rationale: `${reasons[OPTION_LETTERS.indexOf(answer)]} ${reasons.filter((_, i) => OPTION_LETTERS[i] !== answer).join(' ')}`,
  };
}

/** Items per category at the test-plan midpoints: 84 + 52 + 36 + 48 + 40 + 52 + 48 + 40 = 400. */
const FULL_COUNTS = [84, 52, 36, 48, 40, 52, 48, 40];

function syntheticBank(counts: number[]): { bank: Bank; reviews: ReviewSet } {
  const bank: Bank = [];
  const reviews: ReviewSet = {};
  let index = 0;
  CATEGORIES.forEach((category, c) => {
    const file = { reviewer: 'synthetic reviewer', reviews: [] as ReviewSet[string]['reviews'] };
    reviews[category.file] = file;
    const count = counts[c] ?? 0;
    // Balanced, unpredictable keys, as the merge gives them.
    const keys = assignKeys(Array(count).fill(null), category.file, KEY_LIMITS);
    for (let n = 1; n <= count; n++) {
      const item = makeItem(category, n, index++, keys[n - 1] ?? 'A');
      bank.push(item);
      file.reviews.push({ id: item.id, reviewer_answer: item.answer, verdict: 'agree', note: '' });
    }
  });
  return { bank, reviews };
}

/** A valid 400-item bank (bank-wide rules) and a 16-item one (per-item rules). */
const full = () => syntheticBank(FULL_COUNTS);
const small = () => syntheticBank(CATEGORIES.map(() => 2));

const BANK_WIDE =
  /^\[(?:total|category-share|difficulty-mix|answer-share|key-sequence|longest-key|reporting-key|absolute-words)\]/;

function errorsOf(bank: Bank, reviews: ReviewSet, nearDuplicates: NearDuplicateJudgement[] = []): string[] {
  return validateBank(bank, { reviews, nearDuplicates }).errors;
}

function itemErrors(bank: Bank, reviews: ReviewSet): string[] {
  return errorsOf(bank, reviews).filter((error) => !BANK_WIDE.test(error));
}

function item(bank: Bank, id: string): BankQuestion {
  const found = bank.find((q) => q.id === id);
  if (!found) throw new Error(`no synthetic item ${id}`);
  return found;
}

/** Asserts that validating `bank` reports `rule` (for `id`, when given). */
function expectRule(
  bank: Bank,
  reviews: ReviewSet,
  rule: string,
  id?: string,
  nearDuplicates: NearDuplicateJudgement[] = [],
): void {
  const errors = errorsOf(bank, reviews, nearDuplicates);
  const prefix = id === undefined ? `[${rule}]` : `${id}: [${rule}]`;
  expect(
    errors.some((error) => error.startsWith(prefix)),
    `expected an error starting with "${prefix}", got:\n${errors.join('\n')}`,
  ).toBe(true);
}

// ---------------------------------------------------------------------------------------------
// validateBank: one test per rule
// ---------------------------------------------------------------------------------------------

describe('validateBank on synthetic banks', () => {
  it('accepts a valid 400-item bank without errors', () => {
    const { bank, reviews } = full();
    const { errors, stats } = validateBank(bank, { reviews, nearDuplicates: [] });
    expect(errors).toEqual([]);
    expect(stats.total).toBe(400);
    expect(stats.categories['Coordinated Care']).toMatchObject({ count: 84, share: 21, inRange: true });
    expect(stats.answers.A).toEqual({ count: 100, share: 25 });
    expect(stats.keySequences.map((sequence) => sequence.shares.A)).toEqual(CATEGORIES.map(() => 25));
    expect(stats.cues.longestKey.count).toBe(0);
    expect(stats.cues.reporting).toEqual({ items: 0, keyed: 0, share: 0 });
    expect(stats.difficulty.medium.count).toBe(200);
    expect(stats.nearDuplicates).toEqual({ flagged: 0, judged: 0 });
    expect(stats.reviews).toMatchObject({ agree: 400, fixed: 0, missing: 0 });
  });

  it('has no per-item errors on the small valid bank (the baseline of the per-item tests)', () => {
    const { bank, reviews } = small();
    expect(itemErrors(bank, reviews)).toEqual([]);
  });

  it('[id-format] rejects a malformed id', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').id = 'cc-1';
    expectRule(bank, reviews, 'id-format', 'cc-1');
  });

  it('[id-prefix] rejects an id with another category prefix', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-002').id = 'pha-099';
    expectRule(bank, reviews, 'id-prefix', 'pha-099');
  });

  it('[id-duplicate] rejects an id used twice', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-002').id = 'cc-001';
    expectRule(bank, reviews, 'id-duplicate', 'cc-001');
  });

  it('[id-order] rejects ids out of order within a category', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').id = 'cc-003';
    reviews['coordinated-care.json']?.reviews.push({ id: 'cc-003', reviewer_answer: 'A', verdict: 'agree' });
    expectRule(bank, reviews, 'id-order', 'cc-002');
  });

  it('[category] rejects an unknown category', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').category = 'Coordinated care';
    expectRule(bank, reviews, 'category', 'cc-001');
  });

  it('[file] rejects an item in the wrong category file', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').file = 'pharmacological-therapies.json';
    expectRule(bank, reviews, 'file', 'cc-001');
  });

  it('[difficulty] rejects a difficulty other than easy, medium or hard', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').difficulty = 'difficult';
    expectRule(bank, reviews, 'difficulty', 'cc-001');
  });

  it('[topic] rejects a missing topic', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').topic = ' ';
    expectRule(bank, reviews, 'topic', 'cc-001');
  });

  it('[topic-duplicate] rejects the same topic twice in a category, but not across categories', () => {
    const { bank, reviews } = small();
    item(bank, 'pha-001').topic = item(bank, 'cc-001').topic;
    expect(itemErrors(bank, reviews)).toEqual([]);
    item(bank, 'cc-002').topic = item(bank, 'cc-001').topic.toUpperCase();
    expectRule(bank, reviews, 'topic-duplicate', 'cc-002');
  });

  it('[stem-length] rejects a stem shorter than 60 or longer than 500 characters', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').stem = 'Which action should the PN take?';
    item(bank, 'cc-002').stem =
      `${'The client has a long history. '.repeat(16)}Which action should the PN take?`;
    expectRule(bank, reviews, 'stem-length', 'cc-001');
    expectRule(bank, reviews, 'stem-length', 'cc-002');
  });

  it('[stem-question] rejects a stem that does not end with a question', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').stem =
      'A client with heart failure is short of breath. Choose the best action for the PN to take.';
    expectRule(bank, reviews, 'stem-question', 'cc-001');
  });

  it('[negative] rejects a lowercase negative word in the question, accepts it in capitals', () => {
    const { bank, reviews } = small();
    const stem = (word: string) =>
      `A client who had surgery yesterday asks for help to walk. Which action should the PN ${word} take?`;
    item(bank, 'cc-001').stem = stem('NOT');
    item(bank, 'cc-002').stem =
      `A client's son says, "I do not like this food." Which snack should the PN offer now?`;
    expect(itemErrors(bank, reviews)).toEqual([]);
    item(bank, 'cc-001').stem = stem('not');
    expectRule(bank, reviews, 'negative', 'cc-001');
    item(bank, 'cc-001').stem = stem('never');
    expectRule(bank, reviews, 'negative', 'cc-001');
    item(bank, 'cc-001').stem = stem('NOT').replace('should the PN NOT take', "shouldn't the PN take");
    expectRule(bank, reviews, 'negative', 'cc-001');
  });

  it('[lab-reference] rejects a lab value without a reference range in the same sentence', () => {
    const { bank, reviews } = small();
    const q = 'Which action should the PN take?';
    item(bank, 'cc-001').stem = `A client's potassium is 3.1 mEq/L (reference 3.5–5.0 mEq/L) today. ${q}`;
    item(bank, 'cc-002').stem = `A client is receiving 0.9% sodium chloride and ate 50% of the meal. ${q}`;
    expect(itemErrors(bank, reviews)).toEqual([]);
    const cases = [
      'A client has a potassium of 3.1 mEq/L this morning.',
      'A client has a fasting glucose of 214 mg/dL today.',
      'A client has a hemoglobin of 7.9 g/dL after surgery.',
      'A client has a WBC count of 2,100/mm³ on chemotherapy.',
      'A client has a digoxin level of 2.6 ng/mL this morning.',
      'A client has an HbA1c of 9.1% at the clinic visit.',
      'A client on heparin has an aPTT of 110 seconds today.',
    ];
    for (const sentence of cases) {
      item(bank, 'cc-001').stem = `${sentence} The client reports feeling tired. ${q}`;
      expectRule(bank, reviews, 'lab-reference', 'cc-001');
    }
    item(bank, 'cc-001').stem = `A client has a potassium of 3.1 mEq/L. The reference is 3.5–5.0 mEq/L. ${q}`;
    expectRule(bank, reviews, 'lab-reference', 'cc-001');
  });

  it('[options] rejects anything other than exactly the options A–D', () => {
    const { bank, reviews } = small();
    const a = item(bank, 'cc-001');
    a.options = { A: a.options.A, B: a.options.B, C: a.options.C } as BankQuestion['options'];
    const b = item(bank, 'cc-002');
    b.options = { ...b.options, E: 'Synthetic option E' } as BankQuestion['options'];
    expectRule(bank, reviews, 'options', 'cc-001');
    expectRule(bank, reviews, 'options', 'cc-002');
  });

  it('[answer] rejects an answer that is not A–D', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').answer = 'E' as BankQuestion['answer'];
    expectRule(bank, reviews, 'answer', 'cc-001');
  });

  it('[option-length] rejects an option under 3 or over 160 characters', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').options.B = 'No';
    item(bank, 'cc-002').options.C = 'x'.repeat(161);
    expectRule(bank, reviews, 'option-length', 'cc-001');
    expectRule(bank, reviews, 'option-length', 'cc-002');
  });

  it('[option-ratio] rejects a longest option more than 3 times the shortest', () => {
    const { bank, reviews } = small();
    const q = item(bank, 'cc-001');
    q.options.A = 'Ten chars.';
    q.options.B = 'x'.repeat(30);
    q.options.C = 'y'.repeat(30);
    q.options.D = 'z'.repeat(30);
    expect(itemErrors(bank, reviews)).toEqual([]);
    q.options.D = 'z'.repeat(31);
    expectRule(bank, reviews, 'option-ratio', 'cc-001');
  });

  it('[option-duplicate] rejects two options with the same text', () => {
    const { bank, reviews } = small();
    const q = item(bank, 'cc-001');
    q.options.C = `${q.options.B.toUpperCase()}.`;
    expectRule(bank, reviews, 'option-duplicate', 'cc-001');
  });

  it('[banned-phrase] rejects "all of the above", "none of the above" and "both A and B"', () => {
    for (const phrase of ['All of the above', 'None of the above', 'Both A and C are correct']) {
      const { bank, reviews } = small();
      item(bank, 'cc-001').options.D = phrase;
      expectRule(bank, reviews, 'banned-phrase', 'cc-001');
    }
  });

  it('[rationale-length] rejects a rationale under 200 or over 1200 characters', () => {
    const { bank, reviews } = small();
    item(bank, 'cc-001').rationale = 'A is correct. B is incorrect. C is incorrect. D is incorrect.';
    const long = item(bank, 'cc-002');
    long.rationale = `${long.rationale} ${'More detail about the synthetic finding. '.repeat(30)}`;
    expectRule(bank, reviews, 'rationale-length', 'cc-001');
    expectRule(bank, reviews, 'rationale-length', 'cc-002');
  });

  it('[rationale-key] rejects a rationale that does not say why the key is correct', () => {
    const { bank, reviews } = small();
    const q = item(bank, 'cc-001');
    q.rationale = q.rationale.replace(`${q.answer} is correct`, `${q.answer} works`);
    expectRule(bank, reviews, 'rationale-key', 'cc-001');
  });

  it('[rationale-distractor] rejects a rationale that skips a distractor letter', () => {
    const { bank, reviews } = small();
    const q = item(bank, 'cc-001');
    const distractor = OPTION_LETTERS.find((letter) => letter !== q.answer);
    q.rationale = q.rationale.replace(`${distractor} is incorrect`, 'The third choice is incorrect');
    expectRule(bank, reviews, 'rationale-distractor', 'cc-001');
  });

  it('[stem-duplicate] rejects the same stem twice, ignoring case and punctuation', () => {
    const { bank, reviews } = small();
    item(bank, 'pha-002').stem = item(bank, 'cc-001').stem.toUpperCase().replace('?', ' ?!');
    expectRule(bank, reviews, 'stem-duplicate', 'pha-002');
  });

  /** Makes sic-001 a reworded copy of cc-001: same stem, options and rationale with one word changed. */
  function nearCopy(bank: Bank): void {
    const original = item(bank, 'cc-001');
    Object.assign(item(bank, 'sic-001'), {
      stem: original.stem.replace(/first\?$/, 'next?'),
      options: { ...original.options },
      answer: original.answer,
      rationale: original.rationale,
    });
  }

  it('[near-duplicate] rejects two items whose TF-IDF similarity reaches the threshold', () => {
    const { bank, reviews } = small();
    expect(itemErrors(bank, reviews)).toEqual([]);
    nearCopy(bank);
    expectRule(bank, reviews, 'near-duplicate', 'sic-001');
  });

  it('accepts a flagged pair judged distinct in the allow-list', () => {
    const { bank, reviews } = small();
    nearCopy(bank);
    const judged: NearDuplicateJudgement[] = [
      {
        ids: ['sic-001', 'cc-001'],
        verdict: 'distinct',
        reason: 'synthetic pair judged distinct on purpose',
      },
    ];
    expect(errorsOf(bank, reviews, judged).filter((error) => !BANK_WIDE.test(error))).toEqual([]);
  });

  it('[near-duplicate-stale] rejects an allow-list entry that no longer matches a flagged pair', () => {
    const { bank, reviews } = small();
    const judged: NearDuplicateJudgement[] = [
      { ids: ['cc-001', 'cc-002'], verdict: 'distinct', reason: 'these two are not similar at all' },
    ];
    expectRule(bank, reviews, 'near-duplicate-stale', undefined, judged);
  });

  it('[near-duplicate-file] rejects an allow-list entry without a verdict or a real reason', () => {
    const { bank, reviews } = small();
    nearCopy(bank);
    const judged = [
      { ids: ['cc-001', 'sic-001'], verdict: 'distinct', reason: 'ok' },
    ] as NearDuplicateJudgement[];
    expectRule(bank, reviews, 'near-duplicate-file', undefined, judged);
  });

  it('[total] rejects a bank of fewer than 400 items', () => {
    const { bank, reviews } = full();
    const removed = bank.pop();
    const file = reviews['physiological-adaptation.json'];
    if (file) file.reviews = file.reviews.filter((r) => r.id !== removed?.id);
    expect(errorsOf(bank, reviews).filter((e) => !e.startsWith('[total]'))).toEqual([]);
    expectRule(bank, reviews, 'total');
  });

  it('[category-share] rejects a category outside its test-plan range', () => {
    const { bank, reviews } = syntheticBank([84, 52, 36, 48, 40, 80, 48, 40]); // pharmacology 80/428 = 18.7 %
    expectRule(bank, reviews, 'category-share');
    expect(errorsOf(bank, reviews).some((e) => e.includes('Pharmacological Therapies'))).toBe(true);
  });

  it('[difficulty-mix] rejects a difficulty more than 7 points from 25/50/25', () => {
    const { bank, reviews } = full();
    const medium = bank.filter((q) => q.difficulty === 'medium');
    for (const q of medium.slice(0, 28)) q.difficulty = 'easy'; // easy 128/400 = 32 %: allowed
    expect(errorsOf(bank, reviews)).toEqual([]);
    const next = medium[28];
    if (next) next.difficulty = 'easy';
    expectRule(bank, reviews, 'difficulty-mix');
  });

  /** Sets the keys of one category file (rationales no longer match; only the file-level rules are read). */
  function setKeys(bank: Bank, file: string, keys: (index: number) => BankQuestion['answer']): void {
    bank
      .filter((q) => q.file === file)
      .forEach((q, i) => {
        q.answer = keys(i);
      });
  }

  it('[answer-share] rejects a letter outside 20–30 % of a file', () => {
    const { bank, reviews } = full();
    setKeys(bank, 'coordinated-care.json', (i) => (i % 3 === 0 ? 'A' : (OPTION_LETTERS[i % 4] ?? 'B')));
    expectRule(bank, reviews, 'answer-share');
    expect(errorsOf(bank, reviews).some((e) => e.startsWith('[answer-share] coordinated-care.json'))).toBe(
      true,
    );
  });

  it('[key-sequence] rejects keys that cycle in blocks, even when each letter has 25 %', () => {
    const { bank, reviews } = full();
    const block = ['C', 'A', 'B', 'D'] as const;
    setKeys(bank, 'pharmacological-therapies.json', (i) => block[i % 4] ?? 'A');
    const errors = errorsOf(bank, reviews);
    expect(errors.some((e) => e.startsWith('[key-sequence] pharmacological-therapies.json'))).toBe(true);
    expect(errors.some((e) => e.startsWith('[answer-share]'))).toBe(false);
  });

  it('[longest-key] rejects more than 25 % of keys being the strictly longest option', () => {
    const { bank, reviews } = full();
    bank.slice(0, 100).forEach((q) => {
      q.options[q.answer] = `${q.options[q.answer]} now`;
    });
    expect(errorsOf(bank, reviews)).toEqual([]); // 100/400 = 25 % is allowed
    const next = bank[100];
    if (next) next.options[next.answer] = `${next.options[next.answer]} now`;
    expectRule(bank, reviews, 'longest-key');
  });

  /** Puts a reporting option in `count` items from `start`: as the key, or as the first distractor. */
  function addReportingOptions(bank: Bank, start: number, count: number, asKey: boolean): void {
    bank.slice(start, start + count).forEach((q) => {
      const letter = asKey ? q.answer : (OPTION_LETTERS.find((l) => l !== q.answer) ?? 'A');
      q.options[letter] = `Report the finding for ${q.id} to the RN`;
    });
  }

  it('[reporting-key] rejects reporting options keyed in more than half the items that have one', () => {
    const { bank, reviews } = full();
    addReportingOptions(bank, 0, 20, true);
    addReportingOptions(bank, 20, 20, false);
    expect(errorsOf(bank, reviews)).toEqual([]); // 20 of 40 = 50 % is allowed
    addReportingOptions(bank, 40, 1, true);
    expectRule(bank, reviews, 'reporting-key');
  });

  it('[absolute-words] rejects absolute words much more frequent in distractors than in keys', () => {
    const { bank, reviews } = full();
    const addWord = (q: BankQuestion, letter: BankQuestion['answer']) => {
      q.options[letter] = `${q.options[letter]} always`;
    };
    for (const q of bank.slice(0, 30)) addWord(q, OPTION_LETTERS.find((l) => l !== q.answer) ?? 'A');
    expectRule(bank, reviews, 'absolute-words'); // 30/1200 = 0.025 per distractor vs none in keys
    for (const q of bank.slice(30, 40)) addWord(q, q.answer); // 10/400 = 0.025 per key: max 0.0425
    expect(errorsOf(bank, reviews)).toEqual([]);
  });

  it('[review-missing] rejects an item without a review record', () => {
    const { bank, reviews } = small();
    const file = reviews['coordinated-care.json'];
    if (file) file.reviews = file.reviews.filter((r) => r.id !== 'cc-002');
    expectRule(bank, reviews, 'review-missing', 'cc-002');
  });

  it('[review-dropped] rejects an item whose review dropped it', () => {
    const { bank, reviews } = small();
    const record = reviews['coordinated-care.json']?.reviews.find((r) => r.id === 'cc-001');
    if (record) record.verdict = 'dropped';
    expectRule(bank, reviews, 'review-dropped', 'cc-001');
  });

  it('accepts a review that says "fixed", and a dropped item that left the bank', () => {
    const { bank, reviews } = small();
    const records = reviews['coordinated-care.json']?.reviews ?? [];
    const fixed = records.find((r) => r.id === 'cc-001');
    if (fixed) fixed.verdict = 'fixed';
    records.push({ id: 'cc-003', reviewer_answer: 'B', verdict: 'dropped', note: 'ambiguous' });
    expect(itemErrors(bank, reviews)).toEqual([]);
  });

  it('[review-orphan] rejects an agree/fixed review for an item that is not in the bank', () => {
    const { bank, reviews } = small();
    reviews['coordinated-care.json']?.reviews.push({ id: 'cc-009', reviewer_answer: 'A', verdict: 'agree' });
    expectRule(bank, reviews, 'review-orphan', 'cc-009');
  });

  it('[review-verdict] rejects a verdict other than agree, fixed or dropped', () => {
    const { bank, reviews } = small();
    const record = reviews['coordinated-care.json']?.reviews.find((r) => r.id === 'cc-001');
    if (record) record.verdict = 'ok' as 'agree';
    expectRule(bank, reviews, 'review-verdict', 'cc-001');
  });

  it('[review-file] rejects a malformed review file or a record in the wrong file', () => {
    const { bank, reviews } = small();
    reviews['pharmacological-therapies.json'] = { reviews: 'none' } as unknown as ReviewSet[string];
    expectRule(bank, reviews, 'review-file');
    const other = small();
    const moved = other.reviews['coordinated-care.json']?.reviews.shift();
    if (moved) other.reviews['psychosocial-integrity.json']?.reviews.push(moved);
    expectRule(other.bank, other.reviews, 'review-file', 'cc-001');
  });

  it('records "agree" reviews whose own answer differs from the key in the stats', () => {
    const { bank, reviews } = small();
    const record = reviews['coordinated-care.json']?.reviews.find((r) => r.id === 'cc-001');
    if (record) record.reviewer_answer = 'D';
    expect(validateBank(bank, { reviews, nearDuplicates: [] }).stats.reviews.reviewerDisagreed).toEqual([
      'cc-001',
    ]);
  });
});

describe('isReportingOption', () => {
  it('recognises options that report or escalate to the RN, the provider or a nurse in charge', () => {
    for (const option of [
      'Notify the RN of the pain rating so that the RN can give the dose',
      'Withhold the dose and report the INR and bleeding to the RN',
      'Stimulate the client by name and call for the RN at once',
      'Follow the chain of command by telling the charge nurse',
      'Check with the provider, since metformin is often held around IV contrast',
      "Taking them together can drop your blood pressure; I'll tell your provider.",
      'Found seated on floor by toilet; denies pain; RN notified.',
      'Report the AP to the nurse manager for refusing an assigned task',
    ]) {
      expect(isReportingOption(option), option).toBe(true);
    }
  });

  it('ignores options that only mention the RN or provider', () => {
    for (const option of [
      'Tell the client that the provider prescribed it and it must be taken',
      'Ask the RN to complete the report because the RN supervises the PN',
      'Wait for the provider to write an individual prescription',
      'Document the refusal and return the tablet to the cabinet',
    ]) {
      expect(isReportingOption(option), option).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Loading from disk
// ---------------------------------------------------------------------------------------------

describe('readBank and loadBank', () => {
  const dir = mkdtempSync(join(tmpdir(), 'question-bank-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function writeCategory(items: unknown[]): void {
    writeFileSync(
      join(dir, 'coordinated-care.json'),
      JSON.stringify({ category: 'Coordinated Care', items }),
    );
  }

  it('reads every category file with its category and file name', () => {
    const { bank } = small();
    writeCategory(bank.filter((q) => q.category === 'Coordinated Care').map(({ category, file, ...q }) => q));
    const read = readBank(dir);
    expect(read.map((q) => [q.id, q.category, q.file])).toEqual([
      ['cc-001', 'Coordinated Care', 'coordinated-care.json'],
      ['cc-002', 'Coordinated Care', 'coordinated-care.json'],
    ]);
    expect(loadBank(dir)).toEqual(read);
  });

  it('loadBank refuses a bank that cannot be seeded; readBank leaves it to validateBank', () => {
    const { bank } = small();
    const [first] = bank.map(({ category, file, ...q }) => q);
    writeCategory([first, first]);
    expect(() => loadBank(dir)).toThrow(/duplicate question id cc-001/);
    expect(readBank(dir)).toHaveLength(2);
    writeCategory([{ ...first, answer: 'E' }]);
    expect(() => loadBank(dir)).toThrow(/no valid answer/);
  });
});

// ---------------------------------------------------------------------------------------------
// toSeedSql
// ---------------------------------------------------------------------------------------------

describe('toSeedSql', () => {
  function tricky(): Bank {
    const { bank } = small();
    const q = item(bank, 'cc-001');
    q.stem = `The client's daughter says, "It's O'Brien's pill; don't crush it." $$ -- not a comment. Which action?`;
    q.options.A = "Ask the pharmacist's advice; that's safest";
    return bank.reverse();
  }

  it('is deterministic, sorted by id, wrapped in a transaction and marked as generated', () => {
    const sql = toSeedSql(tricky());
    expect(sql).toBe(toSeedSql(tricky().reverse()));
    expect(sql.split('\n')[0]).toMatch(/^-- GENERATED FILE/);
    expect(sql).toContain('npm run bank:export');
    expect(sql).toMatch(/\nbegin;\n[\s\S]*\ncommit;\n$/);
    expect(sql.indexOf("('bcc-001'")).toBeLessThan(sql.indexOf("('cc-001'"));
    expect(sql).toContain("('cc-001-a', 'cc-001', 1, 'Ask the pharmacist''s advice; that''s safest', true)");
    expect(sql).toContain("('cc-001-d', 'cc-001', 4, ");
    expect(toSeedSql(tricky(), { transaction: false })).not.toMatch(/^(begin|commit);$/m);
  });

  it('loads into Postgres idempotently and round-trips the text', { timeout: 60_000 }, async () => {
    const db = await PGlite.create();
    try {
      await db.exec(`
        create table public.questions (id text primary key, category text, difficulty text,
          stem text not null, rationale text not null);
        create table public.question_options (id text primary key,
          question_id text not null references public.questions (id) on delete cascade,
          position smallint not null, label text not null, is_correct boolean not null);`);
      const bank = tricky();
      await db.exec(toSeedSql(bank));
      await db.exec(toSeedSql(bank));
      const questions = await db.query<{ n: number }>('select count(*)::int as n from public.questions');
      const options = await db.query<{ n: number }>('select count(*)::int as n from public.question_options');
      expect(questions.rows[0]?.n).toBe(bank.length);
      expect(options.rows[0]?.n).toBe(bank.length * 4);
      const stem = await db.query<{ stem: string }>("select stem from public.questions where id = 'cc-001'");
      expect(stem.rows[0]?.stem).toBe(item(bank, 'cc-001').stem);
      const correct = await db.query<{ id: string }>(
        "select id from public.question_options where question_id = 'cc-002' and is_correct",
      );
      expect(correct.rows.map((r) => r.id)).toEqual([`cc-002-${item(bank, 'cc-002').answer.toLowerCase()}`]);
    } finally {
      await db.close();
    }
  });
});
