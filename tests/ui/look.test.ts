/**
 * The look (docs/design-system.md): dark mode following the device, its toggle and the stored
 * choice applied before the first paint; axe in both schemes; and the rough edges fixed in the
 * walk-through (one close button, a keyboard hint per layout, network errors in plain words, equal
 * Correct/Incorrect badges, the current page marked, the jump to remediation, rationale size).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { networkCopy } from '../../src/content/network';
import { axeViolations, pageProblems } from '../support/browser';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import {
  consoleErrors,
  questionCards,
  runSet,
  studentPage,
  unexpectedProblems,
} from './practice-session-support';
import { animationsSettled, openRoute, titleOf } from './public-helpers';

startAppAndBackendForFile();

const STORAGE_KEY = 'mantine-color-scheme-value';
const LANDING_TITLE = titleOf('NCLEX-PN Practice');
const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Dark mode' });
/** Public pages arrive prerendered: the header's toggle says when the app has taken the page over. */
const appRunning = (page: Page) => page.locator('[data-testid="color-scheme-toggle"][data-ready]').waitFor();

describe('dark mode', () => {
  it('follows the device until the toggle is pressed, then remembers the choice across reloads', async () => {
    const { page } = await app.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await openRoute(page, '/', LANDING_TITLE);
    await appRunning(page);
    expect(await scheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe('rgb(36, 36, 36)');
    await expect.poll(() => toggle(page).getAttribute('aria-pressed')).toBe('true');
    expect(await stored(page)).toBeNull();

    await toggle(page).click();
    await expect.poll(() => scheme(page)).toBe('light');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');
    expect(await stored(page)).toBe('light');
    expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');

    // The device still prefers dark, but the student chose light.
    await page.reload();
    await appRunning(page);
    expect(await scheme(page)).toBe('light');

    await toggle(page).click();
    await expect.poll(() => scheme(page)).toBe('dark');
    expect(await stored(page)).toBe('dark');
    expect(pageProblems(page)).toEqual([]);
  });

  it('follows a light device by default', async () => {
    const { page } = await app.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await openRoute(page, '/', LANDING_TITLE);
    await appRunning(page);
    expect(await scheme(page)).toBe('light');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');
  });

  it('applies the stored choice before any app script runs (no flash of the light scheme)', async () => {
    const { context, page } = await app.newPage();
    await context.addInitScript((key) => localStorage.setItem(key, 'dark'), STORAGE_KEY);
    await page.emulateMedia({ colorScheme: 'light' });
    // The app's scripts answer empty: only index.html's head script and the stylesheet act.
    await page.route(
      (url) => url.pathname.endsWith('.js') || url.pathname.endsWith('.tsx'),
      (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/');
    expect(await scheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe('rgb(36, 36, 36)');
  });

  it('is in the mobile header too, at 375 px', async () => {
    const { page } = await app.newPage({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: 'light' });
    await openRoute(page, '/', LANDING_TITLE);
    await appRunning(page);
    await toggle(page).click();
    await expect.poll(() => scheme(page)).toBe('dark');
  });

  const PUBLIC_PAGES = [
    '/',
    '/about',
    '/pricing',
    '/faq',
    '/exams',
    '/login',
    '/register',
    '/terms',
    '/privacy',
    '/checkout/cancel',
    '/no-such-page',
  ];

  it('has no axe violations on the public pages in the dark scheme', async () => {
    const { page } = await app.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    const failures: Record<string, unknown> = {};
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await appRunning(page);
      expect(await scheme(page)).toBe('dark');
      const violations = await axeViolations(page);
      if (violations.length > 0) failures[path] = violations;
    }
    expect(failures).toEqual({});
    expect(pageProblems(page)).toEqual([]);
  });

  it('has no axe violations on signed-in pages in the dark scheme: dashboard, results, practice, profile, clinical judgment', async () => {
    const { page } = await studentPage(app, backend);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByTestId('dashboard-empty').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/results');
    await page.getByRole('heading', { level: 2, name: 'No practice sets yet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/practice');
    await questionCards(page).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await runSet(page, backend, 6);
    await page.getByTestId('practice-score').waitFor();
    await page.getByRole('button', { name: 'View Remediation' }).click();
    await page.locator('[data-remediation-for]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/clinical-judgment');
    await page.locator('[data-item-id]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('header', () => {
  it('shows one close button (the menu’s own) while the mobile menu is open, axe-clean in the dark scheme', async () => {
    const { page } = await app.newPage({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openRoute(page, '/', LANDING_TITLE);
    await appRunning(page);
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await animationsSettled(page);
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    // The burger keeps its three lines: Mantine draws the × only when it is "opened".
    expect(await page.locator('header [data-opened]').count()).toBe(0);
    const closeButtons = page.getByRole('button', { name: /close/i });
    expect(await closeButtons.count()).toBe(1);
    await closeButtons.click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(pageProblems(page)).toEqual([]);
  });

  it('marks the current page in the navigation, by more than colour', async () => {
    const { page } = await studentPage(app, backend, { entitled: false });
    await page.goto('/results');
    await page.getByRole('heading', { level: 1, name: 'Results' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const current = nav.getByRole('link', { name: 'Results' });
    const other = nav.getByRole('link', { name: 'Dashboard' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await other.getAttribute('aria-current')).toBeNull();
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return { weight: style.fontWeight, underline: style.textDecorationLine };
    };
    expect(await current.evaluate(look)).toEqual({ weight: '700', underline: 'underline' });
    expect(await other.evaluate(look)).not.toEqual({ weight: '700', underline: 'underline' });
  });
});

describe('practice: rough edges', () => {
  it('shows the number-key hint only in the one-at-a-time layout, and a Tab hint on one page', async () => {
    const { page } = await studentPage(app, backend);
    await page.goto('/practice');
    await questionCards(page).first().waitFor();
    const hint = page.getByTestId('keyboard-hint');
    expect(await hint.textContent()).toContain('press 1–4 or A–D');
    await page.getByText('All on one page', { exact: true }).click();
    await expect.poll(() => questionCards(page).count()).toBeGreaterThan(1);
    expect(await hint.textContent()).not.toContain('press 1');
    expect(await hint.textContent()).toContain('Tab moves from question to question');
    // The number keys really do nothing here: no answer is chosen.
    await page.keyboard.press('1');
    expect(await questionCards(page).locator('input[type="radio"]:checked').count()).toBe(0);
    await page.getByText('One at a time', { exact: true }).click();
    await expect.poll(() => questionCards(page).count()).toBe(1);
    expect(await hint.textContent()).toContain('press 1–4 or A–D');
    expect(pageProblems(page)).toEqual([]);
  });

  it('says what happened and what to do when the server cannot be reached or the device is offline', async () => {
    const { context, page } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    const entitlement = '**/rest/v1/rpc/check_user_entitlement';
    await page.route(entitlement, (route) => route.abort('connectionrefused'));
    await page.goto('/practice');
    const alert = page.getByRole('alert');
    await alert.getByText('We could not check your access').waitFor();
    await alert.getByText(networkCopy.unreachable).waitFor();
    expect(await alert.textContent()).not.toMatch(/failed to fetch|TypeError/i);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await alert.getByText(networkCopy.offline).waitFor();
    expect(await alert.textContent()).not.toMatch(/failed to fetch|TypeError/i);

    await context.setOffline(false);
    await page.unroute(entitlement);
    await page.getByRole('button', { name: 'Try again' }).click();
    await questionCards(page).first().waitFor();
    expect(unexpectedProblems(pageProblems(page), errors, 'check_user_entitlement')).toEqual([]);
  });

  it('lines up the Correct and Incorrect badges, jumps to the remediation on a phone, and shows rationales at body size', async () => {
    const { page } = await studentPage(app, backend);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/practice');
    await runSet(page, backend, 5);
    await page.getByTestId('practice-score').waitFor();

    const answers = page.getByRole('list', { name: 'Answers by question' });
    const badges = answers.locator('.result-badge');
    expect(await badges.count()).toBe(10);
    const boxes = await badges.evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent, width: el.getBoundingClientRect().width })),
    );
    expect(new Set(boxes.map((b) => b.text))).toEqual(new Set(['Correct', 'Incorrect']));
    expect(new Set(boxes.map((b) => Math.round(b.width))).size).toBe(1);
    const stemLefts = await answers
      .locator('li p')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(new Set(stemLefts).size).toBe(1);

    const jump = page.getByRole('button', { name: 'Go to remediation for the 5 questions you missed' });
    await jump.click();
    const heading = page.getByRole('heading', { level: 2, name: 'Remediation' });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(740);
    expect(await page.getByRole('button', { name: 'Hide Remediation' }).count()).toBe(1);

    const rationale = page.getByTestId('remediation-rationale').first();
    expect(
      await rationale.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(16);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('honest copy', () => {
  it('states the real question count on the landing page, not "thousands"', async () => {
    const { BANK_QUESTION_COUNT } = await import('../../src/content/bank-stats');
    const { page } = await app.newPage();
    await openRoute(page, '/', LANDING_TITLE);
    await appRunning(page);
    const body = (await page.getByRole('main').textContent()) ?? '';
    expect(body).toContain(`${BANK_QUESTION_COUNT.toLocaleString('en-US')} NCLEX-PN style questions`);
    expect(body).not.toMatch(/thousands/i);
  });
});
