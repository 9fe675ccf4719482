/**
 * The student's journey without a rough edge (issue 24), one test per rough edge: the sign-in
 * dialog drawn as a dialog, the app's own error screen for a lost connection, the results table on
 * a phone, the support page, the named focus sets, the trial countdown and the chosen answer
 * visible once locked.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appErrorCopy } from '../../src/content/app-error';
import { faq } from '../../src/content/faq';
import { support } from '../../src/content/support';
import { billingCopy } from '../../src/features/billing/billing-copy';
import { practiceCopy } from '../../src/features/practice-session/practice-copy';
import { grantTrial } from '../support/backend';
import { appStarted, axeViolations } from '../support/browser';
import { CHECKED_SCHEMES, CHECKED_WIDTHS, overflowProblems } from '../support/overflow';
import { signInContext } from '../support/ui-backend';
import { UI_SUPPORT_EMAIL } from '../support/ui-config';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { choose, currentQuestionId, runSet, studentPage } from './practice-session-support';
import { animationsSettled, openRoute, titleOf } from './public-helpers';

startAppAndBackendForFile();

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
        // The dialog itself: the page behind it is dimmed by the overlay on purpose.
        expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
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

describe('the results table on a phone (item 6)', () => {
  it('shows every category with its accuracy, no sideways scroll', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    await runSet(page, backend, 7);
    await page.goto('/results');
    await page.getByTestId('category-table').waitFor();
    for (const scheme of CHECKED_SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 375, height: 740 });
      const accuracyHeader = page
        .getByTestId('category-table')
        .getByRole('columnheader', { name: 'Accuracy' });
      const box = await accuracyHeader.boundingBox();
      expect(box && box.x + box.width <= 375).toBe(true);
      // Every row's accuracy cell is on screen; Correct reads "7 of 10" with Answered folded in.
      const rows = page.getByTestId('category-table').locator('tbody tr');
      for (const row of await rows.all()) {
        const cell = await row.locator('td').last().boundingBox();
        expect(cell && cell.x + cell.width <= 375).toBe(true);
        // biome-ignore lint/performance/useDomNodeTextContent: the text as drawn, the phone-only part included.
        expect(await row.locator('td').nth(1).innerText()).toMatch(/^\d+ of \d+$/);
      }
      expect(await overflowProblems(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});

describe('the support page (item 8)', () => {
  it("the footer's Support opens a page with the address, the response time and how to cancel or get a refund", async () => {
    const { page } = await app.newPage({ width: 375, height: 740 });
    await openRoute(page, '/', titleOf('NCLEX-PN Practice'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
    await page.getByRole('heading', { level: 1, name: support.title }).waitFor();
    expect(await page.title()).toBe(titleOf(support.title));
    // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees.
    const text = await page.getByRole('main').innerText();
    expect(text).not.toContain('Page Not Found');
    expect(await page.getByRole('link', { name: UI_SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${UI_SUPPORT_EMAIL}`,
    );
    for (const part of [support.response, support.refund, ...support.cancelSteps])
      expect(text).toContain(part);
    expect(await overflowProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('arrives prerendered, like the other public pages', async () => {
    const html = await (await fetch(`${app.url}/support`)).text();
    expect(html).toContain(support.response);
    expect(html).toContain(`<title>${titleOf(support.title)}</title>`);
  });
});

describe('smaller rough edges (item 9)', () => {
  it('a set drawn from the record says which set it is', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice');
    await runSet(page, backend, 3);
    // A set in progress resumes whatever the address asks for: forget it between the two sets. The
    // practice page is left first, so it cannot store its set again after the key is removed.
    const forgetSetInProgress = async () => {
      await page.goto('/support');
      await page.evaluate((key) => localStorage.removeItem(key), `pnprep.practice.progress.${user.id}`);
    };
    await page.goto('/practice?focus=missed');
    await page.getByTestId('focus-heading').waitFor();
    expect(await page.getByTestId('focus-heading').textContent()).toBe(practiceCopy.focusHeading.missed);
    await forgetSetInProgress();
    await page.goto('/practice?focus=weakest');
    await page.getByTestId('focus-heading').waitFor();
    expect(await page.getByTestId('focus-heading').textContent()).toMatch(
      new RegExp(`^${practiceCopy.focusHeading.weakest}: .+`),
    );
    // An ordinary set has no such heading.
    await forgetSetInProgress();
    await page.goto('/practice');
    await page.getByRole('button', { name: /^(Next|Submit)$/ }).waitFor();
    expect(await page.getByTestId('focus-heading').count()).toBe(0);
  });

  it('the dashboard counts down the free trial', async () => {
    const { context, page } = await app.newPage();
    const user = await signInContext(context, backend, `countdown-${Date.now()}@example.com`);
    await grantTrial(backend, user.id, { trialEnd: new Date(Date.now() + (5 * 60 + 30) * 60_000) });
    await openRoute(page, '/dashboard', titleOf('Dashboard'));
    await page.getByTestId('trial-countdown').waitFor();
    expect(await page.getByTestId('trial-countdown').textContent()).toMatch(
      /Free trial: 5 hours (29|30) minutes left\./,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('in the one-page layout, the locked answer the student chose stands out at AA contrast', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    const first = await currentQuestionId(page);
    await choose(page, backend, first, false);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => currentQuestionId(page)).not.toBe(first);
    await page.getByText('All on one page', { exact: true }).click();
    const card = page.locator(`[data-question-id="${first}"]`);
    await card.getByText('Locked', { exact: true }).waitFor();
    for (const scheme of CHECKED_SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await animationsSettled(page);
      // Polled: the radio's fill changes colour by a transition that may not have begun when the
      // scheme switches, so a single reading can catch the old colour.
      await expect
        .poll(async () => {
          const look = await card.evaluate((el) => {
            const checked = el.querySelector('input:checked') as HTMLInputElement;
            const chosenLabel = el.querySelector(`label[for="${checked.id}"]`) as HTMLElement;
            return {
              chosen: getComputedStyle(chosenLabel).color,
              chosenWeight: getComputedStyle(chosenLabel).fontWeight,
              radio: getComputedStyle(checked).backgroundColor,
              background: getComputedStyle(document.body).backgroundColor,
            };
          });
          return {
            chosenTextAtAA: contrast(look.chosen, look.background) >= 4.5,
            chosenBold: Number(look.chosenWeight) >= 700,
            // The chosen radio is filled with the primary colour, not the disabled grey.
            radioFilledAt3: contrast(look.radio, look.background) >= 3,
          };
        })
        .toEqual({ chosenTextAtAA: true, chosenBold: true, radioFilledAt3: true });
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the FAQ (item 10)', () => {
  it('carries every answer and FAQPage structured data in its prerendered HTML', async () => {
    const html = await (await fetch(`${app.url}/faq`)).text();
    // The answers are in the page itself, not only in the structured data.
    const page = decodeHtml(html.replace(/<script type="application\/ld\+json">.*?<\/script>/s, ''));
    for (const item of faq.items) expect(page).toContain(item.answer);
    const data = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
    const parsed = JSON.parse(data ?? '{}') as { '@type': string; mainEntity: unknown[] };
    expect(parsed['@type']).toBe('FAQPage');
    expect(parsed.mainEntity).toHaveLength(faq.items.length);
  });
});

/** WCAG contrast ratio of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
