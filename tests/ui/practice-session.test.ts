import { describe, expect, it } from 'vitest';
import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { focusKeywords } from '../../machines/practice-session/practice-rules';
import { BANK_WORD_FREQUENCY } from '../../src/content/bank-word-frequency';
import { remediationPrompt } from '../../src/content/remediation';
import { FOCUS_STOP_WORDS } from '../../src/content/stop-words';
import { LOAD_ERROR_LOG } from '../../src/features/practice-session/practice-copy';
import { axeViolations, pageProblems } from '../support/browser';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import {
  choose,
  consoleErrors,
  currentQuestionId,
  optionKey,
  questionCards,
  runSet,
  studentPage,
  unexpectedProblems,
} from './practice-session-support';

startAppAndBackendForFile();

const heading = (page: import('playwright-core').Page) => page.getByRole('heading', { level: 1 });

describe('practice: guards', () => {
  it('sends a visitor without a session to /login', async () => {
    const { page } = await app.newPage();
    await page.goto('/practice');
    await page.waitForURL('**/login');
    expect(pageProblems(page)).toEqual([]);
  });

  it('sends a student without an entitlement to /billing, and no question reaches the page', async () => {
    const { page } = await studentPage(app, backend, { entitled: false });
    const errors = consoleErrors(page);
    // The first set is requested alongside the entitlement check (decision 080); the procedure
    // refuses a student without access, so no question comes back.
    const answers: Array<{ status: number; body: string }> = [];
    page.on('response', async (r) => {
      if (r.url().includes('get_practice_questions'))
        answers.push({ status: r.status(), body: await r.text() });
    });
    await page.goto('/practice');
    await page.waitForURL('**/billing');
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]?.status).toBe(403);
    expect(answers[0]?.body).not.toContain('"questions"');
    expect(await questionCards(page).count()).toBe(0);
    expect(unexpectedProblems(pageProblems(page), errors, 'get_practice_questions')).toEqual([]);
  });

  it('asks for the first set while the entitlement check is still on its way (one round trip)', async () => {
    const { page } = await studentPage(app, backend);
    // Hold the entitlement answer: the question request must go out before it arrives.
    let releaseEntitlement = () => {};
    const entitlementHeld = new Promise<void>((resolve) => {
      releaseEntitlement = resolve;
    });
    await page.route('**/rest/v1/rpc/check_user_entitlement', async (route) => {
      await entitlementHeld;
      await route.continue();
    });
    const questionRequest = page.waitForRequest((r) =>
      r.url().includes('/rest/v1/rpc/get_practice_questions'),
    );
    await page.goto('/practice');
    await questionRequest;
    // Questions show only once access is granted.
    expect(await questionCards(page).count()).toBe(0);
    await page.getByText('Checking your access…', { exact: true }).waitFor();
    releaseEntitlement();
    await questionCards(page).first().waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows an error with Try again (not billing) when the entitlement check fails', async () => {
    const { page } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    await backend.db.query(
      'revoke execute on function public.check_user_entitlement(uuid) from authenticated',
    );
    try {
      await page.goto('/practice');
      await page.getByRole('alert').getByText('We could not check your access').waitFor();
      expect(new URL(page.url()).pathname).toBe('/practice');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await backend.db.query(
        'grant execute on function public.check_user_entitlement(uuid) to authenticated',
      );
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await questionCards(page).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/practice');
    expect(unexpectedProblems(pageProblems(page), errors, 'check_user_entitlement')).toEqual([]);
    // The failed call really happened (and only its own line was allowed).
    expect(errors.some((e) => e.url.includes('check_user_entitlement'))).toBe(true);
  });
});

