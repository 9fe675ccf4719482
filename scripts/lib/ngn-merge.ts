// Moving reviewed clinical-judgment (NGN) drafts into the bank (`npm run ngn:merge`): from
// supabase/questions/ngn/drafts/<file>.json (records in drafts/reviews/<file>.json) into
// supabase/questions/ngn/<file>.json (records in reviews/<file>.json). The functions work on folders
// read into memory; the script (scripts/merge-ngn-drafts.ts) reads and writes the files.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ngnFileProblems, ngnFileSchema } from '../../domain/ngn-items.ts';
import { writeJson } from './merge.ts';
import {
  allNgnItems,
  type NgnReviewFile,
  type NgnReviewRecord,
  ngnBankFiles,
  ngnRecordProblems,
} from './ngn-bank.ts';

/** A draft or bank item as written in its file (validated only when it merges). */
export interface NgnFileItem {
  id?: unknown;
  [field: string]: unknown;
}

export interface NgnFileCase {
  id?: unknown;
  items?: NgnFileItem[];
  [field: string]: unknown;
}

/** One NGN file as written: `{ items, cases }`, either may be missing. */
export interface NgnFileData {
  items?: NgnFileItem[];
  cases?: NgnFileCase[];
  [field: string]: unknown;
}

/** A folder of NGN files and the review files beside them, keyed by file name. */
export interface NgnFolder {
  files: Map<string, NgnFileData>;
  reviews: Map<string, NgnReviewFile>;
}

