// The question bank: supabase/questions/*.json, one file per NCLEX-PN client-need category, each
// `{ category, items: [{ id, difficulty, topic, stem, options: { A, B, C, D }, answer, rationale }] }`.
// loadBank() reads and checks them; toSeedSql() turns them into idempotent upserts for
// public.questions and public.question_options (option ids are `<question id>-<letter>`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
}

export const DEFAULT_BANK_DIR = fileURLToPath(new URL('../../supabase/questions/', import.meta.url));

export function loadBank(dir: string = DEFAULT_BANK_DIR): BankQuestion[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const questions: BankQuestion[] = [];
  const seen = new Set<string>();
  for (const name of files) {
    const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { category: string; items: BankItem[] };
    for (const item of file.items) {
      if (seen.has(item.id)) throw new Error(`${name}: duplicate question id ${item.id}`);
      if (!OPTION_LETTERS.includes(item.answer)) throw new Error(`${name}: ${item.id} has no valid answer`);
      seen.add(item.id);
      questions.push({ ...item, category: file.category });
    }
  }
  return questions;
}

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export function toSeedSql(bank: BankQuestion[]): string {
  if (bank.length === 0) return '';
  const questionRows = bank.map(
    (q) => `  (${[q.id, q.category, q.difficulty, q.stem, q.rationale].map(literal).join(', ')})`,
  );
  const optionRows = bank.flatMap((q) =>
    OPTION_LETTERS.map(
      (letter, index) =>
        `  (${literal(`${q.id}-${letter}`)}, ${literal(q.id)}, ${index + 1}, ${literal(q.options[letter])}, ${q.answer === letter})`,
    ),
  );
  return [
    'insert into public.questions (id, category, difficulty, stem, rationale) values',
    `${questionRows.join(',\n')}`,
    'on conflict (id) do update set category = excluded.category, difficulty = excluded.difficulty,',
    '  stem = excluded.stem, rationale = excluded.rationale;',
    '',
    'insert into public.question_options (id, question_id, position, label, is_correct) values',
    `${optionRows.join(',\n')}`,
    'on conflict (id) do update set question_id = excluded.question_id, position = excluded.position,',
    '  label = excluded.label, is_correct = excluded.is_correct;',
    '',
  ].join('\n');
}
