/**
 * Billing that keeps its promises, in Chromium against the local backend: a student's own
 * subscription on /billing through trial, paid, canceled-at-period-end, resumed and ended, managed
 * in the test Customer Portal (every change arrives as a signed webhook event); a signed-out
 * visitor asked to sign in before the trial; and a checkout without an account that still ends
 * entitled.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../machines/shared/messages';
import { TEST_API_ENV } from '../../server/payments/routes';
import { faq } from '../../src/content/faq';
import { terms } from '../../src/content/legal';
import { billingCopy } from '../../src/features/billing/billing-copy';
import { type LocalBackend, testApiFetch } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { signInContext, startUiBackend } from '../support/ui-backend';
import { UI_APP_URL, UI_BACKEND_URL, UI_SUPPORT_EMAIL } from '../support/ui-config';
import { mailLink } from './auth-flows-support';
import { consoleErrors, unexpectedProblems } from './practice-session-support';

const TRIAL_BUTTON = 'Start 24-Hour Free Trial';

let app: AppUnderTest;
let backend: LocalBackend;
let counter = 0;

beforeAll(async () => {
  process.env[TEST_API_ENV] = '1';
  [backend, app] = await Promise.all([startUiBackend(), startApp()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

const main = (page: Page) => page.getByRole('main');
const email = (name: string) => `${name}${++counter}-${Date.now()}@example.com`;
const subscriptionState = (page: Page) => main(page).getByTestId('subscription-state');

async function subscriptionIdOf(userId: string): Promise<string> {
  const list = (await testApiFetch(backend, `/_test/subscriptions?client_reference_id=${userId}`).then((r) =>
    r.json(),
  )) as Array<{ id: string }>;
  expect(list).toHaveLength(1);
  return (list[0] as { id: string }).id;
}

/** Moves the subscription through its life with the test API; returns the event types delivered. */
async function move(subscriptionId: string, transition: string): Promise<string[]> {
  const response = await testApiFetch(backend, `/_test/subscriptions/${subscriptionId}/${transition}`, {
    method: 'POST',
  });
  expect(response.status).toBe(200);
  const { deliveries } = (await response.json()) as { deliveries: Array<{ type: string }> };
  return deliveries.map((d) => d.type);
}

/** /billing's trial link, once it is offered (the student's status is known). */
async function startTrialFromBilling(page: Page, user: { id: string }) {
  await page.goto('/billing');
  const link = main(page).getByRole('link', { name: TRIAL_BUTTON });
  await expect.poll(() => link.getAttribute('href')).toContain(`client_reference_id=${user.id}`);
  await expect.poll(() => link.getAttribute('data-loading')).toBeNull();
  await link.click();
  await page.waitForURL(`${UI_BACKEND_URL}/_checkout?**`);
  await page.getByRole('button', { name: 'Start trial' }).click();
  await page.waitForURL(`${UI_APP_URL}/checkout/success?session_id=cs_test_*`);
}

/**
 * /billing for a visitor, once the app has taken over the prerendered page: until the session is
 * known the trial button waits (data-loading), and a click would follow the plain link.
 */
async function openBillingSignedOut(page: Page) {
  await page.goto('/billing');
  const link = main(page).getByRole('link', { name: TRIAL_BUTTON });
  await expect.poll(() => link.getAttribute('data-loading')).toBeNull();
}

async function expectPracticeWorks(page: Page) {
  await page.goto('/practice');
  await main(page)
    .getByRole('heading', { name: /^Question 1 of \d+/ })
    .first()
    .waitFor();
}

/** Manage subscription (or its variant) → the test portal → one action → back to /billing. */
async function inPortal(page: Page, buttonOnBilling: string, portalButton: string) {
  await main(page).getByRole('button', { name: buttonOnBilling }).click();
  await page.waitForURL(`${UI_BACKEND_URL}/_portal?session=*`);
  await page.getByRole('heading', { level: 1, name: 'Test customer portal' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: portalButton }).click();
  await page.getByRole('status').waitFor();
  await page.getByRole('link', { name: 'Return to PN Prep' }).click();
  await page.waitForURL(`${UI_APP_URL}/billing`);
}

