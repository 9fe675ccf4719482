// Moving reviewed drafts into the bank (`npm run bank:merge`) and re-lettering bank files
// (`npm run bank:merge -- --reletter-bank`). The functions work on folders read into memory; the
// script (scripts/merge-drafts.ts) reads and writes the files.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { categoryFiles, type OptionLetter } from '../../server/db/question-bank.ts';
import { assignKeys, type KeySequenceLimits } from './key-sequence.ts';
import {
  type BankItem,
  categoryInfo,
  type ReviewFile,
  type ReviewRecord,
  RULES,
  readJson,
} from './question-bank.ts';
import { reletterItem, reletterRefusal, reletterReview } from './reletter.ts';

export interface CategoryFile {
  category: string;
  items: BankItem[];
}

/** A folder of category files and the review files beside them, keyed by file name. */
export interface Folder {
  categories: Map<string, CategoryFile>;
  reviews: Map<string, ReviewFile>;
}

export interface MergeReport {
  merged: string[];
  /** Ids skipped because their review dropped them, with the review note. */
  dropped: Array<{ id: string; note: string }>;
  /** Ids skipped because no review record exists yet. */
  unreviewed: string[];
  /** Items whose key letter could not be moved, with the reason (they keep their letter). */
  keptLetters: Array<{ id: string; reason: string }>;
}

export const KEY_LIMITS: KeySequenceLimits = {
  context: RULES.keyContext,
  predictabilityMax: RULES.keyPredictabilityMax,
  shareMin: RULES.letterShareMin,
  shareMax: RULES.letterShareMax,
};

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

function jsonFiles(dir: string): string[] {
  return existsSync(dir) ? categoryFiles(dir) : [];
}

/** Reads the category files of `dir` and the review files of `reviewDir`. */
export function readFolder(dir: string, reviewDir: string): Folder {
  const categories = new Map<string, CategoryFile>();
  for (const name of jsonFiles(dir)) {
    const data = readJson(join(dir, name)) as CategoryFile;
    if (typeof data?.category !== 'string' || !Array.isArray(data.items)) {
      throw new Error(`${join(dir, name)}: expected { "category": string, "items": [...] }`);
    }
    categories.set(name, data);
  }
  const reviews = new Map<string, ReviewFile>();
  for (const name of jsonFiles(reviewDir)) reviews.set(name, readJson(join(reviewDir, name)) as ReviewFile);
  return { categories, reviews };
}

/** The bank's JSON style: two-space indent and a final newline. */
export function writeJson(path: string, data: unknown): void {
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
}

/** Writes the named category and review files of `folder`. */
export function writeFolder(dir: string, reviewDir: string, folder: Folder, files: Iterable<string>): void {
  mkdirSync(reviewDir, { recursive: true });
  for (const name of files) {
    const category = folder.categories.get(name);
    if (category) writeJson(join(dir, name), category);
    const reviews = folder.reviews.get(name);
    if (reviews) writeJson(join(reviewDir, name), reviews);
  }
}

// ---------------------------------------------------------------------------------------------
// Key letters
// ---------------------------------------------------------------------------------------------

function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function reviewOf(folder: Folder, file: string, id: string): ReviewRecord | undefined {
  return folder.reviews.get(file)?.reviews.find((record) => record.id === id);
}

/**
 * Gives the `movable` items of one bank file new key letters so the file's sequence is balanced
 * and unpredictable (seeded, so the same input gives the same letters), rewriting each moved
 * item's rationale and its review record. Items that cannot be moved keep their letter.
 */
function balanceKeys(
  folder: Folder,
  file: string,
  movable: ReadonlySet<string>,
  seed: string,
  date: string,
  keptLetters: MergeReport['keptLetters'],
): void {
  const category = folder.categories.get(file);
  if (!category) return;
  const slots = category.items.map((item): OptionLetter | null => {
    if (!movable.has(item.id)) return item.answer;
    const refusal = reletterRefusal(item);
    if (refusal) keptLetters.push({ id: item.id, reason: refusal });
    return refusal ? item.answer : null;
  });
  const keys = assignKeys(slots, seed, KEY_LIMITS);
  category.items = category.items.map((item, i) => {
    const newKey = keys[i] as OptionLetter;
    if (slots[i] !== null || newKey === item.answer) return item;
    const { item: moved, mapping } = reletterItem(item, newKey);
    const reviews = folder.reviews.get(file);
    if (reviews) {
      reviews.reviews = reviews.reviews.map((record) =>
        record.id === item.id ? reletterReview(record, mapping, date) : record,
      );
    }
    return moved;
  });
}

/** Re-letters every item of every bank file (the one-off fix for block-cycled key letters). */
export function reletterBank(bank: Folder, date: string): MergeReport['keptLetters'] {
  const keptLetters: MergeReport['keptLetters'] = [];
  for (const [file, category] of bank.categories) {
    const ids = new Set(category.items.map((item) => item.id));
    balanceKeys(bank, file, ids, `reletter:${file}`, date, keptLetters);
  }
  return keptLetters;
}

