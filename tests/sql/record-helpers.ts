// Calls the practice functions make over HTTP, inside an asUser transaction: serve a set, record it.
import type { SqlTransaction as Transaction } from '../support/sql-backend.ts';

export interface ServedQuestion {
  id: string;
  stem: string;
  category: string | null;
  rationale: string;
  options: { id: string; label: string; is_correct: boolean }[];
}

export interface RecordedSet {
  set_id: string;
  correct: number;
  total: number;
  submitted_at: string;
  /** False for a repeat (every question recorded since it was served): kept, not counted. */
  counted: boolean;
  already_recorded: boolean;
}

/** get_practice_questions(count): the questions of a new set, as the practice page gets them. */
export async function servePracticeIn(tx: Transaction, count: number): Promise<ServedQuestion[]> {
  const { rows } = await tx.query<{ set: { questions: ServedQuestion[] } }>(
    'select public.get_practice_questions($1) as set',
    [count],
  );
  return rows[0]?.set.questions ?? [];
}

/** record_practice_set with a new set id, started ten minutes before it was submitted (now by default). */
export async function recordPracticeIn(
  tx: Transaction,
  args: { questionIds: string[]; optionIds: string[]; submittedAt?: Date; setId?: string },
): Promise<RecordedSet> {
  const submittedAt = args.submittedAt ?? new Date();
  const { rows } = await tx.query<{ result: RecordedSet }>(
    `select public.record_practice_set(set_id => $1, question_ids => $2, chosen_option_ids => $3,
       layout => 'one', started_at => $4, submitted_at => $5) as result`,
    [
      args.setId ?? crypto.randomUUID(),
      args.questionIds,
      args.optionIds,
      new Date(submittedAt.getTime() - 10 * 60_000),
      submittedAt,
    ],
  );
  const result = rows[0]?.result;
  if (!result) throw new Error('record_practice_set returned nothing');
  return result;
}

/**
 * Records, inside an asUser transaction, that these ids were served to its user now, as the serving
 * functions do (private.note_served), for tests about grading rather than serving. Tests of the
 * served rule itself serve through get_practice_questions / get_clinical_judgment_set instead.
 * Non-arrays and non-text ids are left for the function under test to refuse.
 */
export async function markServedIn(tx: Transaction, bank: 'question' | 'ngn', ids: unknown): Promise<void> {
  if (!Array.isArray(ids)) return;
  const texts = ids.filter((id): id is string => typeof id === 'string');
  const { rows } = await tx.query<{ role: string }>(`select current_setting('role') as role`);
  await tx.query('set local role postgres');
  await tx.query(`select private.note_served(auth.uid(), $1, $2::text[]) where auth.uid() is not null`, [
    bank,
    texts,
  ]);
  await tx.query(`select set_config('role', $1, true)`, [rows[0]?.role ?? 'none']);
}