describe('practice: empty and failed loads', () => {
  it("shows 'No questions available yet.' for an empty bank, and Try again loads once there are questions", async () => {
    const { page } = await studentPage(app, backend);
    await backend.db.exec(`
      create table private.practice_questions_backup as select * from public.questions;
      create table private.practice_options_backup as select * from public.question_options;
      delete from public.questions;`);
    try {
      await page.goto('/practice');
      await page.getByText('No questions available yet.', { exact: true }).waitFor();
      expect(await questionCards(page).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await backend.db.exec(`
        insert into public.questions select * from private.practice_questions_backup;
        insert into public.question_options select * from private.practice_options_backup;
        drop table private.practice_questions_backup;
        drop table private.practice_options_backup;`);
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await questionCards(page).first().waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('logs a load error once and ends in the empty state with Try again', async () => {
    const { page } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    await backend.db.query(
      'revoke execute on function public.get_practice_questions(integer) from authenticated',
    );
    try {
      await page.goto('/practice');
      await page.getByText('No questions available yet.', { exact: true }).waitFor();
    } finally {
      await backend.db.query(
        'grant execute on function public.get_practice_questions(integer) to authenticated',
      );
    }
    expect(errors.filter((e) => e.text.startsWith(LOAD_ERROR_LOG))).toHaveLength(1);
    await page.getByRole('button', { name: 'Try again' }).click();
    await questionCards(page).first().waitFor();
    expect(unexpectedProblems(pageProblems(page), errors, 'get_practice_questions', LOAD_ERROR_LOG)).toEqual(
      [],
    );
  });
});

describe('practice: a full set', () => {
  it.each([
    [QUESTIONS_PER_SET, 'Perfect score!'],
    [7, 'Great job!'],
    [3, 'Keep practicing!'],
  ] as const)('scores %i correct answers with "%s" and marks each question', async (correct, message) => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    await questionCards(page).first().waitFor();
    expect(await heading(page).count()).toBe(1);
    if (correct === QUESTIONS_PER_SET) expect(await axeViolations(page)).toEqual([]);
    const ids = await runSet(page, backend, correct);
    expect(ids).toHaveLength(QUESTIONS_PER_SET);
    expect(new Set(ids).size).toBe(QUESTIONS_PER_SET);
    await expect
      .poll(() => page.getByTestId('practice-score').textContent())
      .toBe(`${correct} / ${QUESTIONS_PER_SET}`);
    expect(await page.getByTestId('practice-message').textContent()).toBe(message);
    for (const [i, id] of ids.entries()) {
      const mark = await page
        .locator(`li[data-question-id="${id}"]`)
        .getByText(/^(Correct|Incorrect)$/)
        .textContent();
      expect(mark).toBe(i < correct ? 'Correct' : 'Incorrect');
    }
    if (correct === 7) expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('practice: answering', () => {
  it('enables Next only once answered, locks the answer after Next, also against the keyboard', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice');
    const first = await currentQuestionId(page);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    expect(await next.isDisabled()).toBe(true);
    await choose(page, backend, first, false);
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    const second = await currentQuestionId(page);
    expect(second).not.toBe(first);
    const key = await optionKey(backend, [first]);
    const lockedAnswer = key.get(first)?.wrong;

    // Number keys and arrows now act on the second question only.
    await page.keyboard.press('1');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator(`[data-question-id="${second}"] input:checked`).count()).toBe(1);

    // On the one-page layout the first question shows, locked: clicks and keys do not change it.
    await page.getByText('All on one page', { exact: true }).click();
    const firstCard = page.locator(`[data-question-id="${first}"]`);
    await firstCard.getByText('Locked', { exact: true }).waitFor();
    const radios = firstCard.locator('input[type="radio"]');
    expect(await radios.count()).toBeGreaterThan(1);
    for (const radio of await radios.all()) expect(await radio.isDisabled()).toBe(true);
    await radios.nth(0).click({ force: true });
    await radios.nth(1).click({ force: true });
    await firstCard.locator('input:checked').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2');
    expect(await firstCard.locator('input:checked').getAttribute('value')).toBe(lockedAnswer);
    const stored = await page.evaluate((k) => localStorage.getItem(k), `pnprep.practice.progress.${user.id}`);
    expect(JSON.parse(stored ?? '{}').answers[first]).toBe(lockedAnswer);
    expect(pageProblems(page)).toEqual([]);
  });

  it('works from the keyboard: number keys choose, Enter goes on, focus moves to the new question', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    const first = await currentQuestionId(page);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Question 1 of ${QUESTIONS_PER_SET}`);
    await page.keyboard.press('Enter');
    expect(await currentQuestionId(page)).toBe(first);
    await page.keyboard.press('2');
    const checked = page.locator(`[data-question-id="${first}"] input:checked`);
    const options = page.locator(`[data-question-id="${first}"] input[type="radio"]`);
    expect(await checked.getAttribute('value')).toBe(await options.nth(1).getAttribute('value'));
    await expect.poll(() => page.locator('#practice-progress').textContent()).toContain('10% answered');
    await page.keyboard.press('Enter');
    await expect.poll(() => currentQuestionId(page)).not.toBe(first);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Question 2 of ${QUESTIONS_PER_SET}`);
    expect(await page.locator('#practice-progress').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('[data-testid="progress-dots"] > *').count()).toBe(QUESTIONS_PER_SET);
    expect(pageProblems(page)).toEqual([]);
  });

  it('offers the one-page layout: Submit Answers waits for every answer, and the choice is remembered', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    const first = await currentQuestionId(page);
    await choose(page, backend, first, true);
    await page.getByText('All on one page', { exact: true }).click();
    await expect.poll(() => questionCards(page).count()).toBe(QUESTIONS_PER_SET);
    // Switching keeps the answer given before the switch.
    expect(await page.locator(`[data-question-id="${first}"] input:checked`).count()).toBe(1);
    const submit = page.getByRole('button', { name: 'Submit Answers' });
    const ids = await questionCards(page).evaluateAll((cards) =>
      cards.map((c) => c.getAttribute('data-question-id') as string),
    );
    for (const [i, id] of ids.entries()) {
      if (i === ids.length - 1) break;
      if (i > 0) await choose(page, backend, id, i % 2 === 0);
    }
    await page
      .getByText(
        `Please answer all questions before submitting (${QUESTIONS_PER_SET - 1}/${QUESTIONS_PER_SET} answered)`,
      )
      .waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // A reload keeps the layout and the answers.
    await page.reload();
    await expect.poll(() => questionCards(page).count()).toBe(QUESTIONS_PER_SET);
    expect(await page.getByRole('radio', { name: 'All on one page' }).isChecked()).toBe(true);
    await choose(page, backend, ids.at(-1) as string, true);
    expect(await page.getByText(/Please answer all questions/).count()).toBe(0);
    await submit.click();
    await page.getByTestId('practice-score').waitFor();
    const expected = 1 + ids.slice(1, -1).filter((_, i) => (i + 1) % 2 === 0).length + 1;
    expect(await page.getByTestId('practice-score').textContent()).toBe(`${expected} / ${QUESTIONS_PER_SET}`);
    // The layout is a device setting: the next set opens on one page too.
    await page.getByRole('button', { name: 'Practice Again (New Set)' }).click();
    await expect.poll(() => questionCards(page).count()).toBe(QUESTIONS_PER_SET);
    expect(
      await page
        .getByText(`Please answer all questions before submitting (0/${QUESTIONS_PER_SET} answered)`)
        .count(),
    ).toBe(1);
    expect(pageProblems(page)).toEqual([]);
  });

  it('restores questions, answers, locks and the current question after a reload', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    const answered: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await currentQuestionId(page);
      answered.push(id);
      await choose(page, backend, id, true);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(() => currentQuestionId(page)).not.toBe(id);
    }
    const fourth = await currentQuestionId(page);
    await choose(page, backend, fourth, false);
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('get_practice_questions')) loads.push(r.url());
    });
    await page.reload();
    expect(await currentQuestionId(page)).toBe(fourth);
    await page.getByText(`Question 4 of ${QUESTIONS_PER_SET}`).first().waitFor();
    expect(await page.locator('#practice-progress').textContent()).toContain('40% answered');
    const key = await optionKey(backend, [fourth]);
    expect(await page.locator(`[data-question-id="${fourth}"] input:checked`).getAttribute('value')).toBe(
      key.get(fourth)?.wrong,
    );
    expect(loads).toEqual([]);
    await page.getByText('All on one page', { exact: true }).click();
    for (const id of answered)
      await page.locator(`[data-question-id="${id}"]`).getByText('Locked', { exact: true }).waitFor();
    expect(
      await page.locator(`[data-question-id="${fourth}"]`).getByText('Locked', { exact: true }).count(),
    ).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('practice: results', () => {
  it('shows remediation for incorrect questions only: the category prompt and the focus keywords', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    const ids = await runSet(page, backend, 6);
    await page.getByTestId('practice-score').waitFor();
    expect(await page.locator('[data-remediation-for]').count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'View Remediation' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const key = await optionKey(backend, ids);
    const incorrect = ids.slice(6);
    await expect.poll(() => page.locator('[data-remediation-for]').count()).toBe(incorrect.length);
    for (const id of ids.slice(0, 6))
      expect(await page.locator(`[data-remediation-for="${id}"]`).count()).toBe(0);
    for (const id of incorrect) {
      const entry = key.get(id) as { category: string | null; stem: string; rationale: string };
      const card = page.locator(`[data-remediation-for="${id}"]`);
      expect(await card.getByTestId('remediation-prompt').textContent()).toBe(
        remediationPrompt(entry.category),
      );
      // The bank's rationale is extra help under each incorrect item.
      expect(await card.getByTestId('remediation-rationale').textContent()).toContain(entry.rationale);
      const expected = focusKeywords(entry.stem, FOCUS_STOP_WORDS, BANK_WORD_FREQUENCY);
      const shown = expected.length
        ? await card.getByTestId('remediation-keywords').locator('.mantine-Badge-root').allTextContents()
        : [];
      expect(shown).toEqual(expected);
      expect(shown.length).toBeLessThanOrEqual(3);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hide Remediation' }).click();
    await expect.poll(() => page.locator('[data-remediation-for]').count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('Practice Again reshuffles the same questions, clears the answers and makes no request', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    const ids = await runSet(page, backend, 5);
    await page.getByTestId('practice-score').waitFor();
    // The finished set's save is the results' own request; Practice Again must add none.
    await page.locator('[data-record-status="saved"]').waitFor();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1')) requests.push(r.url());
    });
    await page.getByRole('button', { name: 'Practice Again (New Set)' }).click();
    const seen: string[] = [];
    for (let i = 0; i < QUESTIONS_PER_SET; i++) {
      const id = await currentQuestionId(page);
      seen.push(id);
      expect(await page.locator(`[data-question-id="${id}"] input:checked`).count()).toBe(0);
      if (i === 0) expect(await page.locator('#practice-progress').textContent()).toContain('0% answered');
      await choose(page, backend, id, true);
      const next = page.getByRole('button', { name: 'Next', exact: true });
      if (i < QUESTIONS_PER_SET - 1) {
        await next.click();
        await expect.poll(() => currentQuestionId(page)).not.toBe(id);
      }
    }
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(requests).toEqual([]);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('practice-score').textContent())
      .toBe(`${QUESTIONS_PER_SET} / ${QUESTIONS_PER_SET}`);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(pageProblems(page)).toEqual([]);
  });
});
