/**
 * /practice/custom "Create a test" in Chromium against the local backend: guarded like /practice,
 * the counts shown before starting are what the backend then serves, a choice that gives nothing
 * says so and offers the nearest choice that does, and the page is axe-clean and fits 375 px in
 * both colour schemes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, startApp } from '../support/browser';
import { fixtureCase, fixtureItems, replaceNgnBank } from '../support/ngn-fixtures';
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
beforeEach(async () => {
  await replaceNgnBank(backend, fixtureItems, [fixtureCase]);
});

describe('create a test', () => {
  it('shows what the choices give, offers the nearest choice for an empty one, and starts the test it counted', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice/custom');
    await page.getByRole('heading', { name: 'Create a test', level: 1 }).waitFor();
    await page.getByText('This test will have 20 items.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Only the stand-alone NGN items (six in the fixture bank), then only the flagged ones (none yet).
    await page.getByRole('checkbox', { name: /^Classic multiple choice/ }).click();
    await page.getByRole('checkbox', { name: /^NGN case studies/ }).click();
    await page.getByText('This test will have 6 items.').waitFor();
    await page.getByText('(You asked for 20: these are all that match.)').waitFor();
    await page.getByRole('radio', { name: /^Flagged by you/ }).click();
    await page.getByText('No items match these choices.').waitFor();
    expect(await page.getByRole('button', { name: 'Start the test' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use “All items” instead (6 available)' }).click();
    await page.getByText('This test will have 6 items.').waitFor();
    expect(await page.getByRole('radio', { name: /^All items/ }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(/\/practice\/custom\/test\?test=[0-9a-f-]{36}$/);
    const testId = new URL(page.url()).searchParams.get('test');
    const { rows } = await backend.db.query<{ items: number; user_id: string; mode: string }>(
      `select (select count(*)::integer from public.custom_test_items i where i.test_id = t.id) as items,
              t.user_id, t.mode
         from public.custom_tests t where t.id = $1`,
      [testId],
    );
    expect(rows).toEqual([{ items: 6, user_id: user.id, mode: 'tutor' }]);
  });

  it('fits a phone and stays axe-clean in both colour schemes', async () => {
    const { page } = await studentPage(app, backend);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/practice/custom');
      await page.getByText(/This test will have \d+ items\./).waitFor();
      expect(await overflowProblems(page), scheme).toEqual([]);
      expect(await axeViolations(page), scheme).toEqual([]);
    }
  });

  it('sends a student without a plan or trial to billing, as /practice does', async () => {
    const { page } = await studentPage(app, backend, { entitled: false });
    await page.goto('/practice/custom');
    await page.waitForURL(/\/billing$/);
  });
});
