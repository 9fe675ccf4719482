// Near-duplicate detection for the question bank: TF-IDF cosine similarity over each item's stem,
// options and rationale, and the allow-list of flagged pairs that a person judged distinct
// (supabase/questions/near-duplicates.json).
//
// Two items are duplicates when they test the same scenario with the same key idea, whatever the
// wording. The scenario lives in the stem and the key idea in the key option, so those two count
// twice; distractors and rationales vary most between authors and count once. Word pairs (bigrams)
// are terms too, so "another client" or "medication cart" weigh more than their single words.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BankItem, OPTION_LETTERS, readJson } from '../../server/db/question-bank.ts';
import { STOP_WORDS } from '../../src/content/stop-words.ts';

export const NEAR_DUPLICATES_FILE = fileURLToPath(
  new URL('../../supabase/questions/near-duplicates.json', import.meta.url),
);

/** How much each part of an item counts in its term vector (see the header comment). */
const FIELD_WEIGHTS = { stem: 2, key: 2, distractor: 1, rationale: 1 } as const;

export interface SimilarPair {
  /** The two ids in ascending order. */
  ids: [string, string];
  /** TF-IDF cosine similarity, 0–1. */
  similarity: number;
}

/** One allow-list entry: a flagged pair a person read and judged to be two different items. */
export interface NearDuplicateJudgement {
  ids: [string, string];
  verdict: 'distinct';
  reason: string;
}

type TermVector = Map<string, number>;

/** Trims a plural "s" so "pens" and "pen" are one term ("loss", "status" and "diagnosis" stay whole). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Lowercase content words: no stop words, no single letters (option letters in rationales). */
export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(singular);
}

function addTerms(counts: TermVector, text: string, weight: number): void {
  const words = contentWords(text);
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + weight);
  words.forEach((word, i) => {
    add(word);
    const next = words[i + 1];
    if (next !== undefined) add(`${word} ${next}`);
  });
}

/** Weighted term counts of one item: unigrams and bigrams of its stem, options and rationale. */
export function itemTerms(item: BankItem): TermVector {
  const counts: TermVector = new Map();
  addTerms(counts, item.stem ?? '', FIELD_WEIGHTS.stem);
  for (const letter of OPTION_LETTERS) {
    const weight = letter === item.answer ? FIELD_WEIGHTS.key : FIELD_WEIGHTS.distractor;
    addTerms(counts, item.options?.[letter] ?? '', weight);
  }
  addTerms(counts, item.rationale ?? '', FIELD_WEIGHTS.rationale);
  return counts;
}

/**
 * Unit-length TF-IDF vectors: sublinear term frequency (1 + ln count) times ln(N / document
 * frequency), so a term every item uses weighs nothing and a rare shared term weighs most.
 */
