/**
 * Public pages are prerendered at build time and hydrated (decision 080): their HTML holds the
 * page before any script runs, and hydration adopts that HTML as it is, with no mismatch.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, pageProblems, startApp } from '../support/browser';
import { main, titleOf } from './public-helpers';

let app: AppUnderTest;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const heroTitle = 'Pass Your NCLEX-PN Exam with Confidence';
const featureCards = ['Comprehensive Question Bank', 'Targeted Practice', 'Track Your Progress'];

describe('prerendered HTML', () => {
  it('of / holds the hero and the three feature cards with scripts disabled', async () => {
    const context = await app.browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await main(page).getByRole('heading', { level: 1 }).textContent()).toBe(heroTitle);
      expect(await main(page).getByRole('heading', { level: 3 }).allTextContents()).toEqual(featureCards);
      expect(await page.title()).toBe(titleOf('NCLEX-PN Practice'));
    } finally {
      await context.close();
    }
  });

  it('keeps the forms of /login and /register from submitting until the app runs them', async () => {
    // Bare HTML: a submitted form would put what was typed (a password too) into the URL. With
    // its submit buttons disabled, neither a click nor Enter in a field submits it.
    const bare = await app.browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    try {
      const page = await bare.newPage();
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        const buttons = page.locator('form button[type="submit"]');
        expect(await buttons.count(), path).toBeGreaterThan(0);
        for (const button of await buttons.all()) expect(await button.isDisabled(), path).toBe(true);
      }
    } finally {
      await bare.close();
    }
    const { page } = await app.newPage();
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      const buttons = page.locator('form button[type="submit"]');
      await expect
        .poll(() => buttons.evaluateAll((all) => all.every((b) => !(b as HTMLButtonElement).disabled)))
        .toBe(true);
    }
  });

  it('gives each public page its own title, description and canonical URL', async () => {
    const pages = { '/pricing': 'Pricing', '/faq': 'Frequently Asked Questions', '/login': 'Login' };
    for (const [path, title] of Object.entries(pages)) {
      const html = await (await fetch(`${app.url}${path}`)).text();
      expect(html, path).toContain(`<title>${titleOf(title)}</title>`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path}"`));
      expect(html, path).toContain(`data-prerendered="${path}"`);
    }
  });

  it('is not served for client-rendered routes, which still load directly', async () => {
    const html = await (await fetch(`${app.url}/practice`)).text();
    expect(html).toContain('<div id="root"></div>');
  });
});

/**
 * Remembers the page's h1 as parsed from the HTML, before the app's (deferred) module scripts run:
 * hydration keeps that node, while a mismatch makes React throw the HTML away and render anew.
 */
async function rememberParsedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { parsedHeading: Element | null }).parsedHeading =
          document.querySelector('main h1');
    });
  });
}

describe('hydration', () => {
  const cases = [
    { path: '/', h1: heroTitle },
    { path: '/pricing', h1: 'Pricing' },
    { path: '/faq', h1: 'Frequently Asked Questions' },
    { path: '/login', h1: 'Login' },
  ];
  for (const { path, h1 } of cases) {
    it(`adopts the prerendered HTML of ${path} with no mismatch`, async () => {
      const { page } = await app.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await rememberParsedHeading(page);
      await page.goto(path);
      // The header's session-dependent button appears once the app runs and the session is known.
      await page
        .getByRole('banner')
        .getByRole('link', { name: 'Start 24-Hour Free Trial', exact: true })
        .waitFor();
      expect(await main(page).getByRole('heading', { level: 1 }).first().textContent()).toContain(h1);
      const kept = await page.evaluate(() => {
        const parsed = (window as unknown as { parsedHeading: Element | null }).parsedHeading;
        return parsed?.isConnected === true && parsed === document.querySelector('main h1');
      });
      expect(kept, 'the parsed h1 is still the one on screen').toBe(true);
      expect(messages.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  // /billing swaps its public card for the student's own flow once the session is known (a new
  // subtree by design), so only the absence of a mismatch is checked there.
  it('hydrates the prerendered HTML of /billing with no mismatch', async () => {
    const { page } = await app.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto('/billing');
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Start 24-Hour Free Trial', exact: true })
      .waitFor();
    expect(await main(page).getByRole('heading', { level: 1 }).first().textContent()).toContain('Billing');
    expect(messages.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
