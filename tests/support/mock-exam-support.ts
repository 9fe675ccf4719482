/**
 * The mock exam in the browser tests: the student's own calls to the mock-exam function (with the
 * access token the page itself holds), each shown item's key read from the database as only the
 * server may (tests/support/mock-exam-keys.ts), answering the item on screen through its own
 * controls, and a watch on every response of the function for anything that grades an item.
 */
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { NgnItem } from '../../domain/ngn-items';
import type { LocalBackend } from './backend';
import { type ItemKey, keyOf, type ServedItem } from './mock-exam-keys';
import { callMockExam } from './mock-exam-run';
import { SESSION_STORAGE_KEY } from './ui-backend';

export const MOCK_EXAM_URL = '/functions/v1/mock-exam';

/** What the function serves of an item (the test reads the rest from the database). */
export type WireItem = ServedItem;
export interface WireExam {
  id: string;
  status: 'in_progress' | 'finished';
  timeLeftSeconds: number;
  itemsAnswered: number;
  item: WireItem | null;
}

/** Anything that grades an item: a key field, a rationale, a correct flag, a score or a parameter. */
export const KEY_FIELDS =
  /"(correct|isCorrect|is_correct|answers|rationale|scoring|difficulty|thresholds|points|maxPoints|kind|role)"/;

/** The action a call to the mock-exam function asks for ('start', 'current', 'answer', 'report'). */
function actionOf(response: Response): string | undefined {
  try {
    return (response.request().postDataJSON() as { action?: string } | null)?.action;
  } catch {
    return undefined;
  }
}

/**
 * Records every response of the mock-exam function the page receives while the exam runs (the
 * network, not the app's decoded view): `bodies` holds their raw text, checked for key fields by
 * `expectNoKeys`. The report of a finished exam is left out: it carries the review of every scored
 * item, keys included, by design (decision 211), and the report page may ask for it while the test
 * is still checking the exam's own calls.
 */
export function watchExamResponses(page: Page): { bodies: string[]; expectNoKeys(): void } {
  const bodies: string[] = [];
  page.on('response', async (response: Response) => {
    if (!response.url().includes(MOCK_EXAM_URL) || response.request().method() !== 'POST') return;
    if (actionOf(response) === 'report') return;
    bodies.push(await response.text().catch(() => ''));
  });
  return {
    bodies,
    expectNoKeys() {
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) expect(body).not.toMatch(KEY_FIELDS);
    },
  };
}

/** The access token of the student signed in on this page (what supabase-js sends). */
export async function pageToken(page: Page): Promise<string> {
  return page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '',
    SESSION_STORAGE_KEY,
  );
}

/** The student's own call to the function, as the app makes it. */
export const examCall = callMockExam;

/**
 * Answers through the API until `answered` items are done or the exam ends: the fast path for the
 * long stretch of an exam (the browser answers the items that matter to the test).
 */
export async function answerThroughApi(
  backend: LocalBackend,
  token: string,
  choose: (item: WireItem, answered: number) => boolean | Promise<boolean>,
  until: number,
): Promise<WireExam> {
  let exam = (await examCall(backend, token, { action: 'current' })).body.exam as WireExam;
  while (exam.status === 'in_progress' && exam.itemsAnswered < until && exam.item) {
    const item = exam.item;
    const key = await keyOf(backend, item);
    const result = await examCall(backend, token, {
      action: 'answer',
      ordinal: item.ordinal,
      token: item.token,
      itemId: item.itemId,
      response: (await choose(item, exam.itemsAnswered)) ? key.right : key.wrong,
    });
    expect({ status: result.status, item, body: result.status === 200 ? null : result.body }).toEqual({
      status: 200,
      item,
      body: null,
    });
    exam = result.body.exam;
  }
  return exam;
}

