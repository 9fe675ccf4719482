// The clinical-judgment (NGN) bank's editorial checks: supabase/questions/ngn/*.json (read by
// server/db/ngn-bank.ts, re-exported here) plus one review file per bank file in
// supabase/questions/ngn/reviews/ (same file name).
//
// - validateNgnBank() checks the review records: every bank item (standalone or in a case study) has
//   one, in the review file of its bank file, not dropped, whose cold answer is a full response to
//   the item and whose cold_points / max_points are what the item's scoring rule gives that answer
//   ("agree" only with full points).
// - ngnStats() / formatNgnStats() give the bank's statistics (the content test prints them and
//   docs/content.md carries them, `npm run bank:export`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_NEEDS } from '../../domain/client-needs.ts';
import {
  type CaseStudy,
  JUDGMENT_STEPS,
  type JudgmentStep,
  type NgnItem,
  ngnFileSchema,
  SETTINGS,
} from '../../domain/ngn-items.ts';
import {
  maxPoints,
  type NgnResponse,
  responseProblem,
  type ScoringRule,
  scoreResponse,
  scoringKeyOf,
} from '../../domain/ngn-scoring.ts';
import { DEFAULT_NGN_BANK_DIR, loadNgnBank, type NgnBank, ngnBankFiles } from '../../server/db/ngn-bank.ts';
import { indexReviewRecords } from './question-bank.ts';

export * from '../../server/db/ngn-bank.ts';

export const DEFAULT_NGN_REVIEW_DIR = fileURLToPath(
  new URL('../../supabase/questions/ngn/reviews/', import.meta.url),
);

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type NgnVerdict = 'agree' | 'fixed' | 'dropped';
export const NGN_VERDICTS: readonly NgnVerdict[] = ['agree', 'fixed', 'dropped'];

export interface NgnReviewRecord {
  /** The item's id (a case-study item: `ngn-cs-01-3`). */
  id: string;
  /** The reviewer's own full response, given before reading the key: part id → choice ids. */
  reviewer_answer: NgnResponse;
  /** What the item's scoring rule gives the cold answer, and the most it can give. */
  cold_points: number;
  max_points: number;
  verdict: NgnVerdict;
  note?: string;
  /** Set on a merged record whose review differs from its file's header (`npm run ngn:merge`). */
  reviewer?: string;
  reviewed_at?: string;
  method?: string;
}

export interface NgnReviewFile {
  reviewer: string;
  reviewed_at?: string;
  method?: string;
  reviews: NgnReviewRecord[];
}

/** Review files by file name (`case-studies-a.json` → its reviews). */
export type NgnReviewSet = Record<string, NgnReviewFile>;

/** One bank file, validated. */
export interface NgnBankFile extends NgnBank {
  name: string;
}

export const NGN_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

/** The item types of the statistics: multiple response split by how many the student picks. */
export const NGN_TYPE_ROWS = [
  'multiple-response, select all',
  'multiple-response, select N',
  'matrix',
  'drop-down',
  'drag-and-drop',
  'highlight',
  'bow-tie',
] as const;
export type NgnTypeRow = (typeof NGN_TYPE_ROWS)[number];

export const SCORING_RULES: readonly ScoringRule[] = ['0/1', '+/-', 'dyad', 'triad'];

/** Standalone items and items of case studies. */
export interface Split {
  standalone: number;
  inCases: number;
}

export interface Count {
  count: number;
  /** Percent of all items, 0–100. */
  share: number;
}

export interface NgnStats {
  /** Every item, standalone and in case studies. */
  total: number;
  standalone: number;
  cases: number;
  caseItems: number;
  types: Record<NgnTypeRow, Split>;
  trend: Split;
  steps: Record<JudgmentStep, Split>;
  categories: Record<string, Count>;
  settings: Record<(typeof SETTINGS)[number], Count>;
  difficulty: Record<(typeof NGN_DIFFICULTIES)[number], Count>;
  rules: Record<ScoringRule, number>;
  reviews: {
    agree: number;
    fixed: number;
    missing: number;
    /** Points the cold answers of the reviewed items earned, of the most they could earn. */
    coldPoints: number;
    maxPoints: number;
  };
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

/**
 * The bank file by file, validated (the whole bank is loaded first, so a malformed file or an id
 * used twice throws with every problem listed, as loadNgnBank does).
 */
export function loadNgnBankFiles(dir: string = DEFAULT_NGN_BANK_DIR): NgnBankFile[] {
  loadNgnBank(dir);
  return ngnBankFiles(dir).map((name) => {
    const data = ngnFileSchema.parse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
    return { name, items: data.items, cases: data.cases };
  });
}

/** Reads every review file in `dir` (missing directory → no reviews). */
export function loadNgnReviews(dir: string = DEFAULT_NGN_REVIEW_DIR): NgnReviewSet {
  if (!existsSync(dir)) return {};
  const reviews: NgnReviewSet = {};
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    reviews[name] = JSON.parse(readFileSync(join(dir, name), 'utf8')) as NgnReviewFile;
  }
  return reviews;
}