export function tfIdfVectors(items: readonly BankItem[]): TermVector[] {
  const counts = items.map(itemTerms);
  const documentFrequency = new Map<string, number>();
  for (const terms of counts) {
    for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  return counts.map((terms) => {
    const vector: TermVector = new Map();
    let squares = 0;
    for (const [term, count] of terms) {
      const weight = (1 + Math.log(count)) * Math.log(items.length / (documentFrequency.get(term) ?? 1));
      if (weight <= 0) continue;
      vector.set(term, weight);
      squares += weight * weight;
    }
    const norm = Math.sqrt(squares);
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

/** Dot products of every pair of vectors that share a term, through an inverted index. */
function pairwiseCosines(vectors: readonly TermVector[]): Map<number, Map<number, number>> {
  const postings = new Map<string, Array<[number, number]>>();
  const dots = new Map<number, Map<number, number>>();
  vectors.forEach((vector, i) => {
    const row = new Map<number, number>();
    for (const [term, weight] of vector) {
      const list = postings.get(term);
      if (!list) {
        postings.set(term, [[i, weight]]);
        continue;
      }
      for (const [j, other] of list) row.set(j, (row.get(j) ?? 0) + weight * other);
      list.push([i, weight]);
    }
    dots.set(i, row);
  });
  return dots;
}

function orderedIds(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/** Every pair of items whose TF-IDF cosine similarity is at least `threshold`, most similar first. */
export function similarPairs(items: readonly BankItem[], threshold: number): SimilarPair[] {
  const pairs: SimilarPair[] = [];
  for (const [i, row] of pairwiseCosines(tfIdfVectors(items))) {
    for (const [j, similarity] of row) {
      const a = items[i];
      const b = items[j];
      if (a && b && similarity >= threshold) pairs.push({ ids: orderedIds(a.id, b.id), similarity });
    }
  }
  return pairs.sort((x, y) => y.similarity - x.similarity || pairKey(x.ids).localeCompare(pairKey(y.ids)));
}

/** The similarity of two items measured inside `items` (the corpus sets the IDF weights). */
export function similarityWithin(items: readonly BankItem[], a: string, b: string): number {
  const vectors = tfIdfVectors(items);
  const va = vectors[items.findIndex((item) => item.id === a)];
  const vb = vectors[items.findIndex((item) => item.id === b)];
  if (!va || !vb) throw new Error(`similarityWithin: ${a} or ${b} is not among the items`);
  let dot = 0;
  for (const [term, weight] of va) dot += weight * (vb.get(term) ?? 0);
  return dot;
}

export function pairKey(ids: readonly [string, string]): string {
  const [a, b] = orderedIds(ids[0], ids[1]);
  return `${a} ~ ${b}`;
}

/**
 * The second signal. Whole-item TF-IDF missed sic-093 ~ pha-034 at 0.14: the same advice ("sit on the
 * side/edge of the bed … before standing up") for a different drug, most of the words around it
 * different. A pair whose whole-item similarity is already close to the threshold and whose keys
 * share most of their content words is flagged too. Measured on the 2026-11-28 bank of 1,355 items:
 * the pair scored 0.140 and a key overlap of 0.43, and 0.135 added 7 bank pairs to judge (stem-only or
 * key-and-rationale similarity would have needed 56 or more to catch it). TF-IDF weights move as the
 * bank grows: at 2,005 items the pair scores 0.1345, so the limit is 0.13, which adds 10 pairs.
 */
export const KEY_SIGNAL = { similarity: 0.13, keyOverlap: 0.42 } as const;

/** How far under the lower limit a judged pair must fall before its entry counts as stale. */
export const STALE_MARGIN = 0.02;

/** Jaccard overlap of the content words of two items' keys (0–1). */
export function keyOverlap(a: BankItem, b: BankItem): number {
  const words = (item: BankItem) => new Set(contentWords(item.options?.[item.answer] ?? ''));
  const wa = words(a);
  const wb = words(b);
  let shared = 0;
  for (const word of wa) if (wb.has(word)) shared++;
  const union = wa.size + wb.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Pairs at or above `threshold`, plus the pairs the second signal (KEY_SIGNAL) flags below it. */
export function flaggedPairs(items: readonly BankItem[], threshold: number): SimilarPair[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return similarPairs(items, Math.min(threshold, KEY_SIGNAL.similarity)).filter((pair) => {
    if (pair.similarity >= threshold) return true;
    const [a, b] = pair.ids.map((id) => byId.get(id));
    return a !== undefined && b !== undefined && keyOverlap(a, b) >= KEY_SIGNAL.keyOverlap;
  });
}

/** Reads the allow-list (missing file → empty list); validateNearDuplicates() reports bad entries. */
export function loadNearDuplicateJudgements(file: string = NEAR_DUPLICATES_FILE): NearDuplicateJudgement[] {
  if (!existsSync(file)) return [];
  const data = readJson(file);
  if (!Array.isArray(data)) throw new Error(`${file}: expected an array of { ids, verdict, reason }`);
  return data as NearDuplicateJudgement[];
}

function isWellFormed(entry: NearDuplicateJudgement): boolean {
  return (
    Array.isArray(entry?.ids) &&
    entry.ids.length === 2 &&
    entry.ids.every((id) => typeof id === 'string') &&
    entry.ids[0] !== entry.ids[1] &&
    entry.verdict === 'distinct' &&
    typeof entry.reason === 'string' &&
    entry.reason.trim().length >= 20
  );
}

/**
 * Checks the flagged pairs against the allow-list: every pair at or above `threshold` must be
 * judged, and every judgement must still match a flagged pair (a stale entry would silently
 * allow a future duplicate of two edited items).
 */
export function validateNearDuplicates(
  items: readonly BankItem[],
  judgements: readonly NearDuplicateJudgement[],
  threshold: number,
  fail: (message: string) => void,
): SimilarPair[] {
  const pairs = flaggedPairs(items, threshold);
  const judged = new Map<string, NearDuplicateJudgement>();
  for (const entry of judgements) {
    if (!isWellFormed(entry)) {
      fail(
        `[near-duplicate-file] ${JSON.stringify(entry)}: expected { "ids": [a, b], "verdict": "distinct", "reason": "<at least 20 characters>" }`,
      );
      continue;
    }
    const key = pairKey(entry.ids);
    if (judged.has(key)) fail(`[near-duplicate-file] ${key} is judged twice`);
    judged.set(key, entry);
  }
  const flagged = new Set<string>();
  for (const pair of pairs) {
    const key = pairKey(pair.ids);
    flagged.add(key);
    if (!judged.has(key)) {
      fail(
        `${pair.ids[1]}: [near-duplicate] ${(pair.similarity * 100).toFixed(0)} % similar to ${pair.ids[0]} (TF-IDF cosine, limit ${(threshold * 100).toFixed(0)} %${
          pair.similarity < threshold
            ? `; flagged by the key signal: similarity of ${(KEY_SIGNAL.similarity * 100).toFixed(1)} % or more and keys sharing ${(KEY_SIGNAL.keyOverlap * 100).toFixed(0)} % or more of their words`
            : ''
        }): remove the weaker item, or judge the pair in supabase/questions/near-duplicates.json`,
      );
    }
  }
  // A judgement goes stale only once its pair has fallen clearly under the limits: TF-IDF weights
  // move as the bank grows, and a pair at the limit would otherwise need its entry removed and
  // written again as new items come in.
  const near = new Set(
    similarPairs(items, Math.min(threshold, KEY_SIGNAL.similarity) - STALE_MARGIN).map((p) => pairKey(p.ids)),
  );
  for (const key of judged.keys()) {
    if (!flagged.has(key) && !near.has(key)) {
      fail(
        `[near-duplicate-stale] near-duplicates.json judges ${key}, which is no longer a flagged pair (nor within ${STALE_MARGIN} of the limits)`,
      );
    }
  }
  return pairs;
}