/** Picks `response` on the item on screen through its own controls (keyboard where it is the way). */
export async function pickOnScreen(page: Page, key: ItemKey, response: ItemKey['right']): Promise<void> {
  if ('optionIds' in response) {
    const index = key.options?.findIndex((o) => o.id === response.optionIds[0]) ?? -1;
    const option = key.options?.[index];
    // The card labels options "A. …": focus the radio and press Space, as a keyboard user would.
    const radio = page.getByRole('radio', {
      name: `${String.fromCharCode(65 + index)}. ${option?.label}`,
      exact: true,
    });
    await radio.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => radio.isChecked()).toBe(true);
    return;
  }
  const { item } = key.ngn as { item: NgnItem };
  const picks = response.picks;
  const card = page.locator('[data-item-id]');
  const text = (choices: Array<{ id: string; text: string }>, id: string | undefined) =>
    choices.find((c) => c.id === id)?.text as string;
  switch (item.type) {
    case 'multiple-response':
      for (const id of picks.options ?? [])
        await card.getByRole('checkbox', { name: text(item.options, id), exact: true }).check();
      return;
    case 'matrix':
      for (const row of item.rows)
        for (const id of picks[row.id] ?? [])
          await card
            .getByRole(item.multiple ? 'checkbox' : 'radio', {
              name: `${row.text}: ${text(item.columns, id)}`,
              exact: true,
            })
            .check();
      return;
    case 'drop-down':
      for (const blank of item.blanks)
        await card.getByLabel(`Blank ${blank.id}`, { exact: true }).selectOption(picks[blank.id]?.[0] ?? '');
      return;
    case 'drag-and-drop':
      // With the keyboard: Enter on the word, then Enter on its blank.
      for (const [blank, ids] of Object.entries(picks)) {
        const word = text(item.tokens, ids[0]);
        await card.locator('.token-pool').getByRole('button', { name: word, exact: true }).press('Enter');
        await card.getByRole('button', { name: `Blank ${blank}: empty`, exact: true }).press('Enter');
        await card.getByRole('button', { name: `Blank ${blank}: ${word}`, exact: true }).waitFor();
      }
      return;
    case 'highlight':
      for (const id of picks.segments ?? [])
        await card.getByRole('button', { name: text(item.segments, id), exact: true }).click();
      return;
    case 'bow-tie':
      for (const part of ['condition', 'actions', 'parameters'] as const)
        for (const id of picks[part] ?? [])
          await card
            .locator(`[data-part="${part}"]`)
            .getByLabel(text(item[part], id), { exact: true })
            .check();
      return;
  }
}

/** The item the page shows now, by the question number on screen and the latest answer of the function. */
export async function itemOnScreen(page: Page, bodies: string[]): Promise<WireItem> {
  const shown = Number(
    (await page.getByTestId('exam-question-number').textContent())?.replace(/\D+/g, '') ?? Number.NaN,
  );
  // The response's text is read asynchronously: wait for it to be recorded.
  let found: WireItem | undefined;
  await expect
    .poll(
      () => {
        for (const body of [...bodies].reverse()) {
          const exam = (JSON.parse(body || '{}') as { exam?: WireExam }).exam;
          if (exam?.item?.ordinal === shown) found = exam.item;
          if (found) break;
        }
        return found !== undefined;
      },
      { message: `a response of the function serving question ${shown}` },
    )
    .toBe(true);
  return found as WireItem;
}

/** Answers the item on screen in the browser (right or wrong) and presses Next. */
export async function answerOnScreen(
  page: Page,
  backend: LocalBackend,
  bodies: string[],
  right: boolean,
): Promise<WireItem> {
  const item = await itemOnScreen(page, bodies);
  const key = await keyOf(backend, item);
  await pickOnScreen(page, key, right ? key.right : key.wrong);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect.poll(() => next.isEnabled()).toBe(true);
  const number = page.getByTestId('exam-question-number');
  const before = await number.allTextContents();
  await next.click();
  // The exam moves on: the next question, the end (the report), or a refusal explained.
  await expect
    .poll(
      async () =>
        page.url().includes('/report') ||
        (await page.getByRole('alert').count()) > 0 ||
        (await number.allTextContents()).join() !== before.join(),
    )
    .toBe(true);
  return item;
}

/** Moves the exam's stored start back (the server's clock: time passes). */
export async function timePasses(backend: LocalBackend, userId: string, interval: string): Promise<void> {
  await backend.db.query(
    `update public.mock_exams set started_at = started_at - $2::interval where user_id = $1 and status = 'in_progress'`,
    [userId, interval],
  );
}

export { type ItemKey, keyOf };