// ---------------------------------------------------------------------------------------------
// Merging
// ---------------------------------------------------------------------------------------------

interface PlannedItem {
  draftFile: string;
  bankFile: string;
  category: string;
  item: BankItem;
  record: ReviewRecord;
}

/** Every id the bank uses or has used: its items and all its review records (dropped ones too). */
function usedIds(bank: Folder): Set<string> {
  const ids = new Set<string>();
  for (const category of bank.categories.values()) for (const item of category.items) ids.add(item.id);
  for (const reviews of bank.reviews.values()) for (const record of reviews.reviews) ids.add(record.id);
  return ids;
}

function draftReview(drafts: Folder, file: string, id: string): ReviewRecord | undefined {
  const sameFile = reviewOf(drafts, file, id);
  if (sameFile) return sameFile;
  for (const reviews of drafts.reviews.values()) {
    const record = reviews.reviews.find((candidate) => candidate.id === id);
    if (record) return record;
  }
  return undefined;
}

/** Sorts the drafts into those to merge, dropped and unreviewed; throws on ids the bank already uses. */
function planMerge(bank: Folder, drafts: Folder, report: MergeReport): PlannedItem[] {
  const used = usedIds(bank);
  const planned: PlannedItem[] = [];
  const problems: string[] = [];
  for (const [draftFile, draft] of drafts.categories) {
    const bankFile = categoryInfo(draft.category)?.file;
    if (!bankFile) {
      problems.push(`${draftFile}: unknown category "${draft.category}"`);
      continue;
    }
    for (const item of draft.items) {
      const record = draftReview(drafts, draftFile, item.id);
      if (!record) report.unreviewed.push(item.id);
      else if (record.verdict === 'dropped') report.dropped.push({ id: item.id, note: record.note ?? '' });
      else if (used.has(item.id)) problems.push(`${item.id} (${draftFile}) is already used in the bank`);
      else {
        used.add(item.id);
        planned.push({ draftFile, bankFile, category: draft.category, item, record });
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(`nothing merged; renumber the drafts first:\n  ${problems.join('\n  ')}`);
  }
  return planned;
}

/**
 * The record with its draft review file's reviewer, date and method where they differ from the
 * bank review file's header, so the merged record still says who reviewed it, when and how.
 */
function withProvenance(record: ReviewRecord, from: ReviewFile | undefined, to: ReviewFile): ReviewRecord {
  const merged = { ...record };
  for (const field of ['reviewer', 'reviewed_at', 'method'] as const) {
    const value = from?.[field];
    if (value !== undefined && value !== to[field] && merged[field] === undefined) merged[field] = value;
  }
  return merged;
}

function draftReviewFileOf(drafts: Folder, draftFile: string, id: string): ReviewFile | undefined {
  const sameFile = drafts.reviews.get(draftFile);
  if (sameFile?.reviews.some((record) => record.id === id)) return sameFile;
  return [...drafts.reviews.values()].find((file) => file.reviews.some((record) => record.id === id));
}

function moveIntoBank(bank: Folder, drafts: Folder, planned: PlannedItem): void {
  const { bankFile, draftFile, item, record } = planned;
  const category = bank.categories.get(bankFile) ?? { category: planned.category, items: [] };
  const draftCategory = drafts.categories.get(draftFile);
  category.items = [...category.items, item].sort(byId);
  bank.categories.set(bankFile, category);

  const draftReviews = draftReviewFileOf(drafts, draftFile, item.id);
  const reviews = bank.reviews.get(bankFile) ?? {
    ...draftReviews,
    reviewer: draftReviews?.reviewer ?? '',
    reviews: [],
  };
  reviews.reviews = [...reviews.reviews, withProvenance(record, draftReviews, reviews)].sort(byId);
  bank.reviews.set(bankFile, reviews);

  if (draftCategory) draftCategory.items = draftCategory.items.filter((draft) => draft.id !== item.id);
  if (draftReviews) draftReviews.reviews = draftReviews.reviews.filter((r) => r.id !== item.id);
}

/**
 * Moves every draft whose review says agree or fixed into the bank, with its review record, and
 * balances the key letters of each bank file that received items (only the new items move).
 * Dropped and unreviewed drafts stay where they are. Throws, changing nothing, when a draft id
 * is already used by the bank (an item or any review record, since dropped ids are not reused).
 */
export function mergeDrafts(bank: Folder, drafts: Folder, date: string): MergeReport {
  const report: MergeReport = { merged: [], dropped: [], unreviewed: [], keptLetters: [] };
  const planned = planMerge(bank, drafts, report);
  for (const item of planned) moveIntoBank(bank, drafts, item);
  const movableByFile = new Map<string, Set<string>>();
  for (const { bankFile, item } of planned) {
    movableByFile.set(bankFile, (movableByFile.get(bankFile) ?? new Set()).add(item.id));
    report.merged.push(item.id);
  }
  for (const [file, movable] of movableByFile) {
    const seed = `merge:${file}:${[...movable].sort().join(',')}`;
    balanceKeys(bank, file, movable, seed, date, report.keptLetters);
  }
  return report;
}
