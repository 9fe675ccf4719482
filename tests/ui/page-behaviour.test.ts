import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_QUESTION_COUNT } from '../../src/content/bank-stats';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { signInContext, startUiBackend } from '../support/ui-backend';
import { interceptPaymentPage, main, openRoute, PAYMENT_LINK, titleOf } from './public-helpers';

let app: AppUnderTest;
// /billing reads a signed-in student's own subscription, so the signed-in case needs the real backend.
let backend: LocalBackend;
beforeAll(async () => {
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

describe('landing page', () => {
  it('Learn More leads to /about and the hero trial button to /register', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/', titleOf('NCLEX-PN Practice'));
    await main(page).getByRole('link', { name: 'Learn More' }).click();
    await page.waitForURL('/about');
    await page.getByRole('heading', { level: 1, name: 'About PN Prep' }).waitFor();
    await page.goBack();
    await main(page).getByRole('link', { name: 'Start 24-Hour Free Trial' }).first().click();
    await page.waitForURL('/register');
    await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('FAQ accordion', () => {
  const question = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
  const expanded = (control: Locator) => control.getAttribute('aria-expanded');
  const openCount = (page: Page) => main(page).locator('button[aria-expanded="true"]').count();
  /** The answer region a question controls. */
  const answerOf = async (page: Page, control: Locator) =>
    page.locator(`[id="${await control.getAttribute('aria-controls')}"]`);

  it('opens one answer at a time with the mouse', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/faq', titleOf('Frequently Asked Questions'));
    const first = question(page, 'What is PN Prep?');
    const guarantee = question(page, 'Is there a pass guarantee?');
    await first.click();
    expect(await expanded(first)).toBe('true');
    // The answer expands with an animation: wait for it to show rather than sampling it once.
    await (await answerOf(page, first)).waitFor({ state: 'visible' });
    await guarantee.click();
    expect(await expanded(guarantee)).toBe('true');
    expect(await expanded(first)).toBe('false');
    expect(await openCount(page)).toBe(1);
    const answer = await answerOf(page, guarantee);
    expect(await answer.textContent()).toContain('Pro plan');
    expect(await answer.textContent()).toContain('6 extra months');
    await (await answerOf(page, first)).waitFor({ state: 'hidden' });
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('is operable with the keyboard: Enter or Space toggles, arrow keys move between questions', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/faq', titleOf('Frequently Asked Questions'));
    const first = question(page, 'What is PN Prep?');
    const second = question(page, 'How many practice questions are there?');
    await first.focus();
    await page.keyboard.press('Enter');
    expect(await expanded(first)).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'How many practice questions are there?',
    );
    await page.keyboard.press('Space');
    expect(await expanded(second)).toBe('true');
    expect(await expanded(first)).toBe('false');
    await page.keyboard.press('Enter');
    expect(await expanded(second)).toBe('false');
    expect(await openCount(page)).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it("answers with the spec's facts", async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/faq', titleOf('Frequently Asked Questions'));
    const facts: Array<[string, string[]]> = [
      ['What is PN Prep?', ['practical nursing students', 'NCLEX-PN', '24-hour free trial']],
      [
        'How many practice questions are there?',
        [
          `holds ${BANK_QUESTION_COUNT.toLocaleString('en-US')} NCLEX-PN style questions`,
          '10 questions',
          '50 practice questions',
        ],
      ],
      ['How similar are the questions to the real NCLEX-PN?', ['NCLEX-PN style', 'client-need categories']],
      ['Can I use PN Prep on my phone?', ['phones', 'Mobile app access']],
      ['Is there a pass guarantee?', ['Pro plan', '6 extra months']],
      [
        'Can I cancel anytime?',
        ['cancel anytime from the Billing page', 'until the end of your current billing period'],
      ],
      ['Do you offer refunds?', ['7-day money-back guarantee']],
      ['How often is the content updated?', ['update']],
    ];
    expect(await main(page).locator('button[aria-expanded]').allTextContents()).toEqual(
      facts.map(([q]) => q),
    );
    for (const [name, expected] of facts) {
      const control = question(page, name);
      await control.click();
      const answer = await answerOf(page, control);
      await answer.waitFor();
      const text = await answer.textContent();
      for (const fact of expected) expect(text, name).toContain(fact);
    }
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('pricing plans', () => {
  const PLANS = [
    {
      name: 'Free',
      price: '$0',
      period: 'forever',
      badge: null,
      features: ['50 practice questions', 'basic progress tracking', 'community support'],
    },
    {
      name: 'Monthly',
      price: '$29',
      period: 'per month',
      badge: 'Popular',
      features: [
        'unlimited questions',
        'full-length mock exams',
        'detailed analytics',
        'priority support',
        'mobile app access',
      ],
    },
    {
      name: 'Pro',
      price: '$199',
      period: 'one-time',
      badge: 'Best Value',
      features: [
        'everything in Monthly',
        'lifetime access',
        '1-on-1 tutoring session',
        'study guides and resources',
        'pass guarantee',
      ],
    },
  ];

  it('shows the three plans with their prices, badges and features', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/pricing', titleOf('Pricing'));
    const cards = main(page).getByRole('article');
    expect(await cards.count()).toBe(3);
    for (const [index, plan] of PLANS.entries()) {
      const card = cards.nth(index);
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(plan.name);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(`${plan.price} ${plan.period}`);
      expect(await card.getByRole('listitem').allTextContents()).toEqual(plan.features);
      const badges = card.locator('.mantine-Badge-root');
      expect(await badges.allTextContents()).toEqual(plan.badge ? [plan.badge] : []);
    }
    expect(pageProblems(page)).toEqual([]);
  });

  it('plan buttons are focusable, marked unavailable, explained, and do nothing', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/pricing', titleOf('Pricing'));
    const buttons = main(page).getByRole('article').getByRole('button');
    expect(await buttons.allTextContents()).toEqual(['Get Started', 'Choose Monthly', 'Choose Pro']);
    for (const button of await buttons.all()) {
      expect(await button.getAttribute('aria-disabled')).toBe('true');
      const note = page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`);
      expect(await note.textContent()).toContain('not available yet');
      // Mouse (forced: the button is aria-disabled) and keyboard.
      await button.click({ force: true });
      await button.focus();
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      expect(new URL(page.url()).pathname).toBe('/pricing');
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pricing');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('register form', () => {
  const field = (page: Page, label: RegExp) => main(page).getByLabel(label);
  const email = (page: Page) => field(page, /^Email/);
  const password = (page: Page) => field(page, /^Password/);
  const confirm = (page: Page) => field(page, /^Confirm Password/);

  /** The field's error message, found through its aria-describedby (empty if none). */
  async function errorOf(page: Page, input: Locator): Promise<string> {
    if ((await input.getAttribute('aria-invalid')) !== 'true') return '';
    const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    return texts.join(' ').trim();
  }

  it('shows an inline required error on each empty field and focuses the first', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/register', titleOf('Create Your Account'));
    for (const input of [email(page), password(page), confirm(page)])
      expect(await input.getAttribute('required')).not.toBeNull();
    await main(page).getByRole('button', { name: 'Create Account' }).click();
    expect(await errorOf(page, email(page))).toBe('Email is required');
    expect(await errorOf(page, password(page))).toBe('Password is required');
    expect(await errorOf(page, confirm(page))).toBe('Please confirm your password');
    expect(await email(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('clears the errors of filled fields, and with all three filled does nothing', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/register', titleOf('Create Your Account'));
    await email(page).fill('student@example.com');
    await page.keyboard.press('Enter');
    expect(await errorOf(page, email(page))).toBe('');
    expect(await errorOf(page, password(page))).toBe('Password is required');
    expect(await password(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await password(page).fill('a password');
    await confirm(page).fill('another one');
    await page.keyboard.press('Enter');
    for (const input of [email(page), password(page), confirm(page)])
      expect(await errorOf(page, input)).toBe('');
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await email(page).inputValue()).toBe('student@example.com');
    // Not a dead end: the note leads to emailed-link sign-in.
    await main(page).getByRole('link', { name: 'sign in with a link sent to your email' }).click();
    await page.waitForURL('/login');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('billing and payment links', () => {
  it('the signed-out Billing button asks to sign in first, and can still open the plain payment link', async () => {
    const { page } = await app.newPage();
    const checkout = await interceptPaymentPage(page, true);
    await openRoute(page, '/billing', titleOf('Billing'));
    const trial = main(page).getByRole('link', { name: 'Start 24-Hour Free Trial' });
    // Without scripts the button-link is the plain payment link, as the spec has it.
    expect(await trial.getAttribute('href')).toBe(PAYMENT_LINK);
    // The button waits until the app knows there is no session (then it asks to sign in first).
    await expect.poll(() => trial.getAttribute('data-loading')).toBeNull();
    await trial.click();
    const prompt = page.getByRole('dialog', { name: 'Sign in to start your trial' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await axeViolations(page)).toEqual([]);
    await prompt.getByRole('link', { name: 'Continue without signing in' }).click();
    await page.waitForURL(PAYMENT_LINK);
    expect(checkout.requests).toEqual([PAYMENT_LINK]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('signed in, /billing, /dev/stripe and /pay carry the user id and email', async () => {
    const { context, page } = await app.newPage();
    const student = await signInContext(context, backend, `pn.student+trial${Date.now()}@example.com`);
    const STUDENT_LINK = `${PAYMENT_LINK}?client_reference_id=${student.id}&prefilled_email=${encodeURIComponent(student.email)}`;
    const checkout = await interceptPaymentPage(page, false);
    await openRoute(page, '/billing', titleOf('Billing'));
    // The header confirms the session was picked up.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    const billingLink = main(page).getByRole('link', { name: 'Start 24-Hour Free Trial' });
    expect(await billingLink.getAttribute('href')).toBe(STUDENT_LINK);
    // A student without a subscription is offered the trial once their status is known.
    await expect.poll(() => billingLink.getAttribute('data-loading')).toBeNull();

    await openRoute(page, '/dev/stripe', titleOf('Test-Mode Payment Link'));
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    expect(await main(page).getByTestId('payment-link').textContent()).toBe(STUDENT_LINK);
    expect(await main(page).getByRole('link', { name: 'Open in this tab' }).getAttribute('href')).toBe(
      STUDENT_LINK,
    );

    await openRoute(page, '/pay', titleOf('Redirecting to Checkout'));
    await expect.poll(() => checkout.requests).toEqual([STUDENT_LINK]);
    expect(await main(page).getByLabel('Payment link').inputValue()).toBe(STUDENT_LINK);
    expect(pageProblems(page)).toEqual([]);
  });

  it('/dev/stripe opens the link in a new tab, in the same tab and by script', async () => {
    const { context, page } = await app.newPage();
    const checkout = await interceptPaymentPage(context, true);
    await openRoute(page, '/dev/stripe', titleOf('Test-Mode Payment Link'));

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      main(page)
        .getByRole('link', { name: /^Open in a new tab/ })
        .click(),
    ]);
    await popup.waitForURL(PAYMENT_LINK);
    expect(new URL(page.url()).pathname).toBe('/dev/stripe');
    await popup.close();

    await main(page).getByRole('link', { name: 'Open in this tab' }).click();
    await page.waitForURL(PAYMENT_LINK);

    await openRoute(page, '/dev/stripe', titleOf('Test-Mode Payment Link'));
    await main(page).getByRole('button', { name: 'Redirect with script' }).click();
    await page.waitForURL(PAYMENT_LINK);
    expect(checkout.requests).toEqual([PAYMENT_LINK, PAYMENT_LINK, PAYMENT_LINK]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('/pay copies the payment link with the Copy button', async () => {
    const { context, page } = await app.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await interceptPaymentPage(page, false);
    await openRoute(page, '/pay', titleOf('Redirecting to Checkout'));
    const copy = main(page).getByRole('button', { name: 'Copy link' });
    await copy.click();
    await main(page).getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PAYMENT_LINK);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('return and fallback pages', () => {
  it('/checkout/cancel: Try again goes to /billing, Home to /', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/checkout/cancel', titleOf('Payment canceled — no charge made.'));
    await main(page).getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL('/billing');
    await page.goBack();
    await main(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL('/');
    await page.getByRole('heading', { level: 1, name: 'Pass Your NCLEX-PN Exam with Confidence' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('an unknown route shows the 404 page, whose Go Home button leads home', async () => {
    const { page } = await app.newPage();
    await openRoute(page, '/definitely/not/a/page', titleOf('Page Not Found'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    await main(page).getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL('/');
    await page.getByRole('heading', { level: 1, name: 'Pass Your NCLEX-PN Exam with Confidence' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
