// The cold review round trip (docs/content.md "Review"): a reviewer answers new drafts and revised
// bank items from a copy without keys, and the answers become review records mechanically.
//
// - coldPacket() writes what the reviewer sees: every item as a student sees it (stem, exhibit,
//   options or parts), with no key, rationale, scoring rule, correct flag, topic, step or difficulty.
// - applyColdAnswers() reads the reviewer's answers and writes the records: `agree` only when the
//   cold answer earns full points (classic: the keyed letter; NGN: every point by the item's own
//   scoring rule) and the reviewer raised no blocking note. Anything else gets no record: the item is
//   listed for its author to fix (and answer cold again) or drop, so `npm run bank:merge` and
//   `npm run ngn:merge` leave it in the drafts. A revised bank item that is agreed gets
//   "Re-review <date> (cold answer …): agree" on its record.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NgnItem } from '../../domain/ngn-items.ts';
import { ngnFileSchema } from '../../domain/ngn-items.ts';
import {
  type NgnResponse,
  responseProblem,
  type ScoringKey,
  scoreResponse,
  scoringKeyOf,
} from '../../domain/ngn-scoring.ts';
import { type BankItem, OPTION_LETTERS } from '../../server/db/question-bank.ts';

const questions = (path: string) =>
  fileURLToPath(new URL(`../../supabase/questions/${path}`, import.meta.url));

/** Where the bank, the drafts and their review records live (overridable for tests). */
export interface ReviewPaths {
  bank: string;
  bankReviews: string;
  drafts: string;
  draftReviews: string;
  ngnBank: string;
  ngnBankReviews: string;
  ngnDrafts: string;
  ngnDraftReviews: string;
}

export const DEFAULT_PATHS: ReviewPaths = {
  bank: questions(''),
  bankReviews: questions('reviews/'),
  drafts: questions('drafts/'),
  draftReviews: questions('drafts/reviews/'),
  ngnBank: questions('ngn/'),
  ngnBankReviews: questions('ngn/reviews/'),
  ngnDrafts: questions('ngn/drafts/'),
  ngnDraftReviews: questions('ngn/drafts/reviews/'),
};

/** The packet's files; the reviewer answers each in a file of the same name. */
export const PACKET_FILES = {
  classicNew: 'classic-new.json',
  ngnNew: 'ngn-new.json',
  classicChanged: 'classic-changed.json',
  ngnChanged: 'ngn-changed.json',
} as const;

type Json = Record<string, unknown>;
/** A review record: an id and whatever else the record carries. */
type IdRecord = { id: string; [field: string]: unknown };

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function writeJson(path: string, data: unknown): void {
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
}

function jsonFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json') && name !== 'near-duplicates.json')
        .sort()
    : [];
}

interface ReviewFile<R> {
  reviewer: string;
  reviewed_at: string;
  method: string;
  reviews: R[];
}

