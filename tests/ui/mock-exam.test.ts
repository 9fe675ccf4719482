/**
 * The mock exam in Chromium against the real local backend (the mock-exam function, its engine and
 * the seeded bank). An exam is 85 items or more; driving every one through the page would take
 * minutes, so each test answers the long middle stretch through the API with the student's own
 * access token (the one the page holds) and the items that matter to it in the browser, through
 * their own controls (the keyboard for classic questions). Each test says which is which.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LABEL_PRIOR_ERROR_SD, LABEL_PRIOR_LOGITS, PASSING_STANDARD } from '../../domain/cat/constants';
import { estimateAbility, type ScoredResponse } from '../../domain/cat/estimate';
import { priorThresholds } from '../../domain/cat/parameters';
import { axeViolations, pageProblems } from '../support/browser';
import {
  answerOnScreen,
  answerThroughApi,
  examCall,
  itemOnScreen,
  keyOf,
  MOCK_EXAM_URL,
  pageToken,
  pickOnScreen,
  timePasses,
  type WireItem,
  watchExamResponses,
} from '../support/mock-exam-support';
import { CHECKED_SCHEMES, CHECKED_WIDTHS, overflowProblems } from '../support/overflow';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { consoleErrors, studentPage } from './practice-session-support';

startAppAndBackendForFile();

/** A signed-in, entitled student on /exams/mock with every function response watched. */
async function examPage(options: { width?: number; clock?: boolean } = {}) {
  const student = await studentPage(app, backend);
  if (options.width) await student.page.setViewportSize({ width: options.width, height: 800 });
  // The page's clock under the test's hand (time flows as usual until the test jumps it).
  if (options.clock) await student.page.clock.install();
  const errors = consoleErrors(student.page);
  const watch = watchExamResponses(student.page);
  await student.page.goto('/exams/mock');
  return { ...student, errors, watch };
}

const question = (page: Page, n: number) =>
  page
    .getByTestId('exam-question-number')
    .filter({ hasText: new RegExp(`^Question ${n}$`) })
    .waitFor();

async function startInBrowser(page: Page) {
  await page.getByRole('heading', { name: 'Before you begin' }).waitFor();
  await page.getByRole('button', { name: 'Start the exam' }).click();
  await question(page, 1);
}