/** Every item of the bank: standalone items, then the case studies' items in order. */
export function allNgnItems(bank: NgnBank): NgnItem[] {
  return [...bank.items, ...bank.cases.flatMap((study: CaseStudy) => study.items)];
}

// ---------------------------------------------------------------------------------------------
// Review records
// ---------------------------------------------------------------------------------------------

/** True when `value` has the shape of a response: an object of part id → list of choice ids. */
export function isNgnResponse(value: unknown): value is NgnResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(
      (picks) => Array.isArray(picks) && picks.every((pick) => typeof pick === 'string'),
    )
  );
}

/**
 * What is wrong with one item's review record, as `[<rule>] <message>` (none: it passes). The cold
 * answer must be a full response to the item, its points what the item's rule gives it, and an
 * "agree" needs full points (a reviewer who missed points either fixed the item or dropped it).
 */
export function ngnRecordProblems(item: NgnItem, record: NgnReviewRecord): string[] {
  const problems: string[] = [];
  if (!NGN_VERDICTS.includes(record.verdict)) {
    problems.push(`[review-verdict] verdict "${String(record.verdict)}" is not agree, fixed or dropped`);
  }
  if (record.verdict === 'dropped') {
    problems.push('[review-dropped] the review dropped this item; remove it from the bank');
  }
  const key = scoringKeyOf(item);
  if (!isNgnResponse(record.reviewer_answer)) {
    problems.push(
      '[review-answer] reviewer_answer must be a response: { "<part id>": ["<choice id>", ...] }',
    );
    return problems;
  }
  const problem = responseProblem(key, record.reviewer_answer);
  if (problem !== null) {
    problems.push(`[review-answer] reviewer_answer is not a response to this item: ${problem}`);
    return problems;
  }
  const score = scoreResponse(key, record.reviewer_answer);
  if (record.cold_points !== score.points || record.max_points !== score.max) {
    problems.push(
      `[review-points] the record says ${String(record.cold_points)} of ${String(record.max_points)} points; the cold answer scores ${score.points} of ${score.max} under the item's ${key.rule} rule`,
    );
  }
  if (record.verdict === 'agree' && score.points !== score.max) {
    problems.push(
      `[review-agree] "agree" with a cold answer of ${score.points} of ${score.max} points; a reviewer who missed points records "fixed" (what changed) or "dropped"`,
    );
  }
  return problems;
}

/**
 * Checks the review records of the bank. Each error is one line, `<id>: [<rule>] <message>`
 * (problems of a review file start with `[review-file]`).
 */
