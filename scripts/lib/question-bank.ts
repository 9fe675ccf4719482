// The question bank's editorial checks: supabase/questions/*.json (read by server/db/question-bank.ts,
// re-exported here) plus one review file per category in supabase/questions/reviews/ (same file name)
// and the near-duplicate allow-list supabase/questions/near-duplicates.json.
//
// - validateBank() enforces the writing rules, the cue limits and the review records (docs/content.md).
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
import { letterShares, nextKeyPredictability } from './key-sequence.ts';
import {
  KEY_SIGNAL,
  loadNearDuplicateJudgements,
  type NearDuplicateJudgement,
  validateNearDuplicates,
} from './near-duplicates.ts';

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

/** The numeric limits validateBank() enforces; docs/content.md says why each is where it is. */
export const RULES = {
  stemMin: 60,
  stemMax: 500,
  optionMin: 3,
  optionMax: 160,
  /** The longest option may be at most this many times the shortest. */
  optionRatio: 3,
  rationaleMin: 200,
  rationaleMax: 1200,
  /**
   * TF-IDF cosine similarity (0–1) at or above which two items are a near-duplicate pair that must
   * be removed or judged in supabase/questions/near-duplicates.json. Set about 0.01 under the weakest
   * of 15 known duplicates (tests/content/fixtures/near-duplicate-scenarios.json), which score
   * 0.17–0.41 against the bank: the six drafts the round-1 review dropped as duplicates and nine
   * reworded scenarios (an insulin vial labelled for another client, metformin before contrast…).
   */
  nearDuplicate: 0.16,
  /** Share of items (percent, in each bank file) each answer letter must have. */
  letterShareMin: 20,
  letterShareMax: 30,
  /** How many previous keys the next-key predictor looks at. */
  keyContext: 3,
  /**
   * Highest next-key prediction accuracy (percent, in each bank file). Chance is 25 %; a shuffled
   * file of 37–270 items stays under 40 % in 99 % of shuffles, while the old block-cycled files
   * scored 45–86 %.
   */
  keyPredictabilityMax: 40,
  /** Highest share (percent) of items whose key is the strictly longest option. */
  longestKeyShareMax: 25,
  /** Among items with an option that reports to the RN or provider: highest share (percent) keyed on it. */
  reportingKeyShareMax: 50,
  /**
   * Absolute words (always, never, only, all, none, every) per distractor may be at most this many
   * times their rate per key, plus the slack below, so "pick the option without an absolute" does
   * not work as a strategy.
   */
  absoluteWordRatio: 1.5,
  /** Absolute words per option allowed on top of the ratio, so a handful in a bank without any in keys passes. */
  absoluteWordSlack: 0.005,
  /** Difficulty mix targets (percent) and the tolerance around each. */
  difficultyTarget: { easy: 25, medium: 50, hard: 25 },
  difficultyTolerance: 7,
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

/** Who an option can report or escalate to. */
const ESCALATION_TARGET =
  '(?:RN|registered nurse|(?:health ?care )?provider|charge nurse|nurse manager|supervisor|physician|prescriber|surgeon|rapid response(?: team)?)';
/**
 * An option that reports or escalates to the RN, the provider or a nurse in charge: "Notify the RN",
 * "report the INR to the provider", "call for the RN", "tell the charge nurse", "check with the
 * provider", "RN and provider notified". Telling the client something about the provider is not one.
 */
const REPORTING_OPTION = new RegExp(
  [
    String.raw`\b(?:notif\w*|inform\w*|tell\w*|told|alert\w*|call\w*|pag(?:e|es|ed|ing)|contact\w*|let\w*|consult\w*|(?:check|clarify|clarifies|clarified|clarifying)\s+with)\s+(?:the\s+|your\s+|a\s+|an\s+)?${ESCALATION_TARGET}\b`,
    String.raw`\b(?:report\w*|escalat\w*|notif\w*|alert\w*|call\w*|tak\w+)\b[^.;]{0,60}?\b(?:to|for|from)\s+(?:the\s+|your\s+|an?\s+)?${ESCALATION_TARGET}\b`,
    String.raw`\b${ESCALATION_TARGET}\b[^.;]{0,25}\b(?:notified|informed)\b`,
  ].join('|'),
  'i',
);
const ABSOLUTE_WORD = /\b(?:always|never|only|all|none|every)\b/gi;

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
  /** Set on a merged record whose review differs from its file's header (`npm run bank:merge`). */
  reviewer?: string;
  reviewed_at?: string;
  method?: string;
}