function reviewedIds(dir: string): Set<string> {
  return new Set(
    jsonFiles(dir).flatMap((name) =>
      readJson<ReviewFile<{ id: string }>>(join(dir, name)).reviews.map((r) => r.id),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// What a student sees
// ---------------------------------------------------------------------------------------------

/** A classic item without its key and rationale. */
export function studentClassic(item: BankItem): Json {
  return { id: item.id, type: 'classic', stem: item.stem, options: item.options };
}

const choices = (list: Array<{ id: string; text: string }>) => list.map(({ id, text }) => ({ id, text }));

/** An NGN item as a student sees it: stem, exhibit and choices, nothing that tells the key. */
export function studentNgn(item: NgnItem): Json {
  const base: Json = { id: item.id, type: item.type, exhibit: item.exhibit, stem: item.stem };
  switch (item.type) {
    case 'multiple-response':
      return { ...base, select: item.select, options: choices(item.options) };
    case 'highlight':
      return { ...base, segments: choices(item.segments) };
    case 'matrix':
      return {
        ...base,
        multiple: item.multiple,
        columns: item.columns,
        rows: item.rows.map(({ id, text }) => ({ id, text })),
      };
    case 'drop-down':
      return {
        ...base,
        template: item.template,
        blanks: item.blanks.map((b) => ({ id: b.id, options: choices(b.options) })),
      };
    case 'drag-and-drop':
      return {
        ...base,
        template: item.template,
        tokens: item.tokens,
        blanks: Object.keys(item.answers).sort(),
      };
    case 'bow-tie':
      return {
        ...base,
        condition: choices(item.condition),
        actions: choices(item.actions),
        parameters: choices(item.parameters),
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Loading the items under review
// ---------------------------------------------------------------------------------------------

interface ClassicEntry {
  item: BankItem;
  /** The category file name: the draft file and its review file, or the bank file. */
  file: string;
}

interface NgnEntry {
  item: NgnItem;
  file: string;
  /** The case study the item belongs to, as a student sees its opening. */
  study?: { id: string; title: string; intro: string };
}

function classicItems(dir: string): ClassicEntry[] {
  return jsonFiles(dir).flatMap((file) =>
    readJson<{ items: BankItem[] }>(join(dir, file)).items.map((item) => ({ item, file })),
  );
}

function ngnItems(dir: string): NgnEntry[] {
  return jsonFiles(dir).flatMap((file) => {
    const data = ngnFileSchema.parse(readJson(join(dir, file)));
    return [
      ...data.items.map((item) => ({ item, file })),
      ...data.cases.flatMap((study) =>
        study.items.map((item) => ({
          item,
          file,
          study: { id: study.id, title: study.title, intro: study.intro },
        })),
      ),
    ];
  });
}

/** Drafts without a review record: the new items a cold review is for. */
export function newDrafts(paths: ReviewPaths = DEFAULT_PATHS): { classic: ClassicEntry[]; ngn: NgnEntry[] } {
  const classicDone = reviewedIds(paths.draftReviews);
  const ngnDone = reviewedIds(paths.ngnDraftReviews);
  return {
    classic: classicItems(paths.drafts).filter(({ item }) => !classicDone.has(item.id)),
    ngn: ngnItems(paths.ngnDrafts).filter(({ item }) => !ngnDone.has(item.id)),
  };
}

/**
 * Items named in `ids` (revised items answered cold again): bank items, and drafts that already hold
 * a review record (a case-study item revised while its case waits in the drafts for another item).
 * Each carries the review folder its record lives in, where an agreeing re-review is noted.
 */
export function changedItems(
  ids: string[],
  paths: ReviewPaths = DEFAULT_PATHS,
): { classic: (ClassicEntry & { reviews: string })[]; ngn: (NgnEntry & { reviews: string })[] } {
  const wanted = new Set(ids);
  const classicDone = reviewedIds(paths.draftReviews);
  const ngnDone = reviewedIds(paths.ngnDraftReviews);
  return {
    classic: [
      ...classicItems(paths.bank).map((entry) => ({ ...entry, reviews: paths.bankReviews })),
      ...classicItems(paths.drafts)
        .filter(({ item }) => classicDone.has(item.id))
        .map((entry) => ({ ...entry, reviews: paths.draftReviews })),
    ].filter(({ item }) => wanted.has(item.id)),
    ngn: [
      ...ngnItems(paths.ngnBank).map((entry) => ({ ...entry, reviews: paths.ngnBankReviews })),
      ...ngnItems(paths.ngnDrafts)
        .filter(({ item }) => ngnDone.has(item.id))
        .map((entry) => ({ ...entry, reviews: paths.ngnDraftReviews })),
    ].filter(({ item }) => wanted.has(item.id)),
  };
}

function ngnPacket(entries: NgnEntry[]): Json {
  return {
    items: entries.map(({ item, study }) => ({
      ...(study ? { case_study: study } : {}),
      ...studentNgn(item),
    })),
  };
}

/** Writes the packet's four JSON files into `dir`; returns how many items each holds. */
export function coldPacket(
  dir: string,
  changedIds: string[],
  paths: ReviewPaths = DEFAULT_PATHS,
): Record<string, number> {
  mkdirSync(dir, { recursive: true });
  const fresh = newDrafts(paths);
  const changed = changedItems(changedIds, paths);
  const files: Record<string, Json> = {
    [PACKET_FILES.classicNew]: { items: fresh.classic.map(({ item }) => studentClassic(item)) },
    [PACKET_FILES.ngnNew]: ngnPacket(fresh.ngn),
    [PACKET_FILES.classicChanged]: { items: changed.classic.map(({ item }) => studentClassic(item)) },
    [PACKET_FILES.ngnChanged]: ngnPacket(changed.ngn),
  };
  const counts: Record<string, number> = {};
  for (const [name, data] of Object.entries(files)) {
    writeJson(join(dir, name), data);
    counts[name] = (data.items as unknown[]).length;
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// From cold answers to review records
// ---------------------------------------------------------------------------------------------

/** One cold answer: a letter for a classic item, the whole response for an NGN item. */
export interface ColdAnswer {
  id: string;
  reviewer_answer: string | NgnResponse;
  /** What the reviewer noticed: ambiguity, a cue, a wrong fact, scope, an exhibit problem. */
  notes?: string;
  /** True when a note must be fixed before the item ships. */
  blocking?: boolean;
}

export interface ColdVerdict {
  id: string;
  agree: boolean;
  /** Why the item is not agreed (empty when it is). */
  reason: string;
  cold_points: number;
  max_points: number;
  /** The response as recorded: the reviewer's, with a lone part named as the item names it. */
  reviewer_answer?: unknown;
}

/**
 * The packet shows a multiple-response or highlight item's choices without naming their one part
 * (`options`, `segments`), so a reviewer may label it otherwise (`"1"`). When the item has one part
 * and the answer one unknown part, that part is the item's; anything else is left for
 * `responseProblem` to refuse (decision 241).
 */
export function withLonePartNamed(key: ScoringKey, response: NgnResponse): NgnResponse {
  const [only] = key.groups;
  const parts = Object.keys(response);
  if (key.groups.length !== 1 || !only || parts.length !== 1) return response;
  const [part] = parts as [string];
  return part === only.id ? response : { [only.id]: response[part] ?? [] };
}

/** Whether a cold answer agrees with the key: full points and no blocking note. */
export function judgeClassic(item: BankItem, answer: ColdAnswer): ColdVerdict {
  const letter = answer.reviewer_answer;
  const reasons: string[] = [];
  if (typeof letter !== 'string' || !OPTION_LETTERS.includes(letter as never))
    reasons.push('the cold answer is not a letter A–D');
  else if (letter !== item.answer) reasons.push(`cold answer ${letter}, key ${item.answer}`);
  if (answer.blocking) reasons.push(`blocking note: ${answer.notes ?? ''}`);
  const right = letter === item.answer ? 1 : 0;
  return {
    id: item.id,
    agree: reasons.length === 0,
    reason: reasons.join('; '),
    cold_points: right,
    max_points: 1,
  };
}

export function judgeNgn(item: NgnItem, answer: ColdAnswer): ColdVerdict {
  const key = scoringKeyOf(item);
  const given = answer.reviewer_answer;
  const response =
    typeof given === 'object' && given !== null && !Array.isArray(given)
      ? withLonePartNamed(key, given as NgnResponse)
      : given;
  const reasons: string[] = [];
  let points = 0;
  let max = scoreResponse(key, {}).max;
  if (typeof response !== 'object' || response === null || Array.isArray(response)) {
    reasons.push('the cold answer is not a response (part id → choice ids)');
  } else {
    const problem = responseProblem(key, response);
    if (problem) reasons.push(`the cold answer is not a response to the item: ${problem}`);
    const score = scoreResponse(key, response);
    points = score.points;
    max = score.max;
    if (!problem && points < max) reasons.push(`cold answer scored ${points} of ${max}`);
  }
  if (answer.blocking) reasons.push(`blocking note: ${answer.notes ?? ''}`);
  return {
    id: item.id,
    agree: reasons.length === 0,
    reason: reasons.join('; '),
    cold_points: points,
    max_points: max,
    reviewer_answer: response,
  };
}

export interface ApplyOptions {
  reviewer: string;
  date: string;
  method?: string;
  dryRun?: boolean;
}

export interface ApplyResult {
  agreed: string[];
  /** Items to fix (and answer cold again) or drop, with the reason. */
  followUp: ColdVerdict[];
  /** Items in the packet that the answers do not cover. */
  unanswered: string[];
}

const METHOD =
  'answered cold from a key-less copy, then checked keys, rationales and exhibits against current references';

function answersIn(dir: string, name: string): Map<string, ColdAnswer> {
  const path = join(dir, name);
  if (!existsSync(path)) return new Map();
  const data = readJson<{ items?: ColdAnswer[] } | ColdAnswer[]>(path);
  const list = Array.isArray(data) ? data : (data.items ?? []);
  return new Map(list.map((answer) => [answer.id, answer]));
}

function noteOf(answer: ColdAnswer): string {
  return answer.notes?.trim() ? ` Reviewer's note: ${answer.notes.trim()}` : '';
}

/** Adds records to a review file (creating it with a header), keeping its records sorted by id. */
function addRecords<R extends { id: string }>(
  path: string,
  records: R[],
  header: Omit<ReviewFile<R>, 'reviews'>,
): void {
  if (records.length === 0) return;
  const file: ReviewFile<R> = existsSync(path) ? readJson(path) : { ...header, reviews: [] };
  const ids = new Set(records.map((r) => r.id));
  file.reviews = [...file.reviews.filter((r) => !ids.has(r.id)), ...records].sort((a, b) =>
    a.id.localeCompare(b.id),
  );
  writeJson(path, file);
}

/** Updates the records of revised bank items that the cold answer agrees with. */
function reReview(path: string, updates: Map<string, (record: IdRecord) => IdRecord>): void {
  if (updates.size === 0 || !existsSync(path)) return;
  const file = readJson<ReviewFile<IdRecord>>(path);
  file.reviews = file.reviews.map((record) => updates.get(record.id)?.(record) ?? record);
  writeJson(path, file);
}

/**
 * Reads the cold answers in `answersDir` (files named as the packet's) and writes the review records
 * for every agreed item; returns what was agreed and what needs a fix or a drop.
 */
export function applyColdAnswers(
  answersDir: string,
  changedIds: string[],
  options: ApplyOptions,
  paths: ReviewPaths = DEFAULT_PATHS,
): ApplyResult {
  const header = { reviewer: options.reviewer, reviewed_at: options.date, method: options.method ?? METHOD };
  const fresh = newDrafts(paths);
  const changed = changedItems(changedIds, paths);
  const result: ApplyResult = { agreed: [], followUp: [], unanswered: [] };

  type Pending = { dir: string; file: string; record: IdRecord };
  const newRecords: Pending[] = [];
  const reReviews = new Map<string, Map<string, (record: IdRecord) => IdRecord>>();
  const reReviewIn = (path: string, id: string, update: (record: IdRecord) => IdRecord) => {
    if (!reReviews.has(path)) reReviews.set(path, new Map());
    reReviews.get(path)?.set(id, update);
  };

  const judge = <E extends { item: { id: string }; file: string }>(
    entries: E[],
    answers: Map<string, ColdAnswer>,
    verdictOf: (entry: E, answer: ColdAnswer) => ColdVerdict,
    onAgree: (entry: E, answer: ColdAnswer, verdict: ColdVerdict) => void,
  ) => {
    for (const entry of entries) {
      const answer = answers.get(entry.item.id);
      if (!answer) {
        result.unanswered.push(entry.item.id);
        continue;
      }
      const verdict = verdictOf(entry, answer);
      if (!verdict.agree) {
        result.followUp.push(verdict);
        continue;
      }
      result.agreed.push(entry.item.id);
      onAgree(entry, answer, verdict);
    }
  };

  judge(
    fresh.classic,
    answersIn(answersDir, PACKET_FILES.classicNew),
    (e, a) => judgeClassic(e.item, a),
    (e, a) =>
      newRecords.push({
        dir: paths.draftReviews,
        file: e.file,
        record: {
          id: e.item.id,
          reviewer_answer: a.reviewer_answer,
          verdict: 'agree',
          note: noteOf(a).trim(),
        },
      }),
  );
  judge(
    fresh.ngn,
    answersIn(answersDir, PACKET_FILES.ngnNew),
    (e, a) => judgeNgn(e.item, a),
    (e, a, v) =>
      newRecords.push({
        dir: paths.ngnDraftReviews,
        file: e.file,
        record: {
          id: e.item.id,
          reviewer_answer: v.reviewer_answer,
          cold_points: v.cold_points,
          max_points: v.max_points,
          verdict: 'agree',
          note: noteOf(a).trim(),
        },
      }),
  );
  judge(
    changed.classic,
    answersIn(answersDir, PACKET_FILES.classicChanged),
    (e, a) => judgeClassic(e.item, a),
    (e, a) =>
      reReviewIn(join(e.reviews, e.file), e.item.id, (record) => ({
        ...record,
        reviewer_answer: a.reviewer_answer,
        note: `${String(record.note ?? '').trim()} Re-review ${options.date} (cold answer ${String(a.reviewer_answer)}): agree.${noteOf(a)}`.trim(),
      })),
  );
  judge(
    changed.ngn,
    answersIn(answersDir, PACKET_FILES.ngnChanged),
    (e, a) => judgeNgn(e.item, a),
    (e, a, v) =>
      reReviewIn(join(e.reviews, e.file), e.item.id, (record) => ({
        ...record,
        reviewer_answer: v.reviewer_answer,
        cold_points: v.cold_points,
        max_points: v.max_points,
        note: `${String(record.note ?? '').trim()} Re-review ${options.date} (cold answer ${v.cold_points} of ${v.max_points} points): agree.${noteOf(a)}`.trim(),
      })),
  );

  if (!options.dryRun) {
    const byFile = new Map<string, IdRecord[]>();
    for (const { dir, file, record } of newRecords) {
      const path = join(dir, file);
      byFile.set(path, [...(byFile.get(path) ?? []), record]);
    }
    for (const [path, records] of byFile) {
      mkdirSync(join(path, '..'), { recursive: true });
      addRecords(path, records, header);
    }
    for (const [path, updates] of reReviews) reReview(path, updates);
  }
  return result;
}
