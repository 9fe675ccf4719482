// The question bank's editorial checks: supabase/questions/*.json (read by server/db/question-bank.ts,
// re-exported here) plus one review file per category in supabase/questions/reviews/ (same file name).
//
// - validateBank() enforces the writing rules (docs/content.md) and the review records.
// - formatStats() prints the bank's statistics.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_NEEDS, type ClientNeed } from '../../domain/client-needs.ts';
import {
  type Bank,
  type BankItem,
  type BankQuestion,
  hasExactOptions,
  OPTION_LETTERS,
  type OptionLetter,
  readJson,
} from '../../server/db/question-bank.ts';

export const DEFAULT_REVIEW_DIR = fileURLToPath(
  new URL('../../supabase/questions/reviews/', import.meta.url),
);

export * from '../../server/db/question-bank.ts';

// ---------------------------------------------------------------------------------------------
// Categories and rules
// ---------------------------------------------------------------------------------------------

export interface CategoryInfo {
  /** The category string used in the JSON files and the database. */
  name: string;
  /** Id prefix of the category's items (`cc` → `cc-001`). */
  prefix: string;
  /** File name in supabase/questions/ (and in supabase/questions/reviews/). */
  file: string;
  /** NCLEX-PN test-plan range, in percent of all items. */
  min: number;
  max: number;
}

/** Bank file name of a category: its name in kebab case (`Basic Care & Comfort` → basic-care-and-comfort.json). */
function categoryFile(name: string): string {
  return `${name
    .toLowerCase()
    .replaceAll('&', 'and')
    .replace(/[^a-z]+/g, '-')}.json`;
}

/** The eight NCLEX-PN client-need categories with their test-plan ranges and bank files. */
export const CATEGORIES = CLIENT_NEEDS.map((need) => ({ ...need, file: categoryFile(need.name) }));

export type Category = ClientNeed;

export function categoryInfo(name: string): CategoryInfo | undefined {
  return CATEGORIES.find((category) => category.name === name);
}

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The numeric limits validateBank() enforces. */
export const RULES = {
  stemMin: 60,
  stemMax: 500,
  optionMin: 3,
  optionMax: 160,
  /** The longest option may be at most this many times the shortest. */
  optionRatio: 3,
  rationaleMin: 200,
  rationaleMax: 1200,
  /** Jaccard similarity of word 3-shingles of two normalised stems above which they are near-duplicates. */
  nearDuplicate: 0.6,
  /** Share of items (percent, whole bank) each answer letter must have. */
  letterShareMin: 20,
  letterShareMax: 30,
  /** Highest allowed share (percent) of items whose key is the strictly longest option. */
  longestKeyShareMax: 35,
  minTotal: 400,
} as const;

const BANNED_PHRASES: readonly RegExp[] = [
  /\ball of the above\b/i,
  /\bnone of the above\b/i,
  /\ball of these\b/i,
  /\bnone of these\b/i,
  /\b[Bb]oth [A-D] and [A-D]\b/,
];

/** Lowercase negative words that turn a question into a negative stem (uppercase is allowed). */
const LOWERCASE_NEGATIVE = /\b(?:not|except|least|never)\b|\b\w+n't\b/;

/** A number followed by a lab unit. Solution strengths ("0.9% sodium chloride") and "% of" are not lab values. */
const LAB_VALUE =
  /\d\s*(?:mEq\/L|mg\/dL|g\/dL|mmol\/L|ng\/mL|U\/L|(?:cells\/|\/)?mm(?:³|3(?!\d))|%(?!\s*(?:of|sodium|dextrose|saline|chlorhexidine|alcohol|isopropyl|lidocaine|solution|strength|concentration|cream|ointment|gel)\b))/;