/** Seconds left as the page shows them ("4:59:07"). */
async function secondsLeft(page: Page): Promise<number> {
  const [h, m, s] = ((await page.getByTestId('exam-time-left').textContent()) ?? '').split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** The page's problems but the browser's own line for a refusal the test caused (404 no exam, 409). */
function problemsBut(page: Page, errors: Array<{ text: string; url: string }>, statuses: number[]) {
  const expected = (text: string) =>
    errors.some(
      (e) =>
        text === `console.error: ${e.text}` &&
        e.url.includes(MOCK_EXAM_URL) &&
        statuses.some((status) => e.text.includes(`status of ${status}`)),
    );
  return pageProblems(page).filter((p) => !expected(p));
}

async function reportOf(page: Page, examId: string) {
  const report = await examCall(backend, await pageToken(page), { action: 'report', examId });
  expect(report.status).toBe(200);
  return report.body.report;
}

/** Waits for the report route of the exam the page was on. */
async function reportRoute(page: Page): Promise<string> {
  await page.waitForURL(/\/exams\/mock\/report\?exam=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('exam') as string;
}

describe('the mock exam in the browser', () => {
  it('every answer right: the exam ends at exactly 85 items with a pass, then opens the report', async () => {
    const { page, errors, watch } = await examPage();
    await startInBrowser(page);
    // Browser: question 1. API: questions 2–83. Browser again (after a reload): 84 and 85.
    await answerOnScreen(page, backend, watch.bodies, true);
    await question(page, 2);
    const token = await pageToken(page);
    const exam = await answerThroughApi(backend, token, () => true, 83);
    expect(exam.itemsAnswered).toBe(83);
    await page.reload();
    await question(page, 84);
    await answerOnScreen(page, backend, watch.bodies, true);
    await question(page, 85);
    await answerOnScreen(page, backend, watch.bodies, true);
    const examId = await reportRoute(page);
    expect(examId).toBe(exam.id);
    const report = await reportOf(page, examId);
    expect(report).toMatchObject({ rule: 'confidence', passed: true, itemsAnswered: 85 });
    expect(report.band.lower).toBeGreaterThan(PASSING_STANDARD);
    watch.expectNoKeys();
    expect(problemsBut(page, errors, [404])).toEqual([]);
  }, 120_000);

  it('every answer wrong: the exam ends at exactly 85 items with a fail', async () => {
    const { page, errors, watch } = await examPage();
    await startInBrowser(page);
    // API: questions 1–84. Browser: 85.
    const exam = await answerThroughApi(backend, await pageToken(page), () => false, 84);
    await page.reload();
    await question(page, 85);
    await answerOnScreen(page, backend, watch.bodies, false);
    expect(await reportRoute(page)).toBe(exam.id);
    const report = await reportOf(page, exam.id);
    expect(report).toMatchObject({ rule: 'confidence', passed: false, itemsAnswered: 85 });
    expect(report.band.upper).toBeLessThan(PASSING_STANDARD);
    watch.expectNoKeys();
    expect(problemsBut(page, errors, [404])).toEqual([]);
  }, 120_000);

  it('a student at the passing standard goes past 85 items', async () => {
    const { page, errors, watch } = await examPage();
    await startInBrowser(page);
    // Right while the estimate (from the scored answers so far, on the engine's label priors) is at
    // or below the cut, wrong above it: the estimate stays at the cut. API: 1–85; browser: 86.
    const scored: ScoredResponse[] = [];
    const atCut = async (item: WireItem) => {
      const right = estimateAbility(scored).theta <= PASSING_STANDARD;
      const { rows } = await backend.db.query<{ kind: string; difficulty: string; max_points: number }>(
        `select i.kind, coalesce(q.difficulty, n.difficulty) as difficulty, coalesce(n.max_points, 1) as max_points
           from public.mock_exam_items i
           left join public.questions q on q.id = i.item_id
           left join public.ngn_items n on n.id = i.item_id
          where i.token = $1`,
        [item.token],
      );
      const row = rows[0];
      if (row?.kind === 'scored')
        scored.push({
          thresholds: priorThresholds(
            LABEL_PRIOR_LOGITS[row.difficulty as keyof typeof LABEL_PRIOR_LOGITS],
            row.max_points,
          ),
          score: right ? row.max_points : 0,
          locationError: LABEL_PRIOR_ERROR_SD,
        });
      return right;
    };
    const exam = await answerThroughApi(backend, await pageToken(page), atCut, 85);
    expect(exam).toMatchObject({ status: 'in_progress', itemsAnswered: 85 });
    await page.reload();
    await question(page, 86);
    const item = await itemOnScreen(page, watch.bodies);
    await answerOnScreen(page, backend, watch.bodies, await atCut(item));
    await question(page, 87);
    watch.expectNoKeys();
    expect(problemsBut(page, errors, [404])).toEqual([]);
  }, 120_000);

  it('the time running out before 85 items ends the exam on the time rule (a fail)', async () => {
    const { page, errors, watch, user } = await examPage({ clock: true });
    await startInBrowser(page);
    // Browser: question 1; API: 2–20; then five hours pass, on the server's clock (its stored start)
    // and on the page's (jumped forward).
    await answerOnScreen(page, backend, watch.bodies, true);
    await question(page, 2);
    const exam = await answerThroughApi(backend, await pageToken(page), () => true, 20);
    await page.reload();
    await question(page, 21);
    await timePasses(backend, user.id, '5 hours');
    await page.clock.fastForward('05:00:00');
    await page.getByText('Time is up', { exact: true }).waitFor();
    expect(await reportRoute(page)).toBe(exam.id);
    const report = await reportOf(page, exam.id);
    expect(report).toMatchObject({ rule: 'time', passed: false, itemsAnswered: 20 });
    watch.expectNoKeys();
    expect(problemsBut(page, errors, [404])).toEqual([]);
  }, 60_000);

  it('a reload mid-exam resumes at the same item, with the clock having run', async () => {
    const { page, errors, watch, user } = await examPage();
    await startInBrowser(page);
    await answerOnScreen(page, backend, watch.bodies, true);
    await answerOnScreen(page, backend, watch.bodies, false);
    await question(page, 3);
    const before = await itemOnScreen(page, watch.bodies);
    const heading = await page.locator('main h2').first().textContent();
    const stem = await page.locator('[data-question-id], [data-item-id]').first().textContent();
    expect(await secondsLeft(page)).toBeGreaterThan(5 * 3600 - 60);
    // Ten minutes pass (on the server's clock), then the page reloads.
    await timePasses(backend, user.id, '10 minutes');
    await page.reload();
    await question(page, 3);
    expect(await itemOnScreen(page, watch.bodies)).toEqual(before);
    expect(await page.locator('main h2').first().textContent()).toBe(heading);
    expect(await page.locator('[data-question-id], [data-item-id]').first().textContent()).toBe(stem);
    const left = await secondsLeft(page);
    expect(left).toBeLessThanOrEqual(5 * 3600 - 600);
    expect(left).toBeGreaterThan(5 * 3600 - 700);
    watch.expectNoKeys();
    expect(problemsBut(page, errors, [404])).toEqual([]);
  }, 60_000);

  it('an answer for an item no longer on screen is refused with a clear message; a double click records once', async () => {
    const { page, errors, watch, user } = await examPage();
    await startInBrowser(page);
    // Another tab (the API, with the same token) answers question 1 first.
    const item = await itemOnScreen(page, watch.bodies);
    const key = await keyOf(backend, item);
    const other = await examCall(backend, await pageToken(page), {
      action: 'answer',
      ...{ ordinal: item.ordinal, token: item.token, itemId: item.itemId },
      response: key.right,
    });
    expect(other.status).toBe(200);
    await answerOnScreen(page, backend, watch.bodies, false);
    const alert = page.getByRole('alert').filter({ hasText: 'That answer was not recorded' });
    await alert
      .getByText('This answer is for an item that is no longer on screen.', { exact: false })
      .waitFor();
    // The item really on screen now shows: question 2, unanswered.
    await question(page, 2);
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    // A double click on Next sends one answer: the button is disabled while it is on its way.
    const second = await itemOnScreen(page, watch.bodies);
    const secondKey = await keyOf(backend, second);
    await pickOnScreen(page, secondKey, secondKey.right);
    await page.getByRole('button', { name: 'Next', exact: true }).dblclick();
    await question(page, 3);
    await expect.poll(() => alert.count()).toBe(0);
    const { rows } = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.mock_exam_responses where user_id = $1',
      [user.id],
    );
    expect(rows[0]?.n).toBe(2);
    watch.expectNoKeys();
    expect(problemsBut(page, errors, [404, 409])).toEqual([]);
  }, 60_000);

  it('the break hides the item while the clock keeps running; the calculator works from the keyboard', async () => {
    const { page, errors, watch } = await examPage();
    await startInBrowser(page);
    const before = await secondsLeft(page);
    await page.getByRole('button', { name: 'Take a break' }).click();
    await page.getByRole('heading', { name: 'You are on a break' }).waitFor();
    expect(await page.locator('[data-question-id], [data-item-id]').count()).toBe(0);
    // The clock keeps running on the break.
    await expect.poll(() => secondsLeft(page), { timeout: 5000 }).toBeLessThan(before);
    await page.getByRole('button', { name: 'Return to the exam' }).click();
    await question(page, 1);

    await page.getByRole('button', { name: 'Calculator' }).click();
    const calculator = page.getByRole('group', { name: 'Calculator' });
    await calculator.getByRole('button', { name: '1', exact: true }).focus();
    const display = () => page.getByTestId('calculator-display').textContent();
    await page.keyboard.type('12*3=');
    await expect.poll(display).toBe('36');
    // Enter on a focused key presses that key (here "1": a new number after =), not "=".
    await page.keyboard.press('Enter');
    await expect.poll(display).toBe('1');
    await page.keyboard.press('Escape');
    await expect.poll(display).toBe('0');
    watch.expectNoKeys();
    expect(problemsBut(page, errors, [404])).toEqual([]);
  }, 60_000);

  it('nothing overflows at 375 and 1280 px, and every screen is axe-clean in light and dark', async () => {
    const { page, errors } = await examPage();
    // Each screen at both widths in both schemes; axe (colours and names do not change with the
    // width) at the phone's.
    const check = async (what: string) => {
      for (const width of CHECKED_WIDTHS)
        for (const scheme of CHECKED_SCHEMES) {
          await page.setViewportSize({ width, height: 800 });
          await page.emulateMedia({ colorScheme: scheme });
          const found = { what, width, scheme, problems: await overflowProblems(page), axe: [] as unknown[] };
          if (width < 600) found.axe = await axeViolations(page);
          expect(found).toEqual({ what, width, scheme, problems: [], axe: [] });
        }
    };
    await page.getByRole('heading', { name: 'Before you begin' }).waitFor();
    await check('the start screen');
    await startInBrowser(page);
    await page.getByRole('button', { name: 'Calculator' }).click();
    await check('a question with the calculator open');
    await page.getByRole('button', { name: 'Take a break' }).click();
    await check('the break');
    expect(problemsBut(page, errors, [404])).toEqual([]);
  }, 60_000);
});