export interface NgnMergeReport {
  /** Item ids merged (standalone items and the items of merged case studies). */
  merged: string[];
  /** Case studies merged (whole: all six items). */
  mergedCases: string[];
  /** Items the review dropped, with the note; they stay in the drafts. */
  dropped: Array<{ id: string; note: string }>;
  /** Items without a review record yet; they stay in the drafts. */
  unreviewed: string[];
  /** Case studies left in the drafts because an item of theirs was dropped or is unreviewed. */
  heldCases: string[];
  /** Files that changed (the same name in the folder and in its reviews/). */
  bankFiles: string[];
  draftFiles: string[];
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/** Reads the NGN files of `dir` (`*.json` directly in it) and the review files of `reviewDir`. */
export function readNgnFolder(dir: string, reviewDir: string): NgnFolder {
  const files = new Map<string, NgnFileData>();
  for (const name of ngnBankFiles(dir)) {
    const data = readJsonFile(join(dir, name)) as NgnFileData;
    const isList = (value: unknown) => value === undefined || Array.isArray(value);
    if (typeof data !== 'object' || data === null || !isList(data.items) || !isList(data.cases)) {
      throw new Error(`${join(dir, name)}: expected { "items": [...], "cases": [...] }`);
    }
    files.set(name, data);
  }
  const reviews = new Map<string, NgnReviewFile>();
  if (existsSync(reviewDir)) {
    for (const name of readdirSync(reviewDir)
      .filter((file) => file.endsWith('.json'))
      .sort()) {
      const data = readJsonFile(join(reviewDir, name)) as NgnReviewFile;
      if (typeof data !== 'object' || data === null || !Array.isArray(data.reviews)) {
        throw new Error(`${join(reviewDir, name)}: expected { "reviewer": string, "reviews": [...] }`);
      }
      reviews.set(name, data);
    }
  }
  return { files, reviews };
}

/** Writes the named files of `folder` and their review files, in the bank's JSON style. */
export function writeNgnFolder(
  dir: string,
  reviewDir: string,
  folder: NgnFolder,
  names: Iterable<string>,
): void {
  for (const name of names) {
    const data = folder.files.get(name);
    if (data) {
      mkdirSync(dir, { recursive: true });
      writeJson(join(dir, name), data);
    }
    const reviews = folder.reviews.get(name);
    if (reviews) {
      mkdirSync(reviewDir, { recursive: true });
      writeJson(join(reviewDir, name), reviews);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Merging
// ---------------------------------------------------------------------------------------------

const byId = (a: { id?: unknown }, b: { id?: unknown }) => {
  const x = String(a.id);
  const y = String(b.id);
  return x < y ? -1 : x > y ? 1 : 0;
};

const idOf = (entry: { id?: unknown }): string | undefined =>
  typeof entry.id === 'string' ? entry.id : undefined;

interface Planned {
  file: string;
  kind: 'item' | 'case';
  entry: NgnFileItem | NgnFileCase;
  /** The ids and records that move with it (one for an item, six for a case study). */
  records: NgnReviewRecord[];
}

/** Every id the bank uses or has used, with where: its items, case studies and review records. */
function usedIds(bank: NgnFolder): Map<string, string> {
  const used = new Map<string, string>();
  for (const [name, data] of bank.files) {
    for (const item of data.items ?? []) if (idOf(item)) used.set(idOf(item) as string, name);
    for (const study of data.cases ?? []) {
      if (idOf(study)) used.set(idOf(study) as string, name);
      for (const item of study.items ?? []) if (idOf(item)) used.set(idOf(item) as string, name);
    }
  }
  for (const [name, file] of bank.reviews) {
    for (const record of file.reviews) {
      if (typeof record?.id === 'string' && !used.has(record.id)) used.set(record.id, `reviews/${name}`);
    }
  }
  return used;
}

/** Sorts the drafts into those to merge, dropped, unreviewed and held; throws on ids in use. */
function planMerge(bank: NgnFolder, drafts: NgnFolder, report: NgnMergeReport): Planned[] {
  const used = usedIds(bank);
  const problems: string[] = [];
  const planned: Planned[] = [];
  const claim = (id: string, where: string) => {
    const first = used.get(id);
    if (first !== undefined) problems.push(`${id} (drafts/${where}) is already used in ${first}`);
    else used.set(id, `drafts/${where}`);
  };
  for (const [file, data] of [...drafts.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const records = new Map<string, NgnReviewRecord>();
    for (const record of drafts.reviews.get(file)?.reviews ?? []) {
      if (typeof record?.id === 'string') records.set(record.id, record);
    }
    /** The record of a draft item, or why it does not move. */
    const sort = (id: string | undefined, label: string): NgnReviewRecord | 'dropped' | 'unreviewed' => {
      const record = id === undefined ? undefined : records.get(id);
      if (!record) {
        report.unreviewed.push(id ?? `${file}: ${label} (no id)`);
        return 'unreviewed';
      }
      if (record.verdict === 'dropped') {
        report.dropped.push({ id: record.id, note: record.note ?? '' });
        return 'dropped';
      }
      if (record.verdict !== 'agree' && record.verdict !== 'fixed') {
        problems.push(
          `${record.id} (drafts/reviews/${file}): verdict "${String(record.verdict)}" is not agree, fixed or dropped`,
        );
      }
      return record;
    };
    (data.items ?? []).forEach((item, i) => {
      const record = sort(idOf(item), `items[${i}]`);
      if (typeof record === 'string') return;
      claim(record.id, file);
      planned.push({ file, kind: 'item', entry: item, records: [record] });
    });
    (data.cases ?? []).forEach((study, i) => {
      const caseId = idOf(study) ?? `${file}: cases[${i}]`;
      const items = study.items ?? [];
      const sorted = items.map((item, j) => sort(idOf(item), `${caseId} item ${j + 1}`));
      const moving = sorted.filter((record): record is NgnReviewRecord => typeof record !== 'string');
      if (moving.length !== items.length || idOf(study) === undefined) {
        report.heldCases.push(caseId);
        return;
      }
      claim(caseId, file);
      for (const record of moving) claim(record.id, file);
      planned.push({ file, kind: 'case', entry: study, records: moving });
    });
  }
  if (problems.length > 0) {
    throw new Error(`nothing merged; renumber or correct the drafts first:\n  ${problems.join('\n  ')}`);
  }
  return planned;
}

/**
 * The record with its draft review file's reviewer, date and method where they differ from the
 * bank review file's header, so the merged record still says who reviewed it, when and how.
 */
function withProvenance(
  record: NgnReviewRecord,
  from: NgnReviewFile | undefined,
  to: NgnReviewFile,
): NgnReviewRecord {
  const merged = { ...record };
  for (const field of ['reviewer', 'reviewed_at', 'method'] as const) {
    const value = from?.[field];
    if (value !== undefined && value !== to[field] && merged[field] === undefined) merged[field] = value;
  }
  return merged;
}

/** The bank file as written: `items` then `cases`, each sorted by id, an empty list left out. */
function bankFileOf(data: NgnFileData | undefined, items: NgnFileItem[], cases: NgnFileCase[]): NgnFileData {
  const out: NgnFileData = {};
  const allItems = [...(data?.items ?? []), ...items].sort(byId);
  const allCases = [...(data?.cases ?? []), ...cases].sort(byId);
  if (allItems.length > 0 || data?.items) out.items = allItems;
  if (allCases.length > 0 || data?.cases) out.cases = allCases;
  return out;
}

/** Problems of the merged bank files: the schema, and the records of the merged items. */
function mergedProblems(bank: NgnFolder, planned: Planned[], files: string[]): string[] {
  const problems: string[] = [];
  const records = new Map(planned.flatMap((p) => p.records.map((record) => [record.id, record] as const)));
  for (const name of files) {
    const data = bank.files.get(name);
    const fileProblems = ngnFileProblems(data);
    problems.push(...fileProblems.map((problem) => `${name}: ${problem}`));
    if (fileProblems.length > 0) continue;
    for (const item of allNgnItems(ngnFileSchema.parse(data))) {
      const record = records.get(item.id);
      if (record)
        problems.push(...ngnRecordProblems(item, record).map((problem) => `${item.id}: ${problem}`));
    }
  }
  return problems;
}

/**
 * Moves every reviewed draft (verdict agree or fixed) into the bank file of the same name, with its
 * review record: standalone items one by one, case studies whole (all six items agree or fixed).
 * Dropped and unreviewed drafts stay where they are, and so does every case study with such an
 * item. Works on copies and returns them: throws, changing nothing, when a draft id is already
 * used (by a bank item, a case study or any bank review record, since dropped ids are not reused,
 * or by another draft), or when a merged file fails the schema (ngnFileProblems) or a merged record
 * fails the review checks (the cold answer scored with the item's rule).
 */
export function mergeNgnDrafts(
  bankIn: NgnFolder,
  draftsIn: NgnFolder,
): { bank: NgnFolder; drafts: NgnFolder; report: NgnMergeReport } {
  const bank = structuredClone(bankIn);
  const drafts = structuredClone(draftsIn);
  const report: NgnMergeReport = {
    merged: [],
    mergedCases: [],
    dropped: [],
    unreviewed: [],
    heldCases: [],
    bankFiles: [],
    draftFiles: [],
  };
  const planned = planMerge(bank, drafts, report);
  const files = [...new Set(planned.map((p) => p.file))].sort();

  for (const file of files) {
    const moving = planned.filter((p) => p.file === file);
    const items = moving.filter((p) => p.kind === 'item').map((p) => p.entry as NgnFileItem);
    const cases = moving.filter((p) => p.kind === 'case').map((p) => p.entry as NgnFileCase);
    bank.files.set(file, bankFileOf(bank.files.get(file), items, cases));

    const draft = drafts.files.get(file) as NgnFileData;
    if (draft.items) draft.items = draft.items.filter((item) => !items.includes(item));
    if (draft.cases) draft.cases = draft.cases.filter((study) => !cases.includes(study));

    const draftReviews = drafts.reviews.get(file);
    const reviews = bank.reviews.get(file) ?? {
      ...draftReviews,
      reviewer: draftReviews?.reviewer ?? '',
      reviews: [],
    };
    const records = moving.flatMap((p) => p.records);
    const ids = new Set(records.map((record) => record.id));
    reviews.reviews = [
      ...reviews.reviews,
      ...records.map((record) => withProvenance(record, draftReviews, reviews)),
    ].sort(byId);
    bank.reviews.set(file, reviews);
    if (draftReviews) draftReviews.reviews = draftReviews.reviews.filter((record) => !ids.has(record.id));

    report.merged.push(...records.map((record) => record.id));
    report.mergedCases.push(...cases.map((study) => String(study.id)));
  }

  const problems = mergedProblems(bank, planned, files);
  if (problems.length > 0) {
    throw new Error(
      `nothing merged; the merged files would have these problems:\n  ${problems.join('\n  ')}`,
    );
  }
  report.bankFiles = files;
  report.draftFiles = files;
  return { bank, drafts, report };
}
