/**
 * The learning record in the browser, against the real backend: a finished set is saved and shows
 * on /results (numbers, category table, past sets) and opens for review with lettered options and
 * rationales; Practice Again right after the review is listed as not counted; a set that could not be sent waits on the device and is delivered on the next visit;
 * the dashboard's weakest-category set; the profile's reset.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { axeViolations, pageProblems } from '../support/browser';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import {
  consoleErrors,
  currentQuestionId,
  optionKey,
  runSet,
  studentPage,
  unexpectedProblems,
} from './practice-session-support';

startAppAndBackendForFile();

const recordStatus = (page: Page, status: 'saving' | 'saved' | 'notSaved') =>
  page.locator(`[data-record-status="${status}"]`);

/** Sets stored for a student, straight from the record's tables. */
async function storedSets(userId: string) {
  const { rows } = await backend.db.query<{ id: string; correct_count: number; question_count: number }>(
    'select id, correct_count, question_count from public.practice_sets where user_id = $1',
    [userId],
  );
  return rows;
}

describe('learning record: results', () => {
  it('saves a finished set, shows it on /results and opens its review with lettered options', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice');
    // Options are lettered A–D as the rationales name them.
    const first = await currentQuestionId(page);
    const labels = await page.locator(`[data-question-id="${first}"] label`).allTextContents();
    expect(labels.slice(0, 4).map((l) => l.slice(0, 3))).toEqual(['A. ', 'B. ', 'C. ', 'D. ']);
    const ids = await runSet(page, backend, 7);
    await recordStatus(page, 'saved').waitFor();
    const sets = await storedSets(user.id);
    expect(sets).toEqual([expect.objectContaining({ correct_count: 7, question_count: QUESTIONS_PER_SET })]);

    await page.getByRole('link', { name: 'Review this set with rationales' }).click();
    await page.waitForURL(/\/results\?set=/);
    // Opened from the address: the set's review, every question with its rationale.
    await expect.poll(() => page.locator('[data-review-question]').count()).toBe(QUESTIONS_PER_SET);
    const key = await optionKey(backend, ids);
    for (const [i, id] of ids.entries()) {
      const card = page.locator(`[data-review-question="${id}"]`);
      const entry = key.get(id);
      expect(await card.getByTestId('review-rationale').textContent()).toContain(entry?.rationale);
      const correct = card.locator(`[data-option-id="${entry?.correct}"]`);
      expect(await correct.getByText('Correct answer').count()).toBe(1);
      // The first 7 were answered correctly (runSet), the rest with a wrong option.
      const chosen = i < 7 ? correct : card.locator(`[data-option-id="${entry?.wrong}"]`);
      expect(await chosen.getByText('Your answer').count()).toBe(1);
      expect(await card.getByText(i < 7 ? 'Correct' : 'Incorrect', { exact: true }).count()).toBe(1);
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Back to all results' }).first().click();
    await page.getByTestId('stat-sets').waitFor();
    expect(await page.getByTestId('stat-sets').textContent()).toBe('1');
    expect(await page.getByTestId('stat-answered').textContent()).toBe(String(QUESTIONS_PER_SET));
    expect(await page.getByTestId('stat-accuracy').textContent()).toBe('70%');
    expect(await page.getByTestId('stat-missed').textContent()).toBe('3');
    // All eight categories in the table; their answers add up to the set.
    const rows = page.getByTestId('category-table').locator('tbody tr');
    expect(await rows.count()).toBe(8);
    const answered = (await rows.locator('td:nth-child(2)').allTextContents()).map(Number);
    expect(answered.reduce((a, b) => a + b, 0)).toBe(QUESTIONS_PER_SET);
    const pastSets = page.getByTestId('past-sets').locator('tbody tr');
    expect(await pastSets.count()).toBe(1);
    expect(await pastSets.first().textContent()).toContain(`7 / ${QUESTIONS_PER_SET}`);
    expect(await page.getByTestId('over-time-summary').textContent()).toContain('70%');
    expect(await axeViolations(page)).toEqual([]);
    // On a phone the page does not scroll sideways: the category table scrolls in its own box.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('lists Practice Again right after the review as "not counted" and leaves it out of the totals', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice');
    await runSet(page, backend, 6);
    await recordStatus(page, 'saved').waitFor();
    // The spec's reshuffle of the same questions, answered again after the review showed the key.
    await page.getByRole('button', { name: 'Practice Again (New Set)' }).click();
    await runSet(page, backend, QUESTIONS_PER_SET);
    await recordStatus(page, 'saved').waitFor();
    expect((await storedSets(user.id)).length).toBe(2);

    await page.goto('/results');
    await page.getByTestId('stat-sets').waitFor();
    expect(await page.getByTestId('stat-sets').textContent()).toBe('1');
    expect(await page.getByTestId('stat-accuracy').textContent()).toBe('60%');
    const pastSets = page.getByTestId('past-sets').locator('tbody tr');
    expect(await pastSets.count()).toBe(2);
    // Newest first: the repeat, with its score and the note in place of an accuracy.
    expect(await pastSets.nth(0).textContent()).toContain(`${QUESTIONS_PER_SET} / ${QUESTIONS_PER_SET}`);
    expect(await pastSets.nth(0).textContent()).toContain('Practice again — not counted');
    expect(await pastSets.nth(1).textContent()).toContain('60%');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    expect(pageProblems(page)).toEqual([]);
  });

  it('after access ends, a past set still opens with its answers and score but not the questions', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice');
    await runSet(page, backend, 5);
    await recordStatus(page, 'saved').waitFor();
    await backend.db.query(
      `update public.subscriptions set trial_end = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    await page.goto('/results');
    await page
      .getByTestId('past-sets')
      .getByRole('button', { name: /^Review/ })
      .click();
    await expect.poll(() => page.locator('[data-review-question]').count()).toBe(QUESTIONS_PER_SET);
    expect(await page.getByText(`5 / ${QUESTIONS_PER_SET}`).count()).toBeGreaterThan(0);
    expect(
      await page
        .getByText(
          'Your answer and score are kept; the question and its rationale show again with an active trial or subscription.',
        )
        .count(),
    ).toBe(QUESTIONS_PER_SET);
    expect(await page.getByTestId('review-rationale').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows a friendly empty state before any set', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/results');
    await page.getByRole('heading', { name: 'No practice sets yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start practising' }).getAttribute('href')).toBe('/practice');
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps a set that could not be sent on the device and delivers it on the next visit', async () => {
    const { page, user } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    // The backend is out of reach for the save only: the request fails at the network.
    await page.route('**/rest/v1/rpc/record_practice_set', (route) => route.abort('connectionrefused'));
    await page.goto('/practice');
    await runSet(page, backend, 4);
    await recordStatus(page, 'notSaved').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await recordStatus(page, 'notSaved').waitFor();
    expect(await storedSets(user.id)).toEqual([]);
    const waiting = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]').length,
      `pnprep.practice.outbox.${user.id}`,
    );
    expect(waiting).toBe(1);

    // Next visit, with the backend reachable: the set is sent before the summary loads.
    await page.unroute('**/rest/v1/rpc/record_practice_set');
    await page.goto('/results');
    await page.getByTestId('stat-sets').waitFor();
    expect(await page.getByTestId('stat-sets').textContent()).toBe('1');
    expect(await storedSets(user.id)).toEqual([expect.objectContaining({ correct_count: 4 })]);
    expect(
      await page.evaluate((key) => localStorage.getItem(key), `pnprep.practice.outbox.${user.id}`),
    ).toBeNull();
    expect(unexpectedProblems(pageProblems(page), errors, 'record_practice_set')).toEqual([]);
  });
});

describe('learning record: dashboard and profile', () => {
  it('offers the weakest category as a set and draws its questions from that category', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    const ids = await runSet(page, backend, 0);
    await recordStatus(page, 'saved').waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    const summary = page.getByTestId('dashboard-summary-line');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(`Questions answered: ${QUESTIONS_PER_SET}`);
    expect(await summary.textContent()).toContain('Accuracy: 0%');
    await page.getByRole('link', { name: 'Review questions I missed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Review questions I missed' }).click();
    await page.waitForURL('**/practice?focus=missed');
    const missedFirst = await currentQuestionId(page);
    expect(ids).toContain(missedFirst);
    expect(pageProblems(page)).toEqual([]);
  });

  it('resets the practice history after a confirmation, and Cancel keeps it', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice');
    await runSet(page, backend, 5);
    await recordStatus(page, 'saved').waitFor();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Reset my practice history' }).click();
    await page.getByText('Delete your whole practice history?').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await storedSets(user.id)).toHaveLength(1);
    await page.getByRole('button', { name: 'Reset my practice history' }).click();
    await page.getByRole('button', { name: 'Yes, delete my history' }).click();
    await page.getByText('Your practice history has been reset.').waitFor();
    expect(await storedSets(user.id)).toEqual([]);
    await page.goto('/results');
    await page.getByRole('heading', { name: 'No practice sets yet' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
