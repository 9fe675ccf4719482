/**
 * /practice/custom/test in Chromium against the local backend: a tutor test built from one
 * category's unused classic questions shows the key and rationale after each item and locks it;
 * flags and notes reach the learning record; a strike-out stays after navigating away and back;
 * a timed test whose (simulated) clock runs out keeps the answers so far and marks the rest
 * unanswered; axe-clean and 375 px wide in both colour schemes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, startApp } from '../support/browser';
import { overflowProblems } from '../support/overflow';
import { startUiBackend } from '../support/ui-backend';
import { studentPage } from './practice-session-support';

let app: AppUnderTest;
let backend: LocalBackend;
beforeAll(async () => {
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

/** Builds a test of classic questions of one client need, from the unused pool, in the given mode. */
async function buildClassicTest(page: Page, mode: 'Tutor' | 'Timed'): Promise<string> {
  await page.goto('/practice/custom');
  await page.getByText(/This test will have \d+ items\./).waitFor();
  await page.getByRole('checkbox', { name: /^NGN stand-alone items/ }).click();
  await page.getByRole('checkbox', { name: /^NGN case studies/ }).click();
  await page.getByRole('checkbox', { name: /^All client needs/ }).click();
  await page.getByRole('checkbox', { name: /^Pharmacological Therapies/ }).click();
  await page.getByRole('radio', { name: /^Unused/ }).click();
  await page.getByLabel('Number of items').fill('10');
  await page.getByRole('radio', { name: new RegExp(`^${mode}`) }).click();
  await page.getByText('This test will have 10 items.').waitFor();
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.waitForURL(/\/practice\/custom\/test\?test=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('test') as string;
}

describe('answering a custom test', () => {
  it('tutor: key and rationale after each item, locked; strike-out kept; flag and note recorded', async () => {
    const { page, user } = await studentPage(app, backend);
    const testId = await buildClassicTest(page, 'Tutor');
    await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Item 1: answer, check, see the key and the rationale; the item is then locked.
    await page.getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    const reveal = page.getByTestId('reveal');
    await reveal.waitFor();
    expect(await reveal.getByText('Correct answer', { exact: false }).count()).toBe(1);
    expect(await page.getByTestId('rationale').innerText()).toMatch(/^Rationale: \S/);
    expect(await page.getByRole('radio').first().isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    const { rows: answered } = await backend.db.query<{ response: unknown }>(
      'select response from public.custom_test_items where test_id = $1 and position = 1',
      [testId],
    );
    expect(answered[0]?.response).not.toBeNull();

    // Item 2: strike out B, leave for item 1 and come back: still struck.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Question 2 of 10' }).waitFor();
    await page.getByRole('button', { name: 'Strike out option B' }).click();
    await page.getByText('Option B struck out').waitFor();
    await page.getByRole('button', { name: /^Question 1\b/ }).click();
    await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
    await page.getByRole('button', { name: /^Question 2\b/ }).click();
    await page.getByRole('heading', { name: 'Question 2 of 10' }).waitFor();
    expect(await page.getByRole('button', { name: 'Restore option B' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.locator('[data-struck="true"]').count()).toBe(1);

    // Flag item 2 with a note: both reach the record, and the navigator marks it.
    await page.getByRole('button', { name: 'Flag for review' }).click();
    await page.getByLabel('Private note').fill('Check the potassium range');
    await page.getByLabel('Private note').blur();
    await page.getByRole('button', { name: 'Question 2, flagged' }).waitFor();
    await expect
      .poll(async () => {
        const { rows } = await backend.db.query<{ flagged: boolean; note: string }>(
          'select flagged, note from private.item_marks where user_id = $1',
          [user.id],
        );
        return rows;
      })
      .toEqual([{ flagged: true, note: 'Check the potassium range' }]);
  });

  it('timed: the simulated clock runs out; answered items are scored, the rest unanswered', async () => {
    const { page } = await studentPage(app, backend);
    await page.clock.install();
    await buildClassicTest(page, 'Timed');
    await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
    await page
      .getByTestId('time-left')
      .filter({ hasText: /^13:20$/ })
      .waitFor();
    await page.getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio').nth(1).click();
    // A screen reader hears the last minute come (and nothing before it at 13 minutes).
    const milestone = page.getByRole('status').filter({ hasText: 'minute' });
    expect(await milestone.count()).toBe(0);
    await page.clock.fastForward('12:30');
    await milestone.filter({ hasText: /^1 minute left$/ }).waitFor({ state: 'attached' });
    // 10 items × 80 s.
    await page.clock.fastForward('00:51');
    await page.getByRole('heading', { name: 'Your results' }).waitFor();
    expect(await page.getByText('2 answered, 8 unanswered.').count()).toBe(1);
    expect(await page.getByTestId('unanswered').count()).toBe(8);
    expect(await page.getByTestId('reveal').count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a flagged item with its note is found in the flagged pool, its note shown with it', async () => {
    const { page } = await studentPage(app, backend);
    await buildClassicTest(page, 'Tutor');
    await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
    const stem = await page
      .locator('[data-question-id] legend, [data-question-id] label')
      .first()
      .innerText();
    await page.getByRole('button', { name: 'Flag for review' }).click();
    await page.getByLabel('Private note').fill('Ask about the antidote');
    await page.getByLabel('Private note').blur();
    await page.getByRole('button', { name: 'Question 1, flagged' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Remove flag' }).count()).toBe(1);

    await page.goto('/practice/custom');
    await page.getByText(/This test will have \d+ items\./).waitFor();
    await page.getByRole('radio', { name: /^Flagged by you/ }).click();
    await page.getByText(/This test will have 1 item/).waitFor();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(/\/practice\/custom\/test\?test=/);
    await page.getByRole('heading', { name: 'Question 1 of 1' }).waitFor();
    expect(
      await page.locator('[data-question-id] legend, [data-question-id] label').first().innerText(),
    ).toBe(stem);
    expect(await page.getByLabel('Private note').inputValue()).toBe('Ask about the antidote');
    expect(await page.getByRole('button', { name: 'Remove flag' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keyboard only: answer, check, strike out and move on in a tutor test', async () => {
    const { page } = await studentPage(app, backend);
    await buildClassicTest(page, 'Tutor');
    await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );
    /** Tabs forward until the focused control's name matches (the walk fails if it never does). */
    const tabTo = async (name: RegExp) => {
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        if (name.test(await focused())) return;
      }
      throw new Error(`Tab never reached ${name}`);
    };
    // The heading has focus: Tab reaches the options, Space chooses one.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('radio', { checked: true }).count()).toBe(1);
    await tabTo(/^Strike out option B$/);
    await page.keyboard.press('Enter');
    await page.getByText('Option B struck out').waitFor();
    await tabTo(/^Check answer$/);
    await page.keyboard.press('Enter');
    await page.getByTestId('reveal').waitFor();
    await tabTo(/^Next$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Question 2 of 10' }).waitFor();
    await tabTo(/^Flag for review$/);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Question 2, flagged' }).waitFor();
    await tabTo(/^Lab values$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Lab values' }).waitFor();
    // The open drawer's overlay dims the page behind it: the drawer itself is checked.
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The on-screen calculator (shared with the mock exam) opens and computes from the keyboard.
    await tabTo(/^Calculator$/);
    await page.keyboard.press('Enter');
    await tabTo(/^1$/);
    await page.keyboard.type('12*3=');
    await expect.poll(() => page.getByTestId('calculator-display').textContent()).toBe('36');
  });

  it('NGN items: ending a timed test at once shows every item unanswered with its key in words', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice/custom');
    await page.getByText(/This test will have \d+ items\./).waitFor();
    await page.getByRole('checkbox', { name: /^Classic multiple choice/ }).click();
    await page.getByRole('checkbox', { name: /^NGN case studies/ }).click();
    await page.getByLabel('Number of items').fill('10');
    await page.getByRole('radio', { name: /^Timed/ }).click();
    await page.getByText('This test will have 10 items.').waitFor();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.getByRole('heading', { name: 'Item 1 of 10' }).waitFor();
    await page.getByRole('button', { name: 'End test and see results' }).click();
    await page.getByRole('heading', { name: 'Your results' }).waitFor();
    expect(await page.getByText('0 answered, 10 unanswered.').count()).toBe(1);
    expect(await page.getByTestId('unanswered').count()).toBe(10);
    expect(await page.getByTestId('correct-answer').count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('NGN select-all: a choice struck out stays struck (and selectable) after moving away and back', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice/custom');
    await page.getByText(/This test will have \d+ items\./).waitFor();
    await page.getByRole('checkbox', { name: /^Classic multiple choice/ }).click();
    await page.getByRole('checkbox', { name: /^NGN case studies/ }).click();
    await page.getByLabel('Number of items').fill('20');
    await page.getByRole('radio', { name: /^Timed/ }).click();
    await page.getByText('This test will have 20 items.').waitFor();
    await page.getByRole('button', { name: 'Start the test' }).click();
    // Move on to the first select-all / select-N item (the only NGN kind with strike-out).
    let position = 1;
    for (; position <= 20; position++) {
      await page.getByRole('heading', { name: `Item ${position} of 20` }).waitFor();
      if ((await page.locator('[data-strike]').count()) > 0) break;
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    expect(position, 'a select-all item among 20 NGN items').toBeLessThanOrEqual(20);
    const strikeButton = page.locator('[data-strike]').first();
    const choiceId = await strikeButton.getAttribute('data-strike');
    await strikeButton.click();
    await expect.poll(() => strikeButton.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-struck="true"]').count()).toBe(1);
    if (position < 20) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { name: `Item ${position + 1} of 20` }).waitFor();
      await page.getByRole('button', { name: 'Previous', exact: true }).click();
      await page.getByRole('heading', { name: `Item ${position} of 20` }).waitFor();
    }
    const again = page.locator(`[data-strike="${choiceId}"]`);
    await expect.poll(() => again.getAttribute('aria-pressed')).toBe('true');
    // Struck is visual only: the choice can still be picked.
    await page.locator('[data-struck="true"]').click();
    await expect.poll(() => page.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fits a phone and stays axe-clean in both colour schemes', async () => {
    const { page } = await studentPage(app, backend);
    const testId = await buildClassicTest(page, 'Tutor');
    await page.setViewportSize({ width: 375, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/practice/custom/test?test=${testId}`);
      await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
      await page.getByRole('button', { name: 'Calculator' }).click();
      await page.getByRole('group', { name: 'Calculator' }).waitFor();
      expect(await overflowProblems(page), scheme).toEqual([]);
      expect(await axeViolations(page), scheme).toEqual([]);
    }
  });
});
