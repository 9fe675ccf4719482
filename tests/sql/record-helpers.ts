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