/** Seconds count as a lab unit in a sentence about a coagulation test. */
const COAGULATION_TEST = /\b(?:PT|aPTT|PTT|INR)\b/;
const SECONDS_VALUE = /\d\s*(?:seconds|secs?)\b/;
const REFERENCE = /\(reference\b/i;

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type ReviewVerdict = 'agree' | 'fixed' | 'dropped';
export const REVIEW_VERDICTS: readonly ReviewVerdict[] = ['agree', 'fixed', 'dropped'];

export interface ReviewRecord {
  id: string;
  /** The reviewer's own answer, given before reading the key. */
  reviewer_answer: string;
  verdict: ReviewVerdict;
  note?: string;
}

export interface ReviewFile {
  reviewer: string;
  reviews: ReviewRecord[];
}

/** Review files by file name (`coordinated-care.json` → its reviews). */
export type ReviewSet = Record<string, ReviewFile>;

export interface Share {
  count: number;
  /** Percent of all items, 0–100. */
  share: number;
}

export interface CategoryStats extends Share {
  min: number;
  max: number;
  inRange: boolean;
}

export interface BankStats {
  total: number;
  categories: Record<Category, CategoryStats>;
  answers: Record<OptionLetter, Share>;
  /** Items whose key is the strictly longest option. */
  longestKey: Share;
  difficulty: Record<Difficulty, Share>;
  reviews: {
    agree: number;
    fixed: number;
    missing: number;
    /** Items reviewed "agree" although the reviewer's own answer differs from the key. */
    reviewerDisagreed: string[];
  };
}

export interface ValidateOptions {
  /** Review files; read from supabase/questions/reviews/ when omitted. */
  reviews?: ReviewSet;
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

/** Reads every review file in `dir` (missing directory → no reviews). */
export function loadReviews(dir: string = DEFAULT_REVIEW_DIR): ReviewSet {
  if (!existsSync(dir)) return {};
  const reviews: ReviewSet = {};
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    reviews[name] = readJson(join(dir, name)) as ReviewFile;
  }
  return reviews;
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/** Splits text into sentences (after . ? or ! plus optional closing quotes/brackets, then whitespace). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!]["'”’)]*)\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** Lowercase, letters and digits only, single spaces. */
export function normaliseStem(stem: string): string {
  return stem
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Word 3-shingles of a normalised text (a text of fewer than 3 words is one shingle). */
export function shingles(text: string): Set<string> {
  const words = normaliseStem(text).split(' ').filter(Boolean);
  if (words.length < 3) return new Set([words.join(' ')]);
  const result = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) result.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return result;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const shingle of a) if (b.has(shingle)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** True when the key is longer than every other option. */
export function keyIsLongest(q: BankItem): boolean {
  const key = q.options[q.answer];
  if (typeof key !== 'string') return false;
  return OPTION_LETTERS.every(
    (letter) => letter === q.answer || (q.options[letter] ?? '').length < key.length,
  );
}

function percent(count: number, total: number): number {
  return total === 0 ? 0 : (count / total) * 100;
}

function pct(value: number): string {
  return `${value.toFixed(1)} %`;
}

function checkItem(q: BankQuestion, err: (rule: string, message: string) => void): void {
  const info = categoryInfo(q.category);
  if (!info) err('category', `unknown category "${q.category}"`);
  else if (q.file !== undefined && q.file !== info.file)
    err('file', `category "${q.category}" belongs in ${info.file}, found in ${q.file}`);

  if (typeof q.id !== 'string' || !/^[a-z]+-\d{3}$/.test(q.id))
    err('id-format', `id must be <prefix>-<3 digits>`);
  else if (info && !q.id.startsWith(`${info.prefix}-`))
    err('id-prefix', `id must start with "${info.prefix}-"`);

  if (!DIFFICULTIES.includes(q.difficulty as Difficulty))
    err('difficulty', `difficulty "${q.difficulty}" is not easy, medium or hard`);
  if (typeof q.topic !== 'string' || q.topic.trim() === '') err('topic', 'topic is missing');

  // Stem
  const stem = typeof q.stem === 'string' ? q.stem : '';
  if (stem.length < RULES.stemMin || stem.length > RULES.stemMax) {
    err('stem-length', `stem is ${stem.length} characters (${RULES.stemMin}–${RULES.stemMax})`);
  }
  const stemSentences = sentences(stem);
  const question = stemSentences.at(-1) ?? '';
  if (!question.endsWith('?')) err('stem-question', 'stem must end with a question');
  else if (LOWERCASE_NEGATIVE.test(question)) {
    err(
      'negative',
      `negative word in lowercase in the question "${question}" (write NOT, EXCEPT, LEAST, NEVER)`,
    );
  }
  for (const sentence of stemSentences) {
    const isLab =
      LAB_VALUE.test(sentence) || (COAGULATION_TEST.test(sentence) && SECONDS_VALUE.test(sentence));
    if (isLab && !REFERENCE.test(sentence))
      err('lab-reference', `lab value without "(reference ...)": "${sentence}"`);
  }

  // Options and answer
  if (!hasExactOptions(q)) {
    err('options', 'options must be exactly A, B, C and D (strings)');
  } else {
    const lengths = OPTION_LETTERS.map((letter) => q.options[letter].length);
    OPTION_LETTERS.forEach((letter, i) => {
      const length = lengths[i] ?? 0;
      if (length < RULES.optionMin || length > RULES.optionMax) {
        err(
          'option-length',
          `option ${letter} is ${length} characters (${RULES.optionMin}–${RULES.optionMax})`,
        );
      }
    });
    const shortest = Math.min(...lengths);
    const longest = Math.max(...lengths);
    if (longest > RULES.optionRatio * shortest) {
      err(
        'option-ratio',
        `longest option (${longest}) is more than ${RULES.optionRatio}× the shortest (${shortest})`,
      );
    }
    const normalised = OPTION_LETTERS.map((letter) => normaliseStem(q.options[letter]));
    if (new Set(normalised).size !== normalised.length)
      err('option-duplicate', 'two options have the same text');
  }
  if (!OPTION_LETTERS.includes(q.answer)) err('answer', `answer "${q.answer}" is not A, B, C or D`);

  const texts = [stem, ...(typeof q.options === 'object' && q.options ? Object.values(q.options) : [])];
  for (const phrase of BANNED_PHRASES) {
    if (texts.some((text) => typeof text === 'string' && phrase.test(text)))
      err('banned-phrase', `banned phrase ${phrase}`);
  }

  // Rationale
  const rationale = typeof q.rationale === 'string' ? q.rationale : '';
  if (rationale.length < RULES.rationaleMin || rationale.length > RULES.rationaleMax) {
    err(
      'rationale-length',
      `rationale is ${rationale.length} characters (${RULES.rationaleMin}–${RULES.rationaleMax})`,
    );
  }
  if (OPTION_LETTERS.includes(q.answer)) {
    if (!new RegExp(`\\b${q.answer}\\b(?:[^.]|\\.(?=\\d)){0,40}\\bcorrect\\b`).test(rationale)) {
      err(
        'rationale-key',
        `rationale does not say why ${q.answer} is correct ("${q.answer} is correct because ...")`,
      );
    }
    for (const letter of OPTION_LETTERS) {
      if (letter === q.answer) continue;
      if (!new RegExp(`\\b${letter}\\b(?:[^.]|\\.(?=\\d)){0,60}\\b(?:incorrect|wrong)\\b`).test(rationale)) {
        err(
          'rationale-distractor',
          `rationale does not explain distractor ${letter} ("${letter} is incorrect because ...")`,
        );
      }
    }
  }
}

function checkReviews(
  bank: Bank,
  reviews: ReviewSet,
  fail: (message: string) => void,
  stats: BankStats['reviews'],
): void {
  // Index the records by file and id; report malformed files and records.
  const byFile = new Map<string, Map<string, ReviewRecord>>();
  for (const [file, review] of Object.entries(reviews).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const records = new Map<string, ReviewRecord>();
    byFile.set(file, records);
    if (typeof review !== 'object' || review === null || !Array.isArray(review.reviews)) {
      fail(`[review-file] reviews/${file}: expected { "reviewer": string, "reviews": [...] }`);
      continue;
    }
    if (typeof review.reviewer !== 'string' || review.reviewer.trim() === '') {
      fail(`[review-file] reviews/${file}: "reviewer" is missing`);
    }
    for (const record of review.reviews) {
      if (typeof record !== 'object' || record === null || typeof record.id !== 'string') {
        fail(`[review-file] reviews/${file}: a review record has no id`);
        continue;
      }
      if (records.has(record.id)) fail(`[review-file] reviews/${file}: ${record.id} is reviewed twice`);
      records.set(record.id, record);
      if (!REVIEW_VERDICTS.includes(record.verdict)) {
        fail(
          `${record.id}: [review-verdict] verdict "${String(record.verdict)}" is not agree, fixed or dropped`,
        );
      }
      if (!OPTION_LETTERS.includes(record.reviewer_answer as OptionLetter)) {
        fail(`[review-file] reviews/${file}: ${record.id} has no reviewer_answer A–D`);
      }
    }
  }

  const inBank = new Set<string>();
  for (const q of bank) {
    inBank.add(q.id);
    const file = categoryInfo(q.category)?.file ?? q.file;
    let record = file === undefined ? undefined : byFile.get(file)?.get(q.id);
    if (!record) {
      for (const records of byFile.values()) record ??= records.get(q.id);
      if (record) fail(`${q.id}: [review-file] review record is not in reviews/${file ?? '?'}`);
    }
    if (!record) {
      stats.missing++;
      fail(`${q.id}: [review-missing] no review record`);
      continue;
    }
    if (record.verdict === 'dropped')
      fail(`${q.id}: [review-dropped] the review dropped this item; remove it from the bank`);
    if (record.verdict === 'agree') {
      stats.agree++;
      if (record.reviewer_answer !== q.answer) stats.reviewerDisagreed.push(q.id);
    }
    if (record.verdict === 'fixed') stats.fixed++;
  }
  for (const [file, records] of byFile) {
    for (const record of records.values()) {
      if (record.verdict !== 'dropped' && !inBank.has(record.id)) {
        fail(
          `${record.id}: [review-orphan] reviews/${file} has a "${record.verdict}" review for an item that is not in the bank`,
        );
      }
    }
  }
}

/**
 * Checks the bank against every writing rule and the review records. Each error is one line,
 * `<id>: [<rule>] <message>` (bank-wide errors start with `[<rule>]`).
 */
export function validateBank(
  bank: Bank,
  options: ValidateOptions = {},
): { errors: string[]; stats: BankStats } {
  const errors: string[] = [];
  const fail = (message: string) => errors.push(message);
  const total = bank.length;

  // Per item
  for (const q of bank) {
    checkItem(q, (rule, message) => fail(`${String(q.id)}: [${rule}] ${message}`));
  }

  // Ids: unique, in ascending order within each category
  const seenIds = new Set<string>();
  const lastId = new Map<string, string>();
  for (const q of bank) {
    if (seenIds.has(q.id)) fail(`${q.id}: [id-duplicate] id is used more than once`);
    seenIds.add(q.id);
    const previous = lastId.get(q.category);
    if (previous !== undefined && typeof q.id === 'string' && q.id <= previous && previous !== q.id) {
      fail(`${q.id}: [id-order] comes after ${previous} in ${q.category}; ids are numbered in order`);
    }
    lastId.set(q.category, q.id);
  }

  // Topics: unique within a category
  const topics = new Map<string, string>();
  for (const q of bank) {
    if (typeof q.topic !== 'string') continue;
    const key = `${q.category}\u0000${q.topic.trim().toLowerCase().replace(/\s+/g, ' ')}`;
    const first = topics.get(key);
    if (first !== undefined) fail(`${q.id}: [topic-duplicate] same topic as ${first} ("${q.topic}")`);
    else topics.set(key, q.id);
  }

  // Stems: unique, and no near-duplicates (Jaccard of word 3-shingles), across the whole bank
  const stems = new Map<string, string>();
  const shingleSets = bank.map((q) => shingles(typeof q.stem === 'string' ? q.stem : ''));
  const index = new Map<string, number[]>();
  bank.forEach((q, i) => {
    const normalised = normaliseStem(typeof q.stem === 'string' ? q.stem : '');
    const first = stems.get(normalised);
    if (first !== undefined) fail(`${q.id}: [stem-duplicate] same stem as ${first}`);
    else stems.set(normalised, q.id);
    // Candidates: earlier items sharing at least one shingle.
    const shared = new Map<number, number>();
    const mine = shingleSets[i] ?? new Set<string>();
    for (const shingle of mine) {
      const holders = index.get(shingle);
      if (!holders) index.set(shingle, [i]);
      else {
        for (const j of holders) shared.set(j, (shared.get(j) ?? 0) + 1);
        holders.push(i);
      }
    }
    for (const [j, count] of shared) {
      const other = bank[j];
      const theirs = shingleSets[j];
      if (!other || !theirs || first === other.id) continue;
      const similarity = count / (mine.size + theirs.size - count);
      if (similarity > RULES.nearDuplicate) {
        fail(`${q.id}: [near-duplicate] stem is ${(similarity * 100).toFixed(0)} % similar to ${other.id}`);
      }
    }
  });

  // Bank-wide shares
  const stats: BankStats = {
    total,
    categories: Object.fromEntries(
      CATEGORIES.map((c) => {
        const count = bank.filter((q) => q.category === c.name).length;
        const share = percent(count, total);
        return [c.name, { count, share, min: c.min, max: c.max, inRange: share >= c.min && share <= c.max }];
      }),
    ) as Record<Category, CategoryStats>,
    answers: Object.fromEntries(
      OPTION_LETTERS.map((letter) => {
        const count = bank.filter((q) => q.answer === letter).length;
        return [letter, { count, share: percent(count, total) }];
      }),
    ) as Record<OptionLetter, Share>,
    longestKey: (() => {
      const count = bank.filter((q) => hasExactOptions(q) && keyIsLongest(q)).length;
      return { count, share: percent(count, total) };
    })(),
    difficulty: Object.fromEntries(
      DIFFICULTIES.map((difficulty) => {
        const count = bank.filter((q) => q.difficulty === difficulty).length;
        return [difficulty, { count, share: percent(count, total) }];
      }),
    ) as Record<Difficulty, Share>,
    reviews: { agree: 0, fixed: 0, missing: 0, reviewerDisagreed: [] },
  };

  if (total < RULES.minTotal)
    fail(`[total] the bank has ${total} items; at least ${RULES.minTotal} are required`);
  if (total > 0) {
    for (const c of CATEGORIES) {
      const s = stats.categories[c.name];
      if (!s.inRange) {
        fail(
          `[category-share] ${c.name}: ${s.count} items = ${pct(s.share)} of ${total} (range ${c.min}–${c.max} %)`,
        );
      }
    }
    for (const letter of OPTION_LETTERS) {
      const s = stats.answers[letter];
      if (s.share < RULES.letterShareMin || s.share > RULES.letterShareMax) {
        fail(
          `[answer-share] answer ${letter}: ${s.count} items = ${pct(s.share)} (range ${RULES.letterShareMin}–${RULES.letterShareMax} %)`,
        );
      }
    }
    if (stats.longestKey.share > RULES.longestKeyShareMax) {
      fail(
        `[longest-key] the key is the strictly longest option in ${stats.longestKey.count} items = ${pct(stats.longestKey.share)} (max ${RULES.longestKeyShareMax} %)`,
      );
    }
  }

  checkReviews(bank, options.reviews ?? loadReviews(), fail, stats.reviews);
  return { errors, stats };
}

/** A plain-text summary of the stats (per-category table, answer letters, longest key, difficulty). */
export function formatStats(stats: BankStats): string {
  const lines = [
    `Question bank: ${stats.total} items`,
    '',
    'Category                          Items   Share   Range',
  ];
  for (const c of CATEGORIES) {
    const s = stats.categories[c.name];
    lines.push(
      `${c.name.padEnd(32)} ${String(s.count).padStart(6)} ${pct(s.share).padStart(8)}   ${c.min}–${c.max} %${s.inRange ? '' : '  <- out of range'}`,
    );
  }
  lines.push('');
  lines.push(
    `Answer letters: ${OPTION_LETTERS.map((l) => `${l} ${stats.answers[l].count} (${pct(stats.answers[l].share)})`).join(', ')}`,
  );
  lines.push(
    `Key is the strictly longest option: ${stats.longestKey.count} (${pct(stats.longestKey.share)})`,
  );
  lines.push(
    `Difficulty: ${DIFFICULTIES.map((d) => `${d} ${stats.difficulty[d].count} (${pct(stats.difficulty[d].share)})`).join(', ')}`,
  );
  lines.push(
    `Reviews: ${stats.reviews.agree} agree, ${stats.reviews.fixed} fixed, ${stats.reviews.missing} missing` +
      (stats.reviews.reviewerDisagreed.length
        ? `; "agree" although the reviewer answered differently: ${stats.reviews.reviewerDisagreed.join(', ')}`
        : ''),
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Seed SQL
// ---------------------------------------------------------------------------------------------
