// The question bank as the database sees it: supabase/questions/*.json, one file per NCLEX-PN
// client-need category, each `{ category, items: [{ id, difficulty, topic, stem, options: { A, B, C, D },
// answer, rationale }] }`.
//
// - loadBank() reads the category files for seeding and throws on problems that would break the seed
//   (duplicate ids, missing options, no valid answer); readBank() reads them without those checks.
// - toSeedSql() turns the bank into idempotent upserts for public.questions and
//   public.question_options (option ids are `<question id>-<lowercase letter>`, e.g. `cc-001-c`),
//   followed by the clinical-judgment (NGN) bank of supabase/questions/ngn/ when one is given
//   (server/db/ngn-bank.ts; an empty NGN bank adds nothing).
// The editorial rules (style, shares, reviews) are checked by scripts/lib/question-bank.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NgnBank, toNgnSeedSql } from './ngn-bank.ts';

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

export interface BankItem {
  id: string;
  difficulty: string;
  topic: string;
  stem: string;
  options: Record<OptionLetter, string>;
  answer: OptionLetter;
  rationale: string;
}

export interface BankQuestion extends BankItem {
  category: string;
  /** The file the item was read from (set by readBank/loadBank). */
  file?: string;
}

/** The whole bank, in file order (files sorted by name, items in file order). */
export type Bank = BankQuestion[];

export const DEFAULT_BANK_DIR = fileURLToPath(new URL('../../supabase/questions/', import.meta.url));
export const SEED_FILE = fileURLToPath(new URL('../../supabase/seed.sql', import.meta.url));

/**
 * JSON files in the bank folder that are not category files: the near-duplicate allow-list, an
 * editorial record read by scripts/lib/near-duplicates.ts.
 */
export const NON_CATEGORY_FILES: ReadonlySet<string> = new Set(['near-duplicates.json']);

/** The category files of a bank folder, sorted by name. */
export function categoryFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !NON_CATEGORY_FILES.has(name))
    .sort();
}

export function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/**
 * Reads every category file in `dir` (`*.json` but NON_CATEGORY_FILES, sorted by name) without judging the items, so
 * validateBank() can report every problem. Only a file that is not a `{ category, items: [] }`
 * object throws.
 */
export function readBank(dir: string = DEFAULT_BANK_DIR): Bank {
  if (!existsSync(dir)) return [];
  const bank: Bank = [];
  for (const name of categoryFiles(dir)) {
    const data = readJson(join(dir, name)) as { category?: unknown; items?: unknown };
    if (
      typeof data !== 'object' ||
      data === null ||
      typeof data.category !== 'string' ||
      !Array.isArray(data.items)
    ) {
      throw new Error(`${name}: expected { "category": string, "items": [...] }`);
    }
    for (const item of data.items as BankItem[]) {
      bank.push({ ...item, category: data.category, file: name });
    }
  }
  return bank;
}

/**
 * Reads the bank for seeding. Throws when the bank cannot be seeded: duplicate ids, missing or
 * empty fields, options other than A–D, or an answer that is not one of them.
 */
export function loadBank(dir: string = DEFAULT_BANK_DIR): Bank {
  const bank = readBank(dir);
  const seen = new Set<string>();
  for (const q of bank) {
    const where = `${q.file ?? '?'}: ${String(q.id)}`;
    if (typeof q.id !== 'string' || q.id === '') throw new Error(`${q.file ?? '?'}: an item has no id`);
    if (seen.has(q.id)) throw new Error(`${q.file ?? '?'}: duplicate question id ${q.id}`);
    seen.add(q.id);
    for (const field of ['stem', 'rationale', 'difficulty'] as const) {
      if (typeof q[field] !== 'string' || q[field] === '') throw new Error(`${where} has no ${field}`);
    }
    if (!hasExactOptions(q)) throw new Error(`${where} must have exactly the options A, B, C and D`);
    if (!OPTION_LETTERS.includes(q.answer)) throw new Error(`${where} has no valid answer`);
  }
  return bank;
}

export function hasExactOptions(q: BankItem): boolean {
  if (typeof q.options !== 'object' || q.options === null) return false;
  const keys = Object.keys(q.options).sort();
  return (
    keys.length === OPTION_LETTERS.length &&
    OPTION_LETTERS.every((letter, i) => keys[i] === letter && typeof q.options[letter] === 'string')
  );
}

/** A SQL string literal (standard_conforming_strings: only the single quote needs doubling). */
export function sqlLiteral(value: string): string {
  if (value.includes('\u0000')) throw new Error('a text value contains a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

export interface SeedSqlOptions {
  /**
   * Wrap the statements in `begin; ... commit;` (default true, for running the file on its own,
   * e.g. on hosted Supabase). Pass false when executing inside a transaction you already opened.
   */
  transaction?: boolean;
  /** The clinical-judgment bank to seed after the questions (none: nothing). */
  ngn?: NgnBank;
}

export const SEED_HEADER = [
  '-- GENERATED FILE: do not edit. Source: supabase/questions/*.json.',
  '-- Regenerate with `npm run bank:export` (scripts/export-seed.ts); `npm run bank:export -- --check` verifies it.',
].join('\n');

/**
 * Idempotent upserts of the whole bank into public.questions and public.question_options,
 * sorted by question id so the output is stable, then those of the NGN bank (options.ngn).
 */
export function toSeedSql(bank: Bank, options: SeedSqlOptions = {}): string {
  const transaction = options.transaction ?? true;
  const sorted = [...bank].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ngn = options.ngn ? toNgnSeedSql(options.ngn) : '';
  if (sorted.length === 0 && ngn === '') return `${SEED_HEADER}\n-- The question bank is empty.\n`;
  if (sorted.length === 0) {
    return [
      SEED_HEADER,
      '-- The question bank is empty.',
      ...(transaction ? ['begin;'] : []),
      '',
      ngn,
      ...(transaction ? ['commit;', ''] : []),
    ].join('\n');
  }
  const questionRows = sorted.map(
    (q) => `  (${[q.id, q.category, q.difficulty, q.stem, q.rationale].map(sqlLiteral).join(', ')})`,
  );
  const optionRows = sorted.flatMap((q) =>
    OPTION_LETTERS.map(
      (letter, index) =>
        `  (${sqlLiteral(`${q.id}-${letter.toLowerCase()}`)}, ${sqlLiteral(q.id)}, ${index + 1}, ${sqlLiteral(q.options[letter])}, ${q.answer === letter})`,
    ),
  );
  return [
    SEED_HEADER,
    `-- ${sorted.length} questions, ${optionRows.length} options.`,
    ...(transaction ? ['begin;'] : []),
    '',
    'insert into public.questions (id, category, difficulty, stem, rationale) values',
    questionRows.join(',\n'),
    'on conflict (id) do update set category = excluded.category, difficulty = excluded.difficulty,',
    '  stem = excluded.stem, rationale = excluded.rationale;',
    '',
    'insert into public.question_options (id, question_id, position, label, is_correct) values',
    optionRows.join(',\n'),
    'on conflict (id) do update set question_id = excluded.question_id, position = excluded.position,',
    '  label = excluded.label, is_correct = excluded.is_correct;',
    '',
    ...(ngn ? [ngn] : []),
    ...(transaction ? ['commit;', ''] : []),
  ].join('\n');
}