export function validateNgnBank(
  files: NgnBankFile[],
  options: { reviews?: NgnReviewSet } = {},
): { errors: string[]; stats: NgnStats } {
  const reviews = options.reviews ?? loadNgnReviews();
  const errors: string[] = [];
  const fail = (message: string) => errors.push(message);
  const byFile = indexReviewRecords<NgnReviewRecord>(reviews, fail);

  const inBank = new Set<string>();
  for (const file of files) {
    for (const item of allNgnItems(file)) {
      inBank.add(item.id);
      let record = byFile.get(file.name)?.get(item.id);
      if (!record) {
        const elsewhere = [...byFile.entries()].find(([, records]) => records.has(item.id));
        if (elsewhere) {
          fail(
            `${item.id}: [review-file] the review record is in reviews/${elsewhere[0]}, not reviews/${file.name}`,
          );
          record = elsewhere[1].get(item.id);
        }
      }
      if (!record) {
        fail(`${item.id}: [review-missing] no review record in reviews/${file.name}`);
        continue;
      }
      for (const problem of ngnRecordProblems(item, record)) fail(`${item.id}: ${problem}`);
    }
  }
  for (const [file, records] of byFile) {
    for (const record of records.values()) {
      if (record.verdict !== 'dropped' && !inBank.has(record.id)) {
        fail(
          `${record.id}: [review-orphan] reviews/${file} has a "${String(record.verdict)}" review for an item that is not in the bank`,
        );
      }
    }
  }
  const bank: NgnBank = { items: files.flatMap((f) => f.items), cases: files.flatMap((f) => f.cases) };
  return { errors, stats: ngnStats(bank, reviews) };
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

function percent(count: number, total: number): number {
  return total === 0 ? 0 : (count / total) * 100;
}

function pct(value: number): string {
  return `${value.toFixed(1)} %`;
}

export function typeRowOf(item: NgnItem): NgnTypeRow {
  if (item.type === 'multiple-response')
    return item.select === 'all' ? 'multiple-response, select all' : 'multiple-response, select N';
  return item.type;
}

const zeroSplit = (): Split => ({ standalone: 0, inCases: 0 });

function counts<T extends string>(
  values: readonly T[],
  items: NgnItem[],
  fieldOf: (item: NgnItem) => string,
): Record<T, Count> {
  return Object.fromEntries(
    values.map((value) => {
      const count = items.filter((item) => fieldOf(item) === value).length;
      return [value, { count, share: percent(count, items.length) }];
    }),
  ) as Record<T, Count>;
}

/** The bank's figures; review counts find each item's record in any review file. */
export function ngnStats(bank: NgnBank, reviews: NgnReviewSet): NgnStats {
  const caseItems = bank.cases.flatMap((study) => study.items);
  const all = [...bank.items, ...caseItems];
  const types = Object.fromEntries(NGN_TYPE_ROWS.map((row) => [row, zeroSplit()])) as Record<
    NgnTypeRow,
    Split
  >;
  const steps = Object.fromEntries(JUDGMENT_STEPS.map((step) => [step, zeroSplit()])) as Record<
    JudgmentStep,
    Split
  >;
  const trend = zeroSplit();
  const rules = Object.fromEntries(SCORING_RULES.map((rule) => [rule, 0])) as Record<ScoringRule, number>;
  const tally = (items: NgnItem[], side: keyof Split) => {
    for (const item of items) {
      types[typeRowOf(item)][side]++;
      steps[item.step][side]++;
      if (item.trend) trend[side]++;
      rules[scoringKeyOf(item).rule]++;
    }
  };
  tally(bank.items, 'standalone');
  tally(caseItems, 'inCases');

  const records = new Map<string, NgnReviewRecord>();
  for (const file of Object.values(reviews)) {
    for (const record of Array.isArray(file?.reviews) ? file.reviews : []) {
      if (typeof record?.id === 'string' && !records.has(record.id)) records.set(record.id, record);
    }
  }
  const review = { agree: 0, fixed: 0, missing: 0, coldPoints: 0, maxPoints: 0 };
  for (const item of all) {
    const record = records.get(item.id);
    if (!record || (record.verdict !== 'agree' && record.verdict !== 'fixed')) {
      review.missing += record ? 0 : 1;
      continue;
    }
    review[record.verdict]++;
    const key = scoringKeyOf(item);
    review.maxPoints += maxPoints(key);
    if (isNgnResponse(record.reviewer_answer) && responseProblem(key, record.reviewer_answer) === null)
      review.coldPoints += scoreResponse(key, record.reviewer_answer).points;
  }

  return {
    total: all.length,
    standalone: bank.items.length,
    cases: bank.cases.length,
    caseItems: caseItems.length,
    types,
    trend,
    steps,
    categories: counts(
      CLIENT_NEEDS.map((need) => need.name),
      all,
      (item) => item.category,
    ),
    settings: counts(SETTINGS, all, (item) => item.setting),
    difficulty: counts(NGN_DIFFICULTIES, all, (item) => item.difficulty),
    rules,
    reviews: review,
  };
}

function splitTable(title: string, rows: readonly string[], values: Record<string, Split>): string[] {
  const lines = [`${title.padEnd(34)} Standalone  In cases   Total`];
  for (const row of rows) {
    const { standalone, inCases } = values[row] ?? zeroSplit();
    lines.push(
      `${row.padEnd(34)} ${String(standalone).padStart(10)} ${String(inCases).padStart(9)} ${String(standalone + inCases).padStart(7)}`,
    );
  }
  return lines;
}

function formatCounts(values: readonly string[], shares: Record<string, Count>): string {
  return values
    .map((value) => `${value} ${shares[value]?.count ?? 0} (${pct(shares[value]?.share ?? 0)})`)
    .join(', ');
}

/** A plain-text summary: items by type, step, category, setting and difficulty; scoring rules; reviews. */
export function formatNgnStats(stats: NgnStats): string {
  const head = `Clinical-judgment (NGN) bank: ${stats.total} items (${stats.standalone} standalone; ${stats.cases} case studies with ${stats.caseItems} items)`;
  if (stats.total === 0) return head;
  const { reviews } = stats;
  const trend = stats.trend;
  return [
    head,
    '',
    ...splitTable('Type', NGN_TYPE_ROWS, stats.types),
    `${'  of which trend items'.padEnd(34)} ${String(trend.standalone).padStart(10)} ${String(trend.inCases).padStart(9)} ${String(trend.standalone + trend.inCases).padStart(7)}`,
    '',
    ...splitTable('Clinical-judgment step', JUDGMENT_STEPS, stats.steps),
    '',
    'Category                          Items   Share   Test plan',
    ...CLIENT_NEEDS.map((need) => {
      const c = stats.categories[need.name] ?? { count: 0, share: 0 };
      return `${need.name.padEnd(32)} ${String(c.count).padStart(6)} ${pct(c.share).padStart(8)}   ${need.min}–${need.max} %`;
    }),
    '',
    `Setting: ${formatCounts(SETTINGS, stats.settings)}`,
    `Difficulty: ${formatCounts(NGN_DIFFICULTIES, stats.difficulty)}`,
    `Scoring rules: ${SCORING_RULES.map((rule) => `${rule} ${stats.rules[rule]}`).join(', ')}`,
    `Reviews: ${reviews.agree} agree, ${reviews.fixed} fixed, ${reviews.missing} missing; cold answers scored ${reviews.coldPoints} of ${reviews.maxPoints} points (${pct(percent(reviews.coldPoints, reviews.maxPoints))})`,
  ].join('\n');
}