export interface ReviewFile {
  reviewer: string;
  reviewed_at?: string;
  /** How the reviewer worked (e.g. answered cold from a key-less copy, then checked references). */
  method?: string;
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

/** The key letters of one bank file, in file order. */
export interface KeySequenceStats {
  file: string;
  count: number;
  /** Next-key prediction accuracy from the previous RULES.keyContext keys, percent (chance ≈ 25). */
  predictability: number;
  /** Share of each letter, percent. */
  shares: Record<OptionLetter, number>;
}

export interface CueStats {
  /** Items whose key is the strictly longest option. */
  longestKey: Share;
  /** Items with an option that reports to the RN or provider, and how many of them are keyed on one. */
  reporting: { items: number; keyed: number; share: number };
  /** Absolute words (always, never, only, all, none, every) in keys and in distractors, and per option. */
  absoluteWords: { inKeys: number; inDistractors: number; perKey: number; perDistractor: number };
}

export interface BankStats {
  total: number;
  categories: Record<Category, CategoryStats>;
  answers: Record<OptionLetter, Share>;
  keySequences: KeySequenceStats[];
  cues: CueStats;
  difficulty: Record<Difficulty, Share>;
  /** Pairs at or above RULES.nearDuplicate, and how many of them the allow-list judges distinct. */
  nearDuplicates: { flagged: number; judged: number };
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
  /** Near-duplicate pairs judged distinct; read from supabase/questions/near-duplicates.json when omitted. */
  nearDuplicates?: NearDuplicateJudgement[];
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

/**
 * Indexes review files (multiple-choice and clinical-judgment alike) by file and item id, reporting
 * malformed files, records without an id and items reviewed twice.
 */
export function indexReviewRecords<R extends { id: string }>(
  reviews: Record<string, { reviewer?: unknown; reviews?: unknown }>,
  fail: (message: string) => void,
): Map<string, Map<string, R>> {
  const byFile = new Map<string, Map<string, R>>();
  for (const [file, review] of Object.entries(reviews).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const records = new Map<string, R>();
    byFile.set(file, records);
    if (typeof review !== 'object' || review === null || !Array.isArray(review.reviews)) {
      fail(`[review-file] reviews/${file}: expected { "reviewer": string, "reviews": [...] }`);
      continue;
    }
    if (typeof review.reviewer !== 'string' || review.reviewer.trim() === '') {
      fail(`[review-file] reviews/${file}: "reviewer" is missing`);
    }
    for (const record of review.reviews as unknown[]) {
      if (typeof record !== 'object' || record === null || typeof (record as R).id !== 'string') {
        fail(`[review-file] reviews/${file}: a review record has no id`);
        continue;
      }
      const { id } = record as R;
      if (records.has(id)) fail(`[review-file] reviews/${file}: ${id} is reviewed twice`);
      records.set(id, record as R);
    }
  }
  return byFile;
}

function checkReviews(
  bank: Bank,
  reviews: ReviewSet,
  fail: (message: string) => void,
  stats: BankStats['reviews'],
): void {
  const byFile = indexReviewRecords<ReviewRecord>(reviews, fail);
  for (const [file, records] of byFile) {
    for (const record of records.values()) {
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

/** Ids unique, and in ascending order within each category. */
function checkIds(bank: Bank, fail: (message: string) => void): void {
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
}

/** Topics unique within a category. */
function checkTopics(bank: Bank, fail: (message: string) => void): void {
  const topics = new Map<string, string>();
  for (const q of bank) {
    if (typeof q.topic !== 'string') continue;
    const key = `${q.category}\u0000${q.topic.trim().toLowerCase().replace(/\s+/g, ' ')}`;
    const first = topics.get(key);
    if (first !== undefined) fail(`${q.id}: [topic-duplicate] same topic as ${first} ("${q.topic}")`);
    else topics.set(key, q.id);
  }
}

/** Stems unique across the whole bank, ignoring case and punctuation. */
function checkStems(bank: Bank, fail: (message: string) => void): void {
  const stems = new Map<string, string>();
  for (const q of bank) {
    const normalised = normaliseStem(typeof q.stem === 'string' ? q.stem : '');
    const first = stems.get(normalised);
    if (first !== undefined) fail(`${q.id}: [stem-duplicate] same stem as ${first}`);
    else stems.set(normalised, q.id);
  }
}

/** Items whose options and answer are well formed (the statistics below read only these). */
function wellFormed(bank: Bank): Bank {
  return bank.filter((q) => hasExactOptions(q) && OPTION_LETTERS.includes(q.answer));
}

function fileOf(q: BankQuestion): string {
  return q.file ?? categoryInfo(q.category)?.file ?? q.category;
}

/** The key letters of each bank file, in file order. */
function keySequenceStats(bank: Bank): KeySequenceStats[] {
  const byFile = new Map<string, OptionLetter[]>();
  for (const q of wellFormed(bank)) {
    const keys = byFile.get(fileOf(q)) ?? [];
    keys.push(q.answer);
    byFile.set(fileOf(q), keys);
  }
  return [...byFile.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, keys]) => ({
      file,
      count: keys.length,
      predictability: nextKeyPredictability(keys, RULES.keyContext),
      shares: letterShares(keys),
    }));
}

/** True when the option reports or escalates to the RN, the provider or a nurse in charge. */
export function isReportingOption(option: string): boolean {
  return REPORTING_OPTION.test(option);
}

function absoluteWordCount(text: string): number {
  return text.match(ABSOLUTE_WORD)?.length ?? 0;
}

function cueStats(bank: Bank): CueStats {
  const items = wellFormed(bank);
  const longest = items.filter(keyIsLongest).length;
  let reportingItems = 0;
  let reportingKeyed = 0;
  let inKeys = 0;
  let inDistractors = 0;
  for (const q of items) {
    const reporting = OPTION_LETTERS.filter((letter) => isReportingOption(q.options[letter]));
    if (reporting.length > 0) reportingItems++;
    if (reporting.includes(q.answer)) reportingKeyed++;
    for (const letter of OPTION_LETTERS) {
      const count = absoluteWordCount(q.options[letter]);
      if (letter === q.answer) inKeys += count;
      else inDistractors += count;
    }
  }
  const distractors = items.length * (OPTION_LETTERS.length - 1);
  return {
    longestKey: { count: longest, share: percent(longest, bank.length) },
    reporting: {
      items: reportingItems,
      keyed: reportingKeyed,
      share: percent(reportingKeyed, reportingItems),
    },
    absoluteWords: {
      inKeys,
      inDistractors,
      perKey: items.length === 0 ? 0 : inKeys / items.length,
      perDistractor: distractors === 0 ? 0 : inDistractors / distractors,
    },
  };
}

function shareStats<T extends string>(
  bank: Bank,
  values: readonly T[],
  fieldOf: (q: BankQuestion) => string,
): Record<T, Share> {
  return Object.fromEntries(
    values.map((value) => {
      const count = bank.filter((q) => fieldOf(q) === value).length;
      return [value, { count, share: percent(count, bank.length) }];
    }),
  ) as Record<T, Share>;
}

function categoryStats(bank: Bank): Record<Category, CategoryStats> {
  return Object.fromEntries(
    CATEGORIES.map((c) => {
      const count = bank.filter((q) => q.category === c.name).length;
      const share = percent(count, bank.length);
      return [c.name, { count, share, min: c.min, max: c.max, inRange: share >= c.min && share <= c.max }];
    }),
  ) as Record<Category, CategoryStats>;
}

function checkCategoryShares(stats: BankStats, fail: (message: string) => void): void {
  for (const c of CATEGORIES) {
    const s = stats.categories[c.name];
    if (!s.inRange) {
      fail(
        `[category-share] ${c.name}: ${s.count} items = ${pct(s.share)} of ${stats.total} (range ${c.min}–${c.max} %)`,
      );
    }
  }
}

function checkDifficultyMix(stats: BankStats, fail: (message: string) => void): void {
  for (const difficulty of DIFFICULTIES) {
    const s = stats.difficulty[difficulty];
    const target = RULES.difficultyTarget[difficulty];
    if (Math.abs(s.share - target) > RULES.difficultyTolerance) {
      fail(
        `[difficulty-mix] ${difficulty}: ${s.count} items = ${pct(s.share)} (target ${target} ± ${RULES.difficultyTolerance} %)`,
      );
    }
  }
}

function checkKeySequences(stats: BankStats, fail: (message: string) => void): void {
  for (const sequence of stats.keySequences) {
    for (const letter of OPTION_LETTERS) {
      const share = sequence.shares[letter];
      if (share < RULES.letterShareMin || share > RULES.letterShareMax) {
        fail(
          `[answer-share] ${sequence.file}: answer ${letter} is the key of ${pct(share)} of ${sequence.count} items (range ${RULES.letterShareMin}–${RULES.letterShareMax} %)`,
        );
      }
    }
    if (sequence.predictability > RULES.keyPredictabilityMax) {
      fail(
        `[key-sequence] ${sequence.file}: the previous ${RULES.keyContext} keys predict the next in ${pct(sequence.predictability)} of items (max ${RULES.keyPredictabilityMax} %; run \`npm run bank:merge -- --reletter-bank\`)`,
      );
    }
  }
}

function checkCues(cues: CueStats, fail: (message: string) => void): void {
  if (cues.longestKey.share > RULES.longestKeyShareMax) {
    fail(
      `[longest-key] the key is the strictly longest option in ${cues.longestKey.count} items = ${pct(cues.longestKey.share)} (max ${RULES.longestKeyShareMax} %)`,
    );
  }
  if (cues.reporting.share > RULES.reportingKeyShareMax) {
    fail(
      `[reporting-key] ${cues.reporting.keyed} of the ${cues.reporting.items} items with an option that reports to the RN or provider are keyed on it = ${pct(cues.reporting.share)} (max ${RULES.reportingKeyShareMax} %)`,
    );
  }
  const { perKey, perDistractor } = cues.absoluteWords;
  const allowed = RULES.absoluteWordRatio * perKey + RULES.absoluteWordSlack;
  if (perDistractor > allowed) {
    fail(
      `[absolute-words] ${perDistractor.toFixed(3)} absolute words per distractor vs ${perKey.toFixed(3)} per key (max ${RULES.absoluteWordRatio} × key rate + ${RULES.absoluteWordSlack} = ${allowed.toFixed(3)})`,
    );
  }
}

/**
 * Checks the bank against every writing rule, the cue limits, the near-duplicate allow-list and
 * the review records. Each error is one line, `<id>: [<rule>] <message>` (bank-wide errors start
 * with `[<rule>]`).
 */
export function validateBank(
  bank: Bank,
  options: ValidateOptions = {},
): { errors: string[]; stats: BankStats } {
  const errors: string[] = [];
  const fail = (message: string) => errors.push(message);

  for (const q of bank) {
    checkItem(q, (rule, message) => fail(`${String(q.id)}: [${rule}] ${message}`));
  }
  checkIds(bank, fail);
  checkTopics(bank, fail);
  checkStems(bank, fail);
  const judgements = options.nearDuplicates ?? loadNearDuplicateJudgements();
  const pairs = validateNearDuplicates(wellFormed(bank), judgements, RULES.nearDuplicate, fail);

  const stats: BankStats = {
    total: bank.length,
    categories: categoryStats(bank),
    answers: shareStats(bank, OPTION_LETTERS, (q) => q.answer),
    keySequences: keySequenceStats(bank),
    cues: cueStats(bank),
    difficulty: shareStats(bank, DIFFICULTIES, (q) => q.difficulty),
    nearDuplicates: { flagged: pairs.length, judged: judgements.length },
    reviews: { agree: 0, fixed: 0, missing: 0, reviewerDisagreed: [] },
  };

  if (bank.length < RULES.minTotal)
    fail(`[total] the bank has ${bank.length} items; at least ${RULES.minTotal} are required`);
  if (bank.length > 0) {
    checkCategoryShares(stats, fail);
    checkDifficultyMix(stats, fail);
    checkKeySequences(stats, fail);
    checkCues(stats.cues, fail);
  }

  checkReviews(bank, options.reviews ?? loadReviews(), fail, stats.reviews);
  return { errors, stats };
}

function formatShares<T extends string>(values: readonly T[], shares: Record<T, Share>): string {
  return values.map((value) => `${value} ${shares[value].count} (${pct(shares[value].share)})`).join(', ');
}

function formatCategories(stats: BankStats): string[] {
  const lines = ['Category                          Items   Share   Range'];
  for (const c of CATEGORIES) {
    const s = stats.categories[c.name];
    lines.push(
      `${c.name.padEnd(32)} ${String(s.count).padStart(6)} ${pct(s.share).padStart(8)}   ${c.min}–${c.max} %${s.inRange ? '' : '  <- out of range'}`,
    );
  }
  return lines;
}

function formatKeySequences(stats: BankStats): string[] {
  const lines = [
    `Key letters per file (A/B/C/D share; next key predicted from the previous ${RULES.keyContext}, max ${RULES.keyPredictabilityMax} %):`,
  ];
  for (const sequence of stats.keySequences) {
    const shares = OPTION_LETTERS.map((letter) => sequence.shares[letter].toFixed(0)).join('/');
    lines.push(
      `  ${sequence.file.padEnd(40)} ${String(sequence.count).padStart(4)} items  ${shares.padEnd(11)}  predicted ${pct(sequence.predictability)}`,
    );
  }
  return lines;
}

function formatCues(cues: CueStats): string[] {
  const { longestKey, reporting, absoluteWords } = cues;
  return [
    'Cues:',
    `  key is the strictly longest option: ${longestKey.count} items (${pct(longestKey.share)}; max ${RULES.longestKeyShareMax} %)`,
    `  reporting option is the key: ${reporting.keyed} of ${reporting.items} items that have one (${pct(reporting.share)}; max ${RULES.reportingKeyShareMax} %)`,
    `  absolute words: ${absoluteWords.inKeys} in keys (${absoluteWords.perKey.toFixed(3)} per key), ${absoluteWords.inDistractors} in distractors (${absoluteWords.perDistractor.toFixed(3)} per distractor; max ${RULES.absoluteWordRatio} × per key + ${RULES.absoluteWordSlack})`,
  ];
}

/** A plain-text summary of the stats: categories, difficulty, key letters, cues, near-duplicates, reviews. */
export function formatStats(stats: BankStats): string {
  const reviews = stats.reviews;
  return [
    `Question bank: ${stats.total} items`,
    '',
    ...formatCategories(stats),
    '',
    `Difficulty: ${formatShares(DIFFICULTIES, stats.difficulty)} (target ${DIFFICULTIES.map((d) => RULES.difficultyTarget[d]).join('/')} ± ${RULES.difficultyTolerance})`,
    `Answer letters: ${formatShares(OPTION_LETTERS, stats.answers)}`,
    ...formatKeySequences(stats),
    ...formatCues(stats.cues),
    `Near-duplicate pairs (TF-IDF cosine ≥ ${RULES.nearDuplicate}, or ≥ ${KEY_SIGNAL.similarity} with keys sharing ≥ ${KEY_SIGNAL.keyOverlap * 100} % of their words): ${stats.nearDuplicates.flagged} flagged, ${stats.nearDuplicates.judged} judged distinct`,
    `Reviews: ${reviews.agree} agree, ${reviews.fixed} fixed, ${reviews.missing} missing` +
      (reviews.reviewerDisagreed.length
        ? `; "agree" although the reviewer answered differently: ${reviews.reviewerDisagreed.join(', ')}`
        : ''),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Seed SQL
// ---------------------------------------------------------------------------------------------
