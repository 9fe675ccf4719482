// A mock exam taken over HTTP, as the app takes it: POST /functions/v1/mock-exam on the real local
// backend with a student's access token. Each shown item's key is read from the database (as only
// the server may) so a test can answer right or wrong on purpose.
import type { LocalBackend } from './backend.ts';

export interface ShownItem {
  ordinal: number;
  token: string;
  itemId: string;
  bank: 'classic' | 'ngn';
}

export interface FunctionCall {
  status: number;
  raw: string;
  // biome-ignore lint/suspicious/noExplicitAny: the tests inspect whatever the function answered
  body: any;
}

/**
 * One call of the mock-exam function with the student's access token, as the app makes it. A string
 * body is sent as it is (the malformed-body tests); anything else as JSON.
 */
export async function callMockExam(
  backend: LocalBackend,
  token: string,
  body: unknown,
): Promise<FunctionCall> {
  const response = await fetch(`${backend.url}/functions/v1/mock-exam`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      apikey: backend.anonKey,
      'content-type': 'application/json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const raw = await response.text();
  return { status: response.status, raw, body: JSON.parse(raw) };
}

/** A right and a wrong response to a shown item, from the bank's keys. */
export async function responsesFor(backend: LocalBackend, item: ShownItem) {
  if (item.bank === 'classic') {
    const { rows } = await backend.db.query<{ id: string; is_correct: boolean }>(
      'select o.id, o.is_correct from public.question_options o where o.question_id = $1 order by o.position',
      [item.itemId],
    );
    return {
      right: { optionIds: rows.filter((r) => r.is_correct).map((r) => r.id) },
      wrong: { optionIds: [rows.find((r) => !r.is_correct)?.id ?? ''] },
    };
  }
  const { rows } = await backend.db.query<{ scoring: { groups: { id: string; correct: string[] }[] } }>(
    'select scoring from public.ngn_items where id = $1',
    [item.itemId],
  );
  const groups = rows[0]?.scoring.groups ?? [];
  return { right: { picks: Object.fromEntries(groups.map((g) => [g.id, g.correct])) }, wrong: { picks: {} } };
}

/** Starts an exam and answers every item (right when `right(item)`) until it ends; its id and length. */
export async function finishMockExam(
  backend: LocalBackend,
  token: string,
  right: (item: ShownItem) => boolean,
): Promise<{ examId: string; answered: number }> {
  let current = await callMockExam(backend, token, { action: 'start' });
  if (current.status !== 201) throw new Error(`start: ${current.status} ${current.raw}`);
  let answered = 0;
  while (current.body.exam.status === 'in_progress') {
    const item = current.body.exam.item as ShownItem;
    const responses = await responsesFor(backend, item);
    current = await callMockExam(backend, token, {
      action: 'answer',
      ordinal: item.ordinal,
      token: item.token,
      itemId: item.itemId,
      response: right(item) ? responses.right : responses.wrong,
    });
    if (current.status !== 200) throw new Error(`answer: ${current.status} ${current.raw}`);
    answered++;
  }
  return { examId: current.body.exam.id as string, answered };
}

/**
 * A copy of a finished exam (items and responses too) for another student: the browser paths each
 * need one, and answering 85 items over HTTP per path would only repeat the first run.
 */
export async function copyFinishedExam(
  backend: LocalBackend,
  examId: string,
  userId: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await backend.db.query(
    `insert into public.mock_exams (id, user_id, status, started_at, time_limit_minutes, plan, state, finished_at,
            stop_rule, passed, estimate, standard_error, pass_probability)
     select $2, $3, status, started_at, time_limit_minutes, plan, state, finished_at,
            stop_rule, passed, estimate, standard_error, pass_probability
       from public.mock_exams where id = $1`,
    [examId, id, userId],
  );
  await backend.db.query(
    `insert into public.mock_exam_items (exam_id, ordinal, user_id, item_id, bank, kind, case_study_id, served_at)
     select $2, ordinal, $3, item_id, bank, kind, case_study_id, served_at from public.mock_exam_items where exam_id = $1`,
    [examId, id, userId],
  );
  await backend.db.query(
    `insert into public.mock_exam_responses (exam_id, ordinal, user_id, response, points, max_points, answered_at)
     select $2, ordinal, $3, response, points, max_points, answered_at from public.mock_exam_responses where exam_id = $1`,
    [examId, id, userId],
  );
  return id;
}
