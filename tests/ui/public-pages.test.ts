import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { UI_SUPPORT_EMAIL } from '../support/ui-config';
import { interceptPaymentPage, main, openRoute, PAYMENT_LINK, titleOf } from './public-helpers';

let app: AppUnderTest;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const text = async (page: Page) => (await main(page).textContent()) ?? '';

/** The href of the only link in main with this exact accessible name. */
async function linkHref(page: Page, name: string): Promise<string | null> {
  const links = main(page).getByRole('link', { name, exact: true });
  expect(await links.count(), `one link named "${name}"`).toBe(1);
  return links.getAttribute('href');
}

async function headings(page: Page, level: number): Promise<string[]> {
  return main(page).getByRole('heading', { level }).allTextContents();
}

interface RouteCase {
  path: string;
  h1: string;
  title: string;
  /** The spec's texts and the page's links, checked on the rendered page. */
  check(page: Page): Promise<void>;
}

const routes: RouteCase[] = [
  {
    path: '/',
    h1: 'Pass Your NCLEX-PN Exam with Confidence',
    title: titleOf('NCLEX-PN Practice'),
    async check(page) {
      const trial = main(page).getByRole('link', { name: 'Start 24-Hour Free Trial', exact: true });
      // Hero and closing call to action both lead to /register.
      expect(await trial.count()).toBe(2);
      for (const link of await trial.all()) expect(await link.getAttribute('href')).toBe('/register');
      expect(await linkHref(page, 'Learn More')).toBe('/about');
      expect(await headings(page, 3)).toEqual([
        'Comprehensive Question Bank',
        'Targeted Practice',
        'Track Your Progress',
      ]);
      const quote = main(page).locator('blockquote');
      expect(await quote.count()).toBe(1);
      expect((await quote.textContent())?.length).toBeGreaterThan(40);
      expect(await quote.locator('cite').textContent()).toMatch(/^— \S/);
      expect(await headings(page, 2)).toContain('Ready to start studying?');
    },
  },
  {
    path: '/about',
    h1: 'About PN Prep',
    title: titleOf('About PN Prep'),
    async check(page) {
      expect(await headings(page, 2)).toEqual(['Our Mission', 'What We Offer', 'Our Commitment']);
      expect(await main(page).getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    },
  },
  {
    path: '/pricing',
    h1: 'Pricing',
    title: titleOf('Pricing'),
    async check(page) {
      expect(await headings(page, 2)).toEqual(['Free', 'Monthly', 'Pro']);
      const body = await text(page);
      for (const price of ['$0', '$29', '$199', 'forever', 'per month', 'one-time', 'Popular', 'Best Value'])
        expect(body).toContain(price);
    },
  },
  {
    path: '/faq',
    h1: 'Frequently Asked Questions',
    title: titleOf('Frequently Asked Questions'),
    async check(page) {
      // The 8 questions are h2 headings wrapping the accordion's buttons, all closed at first.
      expect(await headings(page, 2)).toHaveLength(8);
      const controls = main(page).locator('button[aria-expanded]');
      expect(await controls.count()).toBe(8);
      expect(await main(page).locator('button[aria-expanded="true"]').count()).toBe(0);
    },
  },
  {
    path: '/terms',
    h1: 'Terms of Service',
    title: titleOf('Terms of Service'),
    async check(page) {
      const body = await text(page);
      expect(body).toContain('exam preparation use only');
      expect(body).toContain('not medical advice');
      expect(body).toContain('$42/month');
      expect(body).toContain('24-hour free trial');
      expect(body).toContain('cancel anytime from the Billing page');
      expect(await linkHref(page, 'the Billing page')).toBe('/billing');
      expect(body).toContain('account sharing may lead to termination');
    },
  },
  {
    path: '/privacy',
    h1: 'Privacy Policy',
    title: titleOf('Privacy Policy'),
    async check(page) {
      const body = await text(page);
      expect(body).toContain('your email address, your question attempts and your scores');
      expect(body).toContain('Card data is handled by our payment provider and is not stored');
      expect(body).toContain('deletion of your account and data');
      expect(await linkHref(page, UI_SUPPORT_EMAIL)).toBe(`mailto:${UI_SUPPORT_EMAIL}`);
    },
  },
  {
    path: '/exams',
    h1: 'Mock Exams',
    title: titleOf('Mock Exams'),
    async check(page) {
      const body = await text(page);
      // The spec's check: public, and it names timed full-length mock exams (now describing them).
      expect(body).toContain('Timed, full-length mock exams');
      expect(body).toContain('How the mock exam works');
      expect(await main(page).getByRole('link', { name: 'Start a mock exam' }).getAttribute('href')).toBe(
        '/exams/mock',
      );
    },
  },
  {
    path: '/readiness',
    h1: 'How readiness is estimated',
    title: titleOf('How readiness is estimated'),
    async check(page) {
      const body = await text(page);
      // The figures come from the simulation study (src/content/readiness-figures.ts).
      expect(body).toMatch(/We ran [\d,]+ simulated candidates/);
      expect(body).toContain('provisional');
      expect(await linkHref(page, 'Back to Mock Exams')).toBe('/exams');
    },
  },
  {
    path: '/register',
    h1: 'Create Your Account',
    title: titleOf('Create Your Account'),
    async check(page) {
      // Labels read 'Email *' and so on: Mantine marks required fields with an asterisk.
      for (const label of [/^Email/, /^Password/, /^Confirm Password/])
        expect(await main(page).getByLabel(label).count()).toBe(1);
      expect(await main(page).getByRole('button', { name: 'Create Account', exact: true }).count()).toBe(1);
      expect(await linkHref(page, 'sign in with a link sent to your email')).toBe('/login');
    },
  },
  {
    path: '/billing',
    h1: 'Billing',
    title: titleOf('Billing'),
    async check(page) {
      expect(await headings(page, 2)).toEqual(['Monthly']);
      expect(await text(page)).toContain('Test mode — payments not charged yet');
      expect(await main(page).getByRole('listitem').allTextContents()).toEqual([
        'Full PN question bank',
        'Rationales',
        'Dashboard',
        'Results',
      ]);
      // Signed out: the plain payment link, no user id to attach.
      expect(await linkHref(page, 'Start 24-Hour Free Trial')).toBe(PAYMENT_LINK);
      expect(await text(page)).toContain('After payment, continue at /checkout/success.');
      expect(await linkHref(page, '/checkout/success')).toBe('/checkout/success');
    },
  },
  {
    path: '/billing/success',
    h1: 'Your Free Trial Has Started',
    title: titleOf('Your Free Trial Has Started'),
    async check(page) {
      expect(await text(page)).toContain('Thank you for starting your 24-hour free trial.');
      expect(await linkHref(page, 'Go to Practice')).toBe('/practice');
      expect(await linkHref(page, 'Back to Home')).toBe('/');
    },
  },
  {
    path: '/checkout/success',
    h1: 'Thank You!',
    title: titleOf('Thank You!'),
    async check(page) {
      expect(await text(page)).toContain('Practice may stay locked until your purchase is verified.');
      expect(await linkHref(page, 'Go to Dashboard')).toBe('/dashboard');
      expect(await linkHref(page, 'Sign in')).toBe('/login');
      expect(await linkHref(page, UI_SUPPORT_EMAIL)).toBe(`mailto:${UI_SUPPORT_EMAIL}`);
    },
  },
  {
    path: '/checkout/cancel',
    h1: 'Payment canceled — no charge made.',
    title: titleOf('Payment canceled — no charge made.'),
    async check(page) {
      expect(await linkHref(page, 'Try again')).toBe('/billing');
      expect(await linkHref(page, 'Home')).toBe('/');
    },
  },
  {
    path: '/dev/stripe',
    h1: 'Test-Mode Payment Link',
    title: titleOf('Test-Mode Payment Link'),
    async check(page) {
      const newTab = main(page).getByRole('link', { name: 'Open in a new tab (opens in a new tab)' });
      expect(await newTab.getAttribute('href')).toBe(PAYMENT_LINK);
      expect(await newTab.getAttribute('target')).toBe('_blank');
      expect(await linkHref(page, 'Open in this tab')).toBe(PAYMENT_LINK);
      expect(await main(page).getByRole('button', { name: 'Redirect with script' }).count()).toBe(1);
      expect(await main(page).getByTestId('payment-link').textContent()).toBe(PAYMENT_LINK);
    },
  },
  {
    path: '/no-such-page',
    h1: 'Page Not Found',
    title: titleOf('Page Not Found'),
    async check(page) {
      expect(await linkHref(page, 'Go Home')).toBe('/');
    },
  },
];

describe('public routes', () => {
  for (const route of routes) {
    it(`${route.path} shows the spec's texts, one h1 "${route.h1}", its title and no errors`, async () => {
      const { page } = await app.newPage();
      await openRoute(page, route.path, route.title);
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([route.h1]);
      expect(await page.title()).toBe(route.title);
      await route.check(page);
      expect(pageProblems(page)).toEqual([]);
    });

    it(`${route.path} has no axe violations`, async () => {
      const { page } = await app.newPage();
      await openRoute(page, route.path, route.title);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  describe('/pay', () => {
    const title = titleOf('Redirecting to Checkout');

    it('redirects the browser to the payment link at once', async () => {
      const { page } = await app.newPage();
      const checkout = await interceptPaymentPage(page, true);
      await page.goto('/pay');
      await page.waitForURL(PAYMENT_LINK);
      expect(checkout.requests).toEqual([PAYMENT_LINK]);
      expect(await page.title()).toBe('Checkout');
      expect(pageProblems(page)).toEqual([]);
    });

    it('shows one h1, its title, a working fallback link and a copyable link', async () => {
      const { page } = await app.newPage();
      const checkout = await interceptPaymentPage(page, false);
      await openRoute(page, '/pay', title);
      // The automatic redirect was attempted (and cancelled), so the page stays for the checks.
      await expect.poll(() => checkout.requests).toEqual([PAYMENT_LINK]);
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([
        'Redirecting to Checkout',
      ]);
      const field = main(page).getByLabel('Payment link');
      expect(await field.inputValue()).toBe(PAYMENT_LINK);
      expect(await field.getAttribute('readonly')).not.toBeNull();
      expect(await main(page).getByRole('button', { name: 'Copy link' }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      expect(await linkHref(page, 'open the payment page')).toBe(PAYMENT_LINK);
      checkout.allow = true;
      await main(page).getByRole('link', { name: 'open the payment page' }).click();
      await page.waitForURL(PAYMENT_LINK);
      expect(checkout.requests).toEqual([PAYMENT_LINK, PAYMENT_LINK]);
      expect(pageProblems(page)).toEqual([]);
    });
  });
});
