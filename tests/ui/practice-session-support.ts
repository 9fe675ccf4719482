/**
 * Shared steps for the practice browser tests: a signed-in (and optionally entitled) student, the
 * correct and wrong options read from the database by the question ids the page shows, and
 * precise filtering of the one deliberate console error of the load-error path.
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { expect } from 'vitest';
import { grantTrial, type LocalBackend } from '../support/backend';
import type { AppUnderTest } from '../support/browser';
import { signInContext } from '../support/ui-backend';

let counter = 0;

/** A fresh context and page with a new signed-in student (entitled unless told otherwise). */
export async function studentPage(
  app: AppUnderTest,
  backend: LocalBackend,
  opts: { entitled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; user: { id: string; email: string } }> {
  const { context, page } = await app.newPage();
  counter += 1;
  const user = await signInContext(context, backend, `student${counter}-${Date.now()}@example.com`);
  if (opts.entitled !== false) await grantTrial(backend, user.id);
  return { context, page, user };
}

export interface OptionKey {
  correct: string;
  wrong: string;
  category: string | null;
  stem: string;
  rationale: string;
}

/** The correct and a wrong option of each question, straight from the question bank tables. */
export async function optionKey(
  backend: LocalBackend,
  questionIds: string[],
): Promise<Map<string, OptionKey>> {
  const { rows } = await backend.db.query<{
    question_id: string;
    id: string;
    is_correct: boolean;
    category: string | null;
    stem: string;
    rationale: string;
  }>(
    `select o.question_id, o.id, o.is_correct, q.category, q.stem, q.rationale
       from public.question_options o join public.questions q on q.id = o.question_id
      where o.question_id = any($1::text[]) order by o.question_id, o.position`,
    [questionIds],
  );
  const key = new Map<string, OptionKey>();
  for (const row of rows) {
    const entry = key.get(row.question_id) ?? {
      correct: '',
      wrong: '',
      category: row.category,
      stem: row.stem,
      rationale: row.rationale,
    };
    if (row.is_correct) entry.correct = row.id;
    else if (!entry.wrong) entry.wrong = row.id;
    key.set(row.question_id, entry);
  }
  return key;
}

/** The question card(s) on the page. */
export const questionCards = (page: Page) => page.locator('[data-question-id]');

/** The id of the question shown (one-at-a-time layout). */
export async function currentQuestionId(page: Page): Promise<string> {
  const card = questionCards(page);
  await expect.poll(() => card.count()).toBe(1);
  return (await card.first().getAttribute('data-question-id')) as string;
}

/** Chooses the correct or a wrong option of a question by clicking its radio. */
export async function choose(page: Page, backend: LocalBackend, questionId: string, correct: boolean) {
  const key = (await optionKey(backend, [questionId])).get(questionId);
  if (!key) throw new Error(`no options for ${questionId}`);
  await page
    .locator(`[data-question-id="${questionId}"] input[value="${correct ? key.correct : key.wrong}"]`)
    .check();
}

/** Answers the whole set one question at a time: the first `correctCount` right, the rest wrong. */
export async function runSet(page: Page, backend: LocalBackend, correctCount: number): Promise<string[]> {
  const ids: string[] = [];
  await page.getByRole('button', { name: /^(Next|Submit)$/ }).waitFor();
  for (;;) {
    const id = await currentQuestionId(page);
    ids.push(id);
    await choose(page, backend, id, ids.length <= correctCount);
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    if (await submit.isVisible()) {
      await submit.click();
      return ids;
    }
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => currentQuestionId(page)).not.toBe(id);
  }
}

/** Collects console errors with their source URL so tests can allow exactly the expected ones. */
export function consoleErrors(page: Page): Array<{ text: string; url: string }> {
  const errors: Array<{ text: string; url: string }> = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push({ text: message.text(), url: message.location().url });
  });
  return errors;
}

/**
 * The page's problems, less the expected failed call to one remote procedure: the browser's own
 * "Failed to load resource" line for that URL, and (for the question load) the app's one log line.
 */
export function unexpectedProblems(
  problems: string[],
  errors: Array<{ text: string; url: string }>,
  rpc: string,
  appLog?: string,
): string[] {
  const allowed = new Set<string>();
  for (const error of errors) {
    const isFailedCall =
      error.text.startsWith('Failed to load resource') && error.url.includes(`/rest/v1/rpc/${rpc}`);
    const isAppLog = appLog !== undefined && error.text.startsWith(appLog);
    if (isFailedCall || isAppLog) allowed.add(`console.error: ${error.text}`);
  }
  return problems.filter((p) => !allowed.has(p));
}
