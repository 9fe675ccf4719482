/**
 * The student's journey without a rough edge (issue 24), one test per rough edge: the sign-in
 * dialog drawn as a dialog, the app's own error screen for a lost connection, the results table on
 * a phone, the support page, the named focus sets, the trial countdown and the chosen answer
 * visible once locked.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appErrorCopy } from '../../src/content/app-error';
import { billingCopy } from '../../src/features/billing/billing-copy';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, appStarted, axeViolations, startApp } from '../support/browser';
import { CHECKED_SCHEMES, CHECKED_WIDTHS, overflowProblems } from '../support/overflow';
import { startUiBackend } from '../support/ui-backend';
import { studentPage } from './practice-session-support';
import { animationsSettled, openRoute, titleOf } from './public-helpers';

let app: AppUnderTest;
let backend: LocalBackend;
beforeAll(async () => {
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Sign in to start your trial' });

describe('the sign-in dialog on /billing (item 1)', () => {
  for (const width of CHECKED_WIDTHS)
    for (const scheme of CHECKED_SCHEMES)
      it(`is centred, inside the viewport and unclipped at ${width} px, ${scheme}`, async () => {
        const { page } = await app.newPage({ width, height: width < 600 ? 740 : 800 });
        await page.emulateMedia({ colorScheme: scheme });
        await openRoute(page, '/billing', titleOf('Billing'));
        await page.getByRole('main').getByRole('link', { name: 'Start 24-Hour Free Trial' }).click();
        await dialog(page).waitFor();
        await animationsSettled(page);
        expect(await overflowProblems(page)).toEqual([]);
        const box = await dialog(page).boundingBox();
        if (!box) throw new Error('the dialog has no box');
        // Centred: the margins left and right are equal, and it does not stick to the top edge.
        expect(Math.abs(box.x - (width - box.x - box.width))).toBeLessThanOrEqual(2);
        expect(box.y).toBeGreaterThan(8);
        const close = await dialog(page).getByRole('button', { name: billingCopy.close }).boundingBox();
        expect(close && close.x + close.width <= width).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      });
});

describe("a lost connection shows the app's own error screen (item 2)", () => {
  it('offline on a phone, the menu that cannot load shows Try again, which works once back online', async () => {
    const { context, page } = await studentPage(app, backend);
    await page.setViewportSize({ width: 375, height: 740 });
    await openRoute(page, '/dashboard', titleOf('Dashboard'));
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('app-error').waitFor({ timeout: 20_000 });
    expect(await page.textContent('body')).not.toContain('Unexpected Application Error');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(appErrorCopy.title);
    expect(await page.getByTestId('app-error').textContent()).toContain('You seem to be offline');
    expect(await page.getByRole('link', { name: appErrorCopy.home }).getAttribute('href')).toBe('/');
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(false);
    await page.getByRole('button', { name: appErrorCopy.retry }).click();
    // The page is back, and the menu opens.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  });

  it('with the server stopped, Results shows the error screen inside the site, with a way home', async () => {
    const { page } = await studentPage(app, backend);
    await openRoute(page, '/dashboard', titleOf('Dashboard'));
    await appStarted(page);
    // As with `npm start` stopped: neither the app's code nor the backend answers.
    let serverStopped = true;
    await page.route(
      (url) =>
        serverStopped &&
        (url.pathname.startsWith('/assets/') || url.port === String(new URL(backend.url).port)),
      (route) => route.abort('connectionrefused'),
    );
    await page.getByRole('banner').getByRole('link', { name: 'Results' }).click();
    await page.getByTestId('app-error').waitFor({ timeout: 20_000 });
    expect(await page.textContent('body')).not.toContain('Hey developer');
    expect(await page.getByTestId('app-error').textContent()).toContain('could not reach its server');
    // The header and footer stay: the student can go anywhere from here.
    await page.getByRole('banner').waitFor();
    await page.getByRole('contentinfo').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    serverStopped = false;
    await page.getByRole('button', { name: appErrorCopy.retry }).click();
    await page.getByRole('heading', { level: 1, name: /results/i }).waitFor();
  });
});