describe('a student manages their own subscription', () => {
  it('the FAQ’s and the terms’ cancel promise is the one this flow keeps', () => {
    const answer = faq.items.find((item) => item.id === 'cancel')?.answer ?? '';
    expect(answer).toBe(
      'Yes. You can cancel anytime from the Billing page. You keep access until the end of your current billing period, and you will not be charged again.',
    );
    const cancellation = terms.sections.find((section) => section.heading === 'Cancellation');
    expect(cancellation?.text).toEqual([
      'You can cancel anytime from ',
      { text: 'the Billing page', to: '/billing' },
      '.',
    ]);
  });

  it('trial → paid → cancel at period end (access kept) → resume → period ends → practice locked', async () => {
    // Dates on /billing are in the student's own time zone.
    const { context, page: tzPage } = await app.newPage({ timezoneId: 'America/Chicago' });
    const errors = consoleErrors(tzPage);
    const user = await signInContext(context, backend, email('life'));

    await startTrialFromBilling(tzPage, user);
    await tzPage.goto('/billing');
    await subscriptionState(tzPage).waitFor();
    const trialText = (await subscriptionState(tzPage).textContent()) ?? '';
    expect(trialText).toMatch(/^Free trial — ends .+\.$/);
    // Already on a trial: no second trial checkout is offered.
    expect(await main(tzPage).getByRole('link', { name: TRIAL_BUTTON }).count()).toBe(0);
    await main(tzPage).getByText(billingCopy.alreadySubscribed).waitFor();
    expect(await axeViolations(tzPage)).toEqual([]);

    // The trial turns into the first paid month (Stripe's own timing, through the test API).
    const id = await subscriptionIdOf(user.id);
    await move(id, 'trial-end');
    await tzPage.reload();
    await expect.poll(() => subscriptionState(tzPage).textContent()).toMatch(/^Active — renews on .+\.$/);
    const renews = await subscriptionState(tzPage).textContent();
    const { rows } = await backend.db.query<{ end: Date }>(
      'select current_period_end as end from public.subscriptions where stripe_subscription_id = $1',
      [id],
    );
    const periodEnd = rows[0]?.end as Date;
    const inChicago = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/Chicago',
    }).format(periodEnd);
    expect(renews).toBe(`Active — renews on ${inChicago}.`);

    // Cancel in the portal: back on /billing the access end date shows, and practice still works.
    await inPortal(tzPage, 'Manage subscription', 'Cancel subscription');
    await expect
      .poll(() => subscriptionState(tzPage).textContent())
      .toBe(`Canceled — you keep full access until ${inChicago}.`);
    // The plan card no longer says "You are on this plan" (issue 24 item 9).
    await main(tzPage).getByText(billingCopy.canceledPlan(inChicago)).waitFor();
    expect(await main(tzPage).getByText(billingCopy.alreadySubscribed).count()).toBe(0);
    await expectPracticeWorks(tzPage);

    // Resume: active again.
    await tzPage.goto('/billing');
    await inPortal(tzPage, 'Resume subscription', 'Resume subscription');
    await expect.poll(() => subscriptionState(tzPage).textContent()).toBe(`Active — renews on ${inChicago}.`);

    // Cancel again and let the period end: nothing is charged, and /practice sends the student to
    // /billing, which says so.
    await inPortal(tzPage, 'Manage subscription', 'Cancel subscription');
    expect(await move(id, 'period-end')).toEqual(['customer.subscription.deleted']);
    await tzPage.goto('/practice');
    await tzPage.waitForURL('**/billing');
    await expect
      .poll(() => subscriptionState(tzPage).textContent())
      .toMatch(/^Your subscription ended on .+\.$/);
    await main(tzPage).getByText(billingCopy.endedNoTrial).waitFor();
    await main(tzPage).getByText(billingCopy.trialNotYours(UI_SUPPORT_EMAIL)).waitFor();
    // Allowed: /practice's first set, requested alongside the entitlement check, refused with 403.
    expect(unexpectedProblems(pageProblems(tzPage), errors, 'get_practice_questions')).toEqual([]);
  });
});

describe('no trial is lost', () => {
  it('signed out → Start 24-Hour Free Trial → sign in → trial → /practice works', async () => {
    const { page } = await app.newPage();
    const errors = consoleErrors(page);
    const address = email('visitor');
    await openBillingSignedOut(page);
    await main(page).getByRole('link', { name: TRIAL_BUTTON }).click();
    const prompt = page.getByRole('dialog', { name: billingCopy.signInTitle });
    await prompt.getByRole('link', { name: billingCopy.signIn }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Send login link' }).click();
    // The inbox holds the link once the form says it was sent.
    await page.getByText(messages.loginLinkSent).waitFor();
    await page.goto(await mailLink(backend, address));
    // The emailed link signs in; without a plan yet, the student is brought back to /billing.
    await page.waitForURL('**/billing');
    const { rows } = await backend.db.query<{ id: string }>('select id from auth.users where email = $1', [
      address,
    ]);
    const user = { id: rows[0]?.id ?? '' };
    await startTrialFromBilling(page, user);
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await expectPracticeWorks(page);
    // Allowed: the first set requested alongside the entitlement check while the student had no
    // plan yet, refused with 403 (decision 080).
    expect(unexpectedProblems(pageProblems(page), errors, 'get_practice_questions')).toEqual([]);
  });

  it('a checkout without an account, made with an existing student’s email, ends entitled', async () => {
    const { context, page } = await app.newPage();
    const address = email('unlinked');
    // The account exists and is confirmed, but this browser is signed out.
    const other = await app.newPage();
    const user = await signInContext(other.context, backend, address);
    await openBillingSignedOut(page);
    await main(page).getByRole('link', { name: TRIAL_BUTTON }).click();
    await page
      .getByRole('dialog', { name: billingCopy.signInTitle })
      .getByRole('link', { name: billingCopy.continueSignedOut })
      .click();
    await page.waitForURL(`${UI_BACKEND_URL}/_checkout`);
    await page.getByText('Not signed in: this trial will not be linked to an account.').waitFor();
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(`${UI_APP_URL}/checkout/success?session_id=cs_test_*`);
    await context.close();

    // Signed in as that student, practice is open and /billing shows the trial.
    await expectPracticeWorks(other.page);
    await other.page.goto('/billing');
    await expect.poll(() => subscriptionState(other.page).textContent()).toMatch(/^Free trial — ends/);
    const linked = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.subscriptions where user_id = $1',
      [user.id],
    );
    expect(linked.rows[0]?.n).toBe(1);
    expect(pageProblems(other.page)).toEqual([]);
  });
});
