// The clinical-judgment (NGN) bank as the database sees it: supabase/questions/ngn/*.json, each
// `{ items: [...], cases: [...] }` validated with domain/ngn-items.ts ngnFileSchema. The drafts/ and
// reviews/ subfolders are not part of the bank. The folder may be missing or hold no files: the
// bank is then empty and nothing is seeded.
//
// - loadNgnBank() reads every file and throws with every problem listed (a malformed item, a
//   file that is not JSON, an id used twice), so a bad file stops the seed and the local backend.
// - toNgnSeedSql() turns the bank into idempotent upserts for public.ngn_cases and
//   public.ngn_items (the item as validated, its ScoringKey and maxPoints).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CaseStudy, type NgnItem, ngnFileProblems, ngnFileSchema } from '../../domain/ngn-items.ts';
import { maxPoints, scoringKeyOf } from '../../domain/ngn-scoring.ts';

export const DEFAULT_NGN_BANK_DIR = fileURLToPath(new URL('../../supabase/questions/ngn/', import.meta.url));

/** The NGN bank: standalone items and case studies, each sorted by id. */
export interface NgnBank {
  items: NgnItem[];
  cases: CaseStudy[];
}

export const EMPTY_NGN_BANK: NgnBank = { items: [], cases: [] };

/** The bank files of an NGN folder (`*.json` directly in it, not in subfolders), sorted by name. */
export function ngnBankFiles(dir: string = DEFAULT_NGN_BANK_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && statSync(join(dir, name)).isFile())
    .sort();
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Reads and validates every bank file; throws with every problem of every file listed. */
export function loadNgnBank(dir: string = DEFAULT_NGN_BANK_DIR): NgnBank {
  const problems: string[] = [];
  const items: NgnItem[] = [];
  const cases: CaseStudy[] = [];
  const owner = new Map<string, string>();
  const claim = (id: string, name: string) => {
    const first = owner.get(id);
    if (first !== undefined) problems.push(`${name}: ${id}: the id is also used in ${first}`);
    else owner.set(id, name);
  };
  for (const name of ngnBankFiles(dir)) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    const parsed = ngnFileSchema.safeParse(data);
    if (!parsed.success) {
      problems.push(...ngnFileProblems(data).map((problem) => `${name}: ${problem}`));
      continue;
    }
    for (const item of parsed.data.items) {
      claim(item.id, name);
      items.push(item);
    }
    for (const study of parsed.data.cases) {
      claim(study.id, name);
      for (const item of study.items) claim(item.id, name);
      cases.push(study);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `The NGN bank (supabase/questions/ngn/*.json) has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}:\n${problems.join('\n')}`,
    );
  }
  return { items: items.sort(byId), cases: cases.sort(byId) };
}

/** How many items the bank holds, standalone and in case studies. */
export function ngnItemCount(bank: NgnBank): number {
  return bank.items.length + bank.cases.reduce((sum, study) => sum + study.items.length, 0);
}

/** A SQL string literal (standard_conforming_strings: only the single quote needs doubling). */
function literal(value: string): string {
  if (value.includes('\u0000')) throw new Error('a text value contains a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

function itemRow(item: NgnItem, caseId: string | null, position: number | null): string {
  const key = scoringKeyOf(item);
  return `  (${[
    literal(item.id),
    caseId === null ? 'null' : literal(caseId),
    position === null ? 'null' : String(position),
    literal(item.type),
    literal(item.category),
    literal(item.step),
    literal(item.setting),
    literal(item.difficulty),
    String(item.trend),
    `${literal(JSON.stringify(item))}::jsonb`,
    `${literal(JSON.stringify(key))}::jsonb`,
    String(maxPoints(key)),
  ].join(', ')})`;
}

/**
 * Idempotent upserts of the NGN bank (sorted by id, so the output is stable), without begin/commit:
 * the caller runs them inside its transaction. An empty bank gives an empty string.
 */
export function toNgnSeedSql(bank: NgnBank): string {
  if (ngnItemCount(bank) === 0) return '';
  const statements: string[] = [
    `-- The clinical-judgment (NGN) bank, from supabase/questions/ngn/*.json: ${ngnItemCount(bank)} items, ${bank.cases.length} case studies.`,
  ];
  if (bank.cases.length > 0) {
    statements.push(
      'insert into public.ngn_cases (id, title, setting, category, difficulty, intro) values',
      bank.cases
        .map(
          (study) =>
            `  (${[study.id, study.title, study.setting, study.category, study.difficulty, study.intro].map(literal).join(', ')})`,
        )
        .join(',\n'),
      'on conflict (id) do update set title = excluded.title, setting = excluded.setting,',
      '  category = excluded.category, difficulty = excluded.difficulty, intro = excluded.intro;',
      '',
    );
  }
  const rows = [
    ...bank.items.map((item) => itemRow(item, null, null)),
    ...bank.cases.flatMap((study) => study.items.map((item, i) => itemRow(item, study.id, i + 1))),
  ];
  statements.push(
    'insert into public.ngn_items (id, case_id, position, type, category, step, setting, difficulty, trend,',
    '  item, scoring, max_points) values',
    rows.join(',\n'),
    'on conflict (id) do update set case_id = excluded.case_id, position = excluded.position,',
    '  type = excluded.type, category = excluded.category, step = excluded.step, setting = excluded.setting,',
    '  difficulty = excluded.difficulty, trend = excluded.trend, item = excluded.item,',
    '  scoring = excluded.scoring, max_points = excluded.max_points;',
    '',
  );
  return statements.join('\n');
}
