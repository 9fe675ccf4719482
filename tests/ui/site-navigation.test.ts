import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { animationsSettled, openRoute, titleOf } from './public-helpers';

let app: AppUnderTest;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const LANDING_TITLE = titleOf('NCLEX-PN Practice');

/** Accessible names and hrefs of the links inside a locator, in document order. */
async function linksIn(page: Page, selector: Parameters<Page['getByRole']>) {
  const links = page.getByRole(...selector).getByRole('link');
  return links.evaluateAll((elements) =>
    elements.map((a) => ({ name: a.textContent?.trim() ?? '', href: a.getAttribute('href') })),
  );
}

describe('signed-out header', () => {
  it('shows only Home in the navigation and a Start 24-Hour Free Trial button to /billing', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/', LANDING_TITLE);
    // The header shows its signed-out variant once the stored session has been read.
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Home' }).waitFor();
    expect(await linksIn(page, ['navigation', { name: 'Main' }])).toEqual([{ name: 'Home', href: '/' }]);
    const header = page.getByRole('banner');
    const trial = header.getByRole('link', { name: 'Start 24-Hour Free Trial', exact: true });
    expect(await trial.getAttribute('href')).toBe('/billing');
    expect(await header.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await trial.click();
    await page.waitForURL('/billing');
    // The route is lazy: the URL changes before its page renders.
    await page.getByRole('heading', { level: 1, name: 'Billing', exact: true }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('mobile menu at 375 px', () => {
  const MOBILE_LINKS = [
    { name: 'Home', href: '/' },
    { name: 'About', href: '/about' },
    { name: 'Pricing', href: '/pricing' },
    { name: 'FAQ', href: '/faq' },
    { name: 'Dashboard', href: '/dashboard' },
    { name: 'Practice', href: '/practice' },
    { name: 'Exams', href: '/exams' },
    { name: 'Results', href: '/results' },
    { name: 'Profile', href: '/profile' },
    { name: 'Billing', href: '/billing' },
  ];

  async function openMenu(page: Page) {
    await openRoute(page, '/', LANDING_TITLE);
    // The desktop navigation and trial button give way to the burger.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const burger = page.getByRole('button', { name: 'Open menu' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await burger.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await animationsSettled(page);
    return menu;
  }

  it('opens from the burger and lists the ten links, then Login and Register', async () => {
    const { page } = await app.newPage({ width: 375, height: 740 });
    const menu = await openMenu(page);
    // The burger keeps its name and says the menu is open; the menu's own button closes it.
    expect(
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await linksIn(page, ['navigation', { name: 'Mobile' }])).toEqual([
      ...MOBILE_LINKS,
      { name: 'Login', href: '/login' },
      { name: 'Register', href: '/register' },
    ]);
    expect(await menu.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    // A link closes the menu and navigates.
    await menu.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL('/faq');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions', exact: true }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('has no axe violations with the menu open, and Escape closes it', async () => {
    const { page } = await app.newPage({ width: 375, height: 740 });
    const menu = await openMenu(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('footer', () => {
  const FOOTER_LINKS = [
    { name: 'Practice', href: '/practice' },
    { name: 'Exams', href: '/exams' },
    { name: 'Pricing', href: '/pricing' },
    { name: 'About', href: '/about' },
    { name: 'FAQ', href: '/faq' },
    { name: 'Terms', href: '/terms' },
    { name: 'Privacy', href: '/privacy' },
    // The support page carries the mail address (decision 140).
    { name: 'Support', href: '/support' },
    { name: 'Login', href: '/login' },
    { name: 'Register', href: '/register' },
    { name: 'Profile', href: '/profile' },
  ];

  it('has the 11 links with their targets, in order', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/', LANDING_TITLE);
    expect(await linksIn(page, ['navigation', { name: 'Footer' }])).toEqual(FOOTER_LINKS);
    expect(pageProblems(page)).toEqual([]);
  });

  it('leads to the public pages it names', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/', LANDING_TITLE);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const targets: Array<[string, string, string]> = [
      ['Exams', '/exams', 'Mock Exams'],
      ['Pricing', '/pricing', 'Pricing'],
      ['About', '/about', 'About PN Prep'],
      ['FAQ', '/faq', 'Frequently Asked Questions'],
      ['Terms', '/terms', 'Terms of Service'],
      ['Privacy', '/privacy', 'Privacy Policy'],
      ['Register', '/register', 'Create Your Account'],
    ];
    for (const [name, path, h1] of targets) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(path);
      await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor();
    }
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('guarded pages', () => {
  for (const path of ['/dashboard', '/results', '/profile']) {
    it(`${path} sends a signed-out visitor to /login`, async () => {
      const { page } = await app.newPage();
      await page.goto(path);
      await page.waitForURL('/login');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(pageProblems(page)).toEqual([]);
    });
  }
});
