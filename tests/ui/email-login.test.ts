/**
 * The /login flow (email-login machine) through the real app in Chromium against the local backend:
 * sending links, the backend's refusals, and every state of the machine driven through the UI.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { rateLimited } from '../../machines/email-login/email-login.fixtures';
import { emailLoginMachine, rateLimitTexts } from '../../machines/email-login/email-login.machine';
import { messages } from '../../machines/shared/messages';
import { networkCopy } from '../../src/content/network';
import { type LocalBackend, startTestBackend, TEST_RATE_LIMITS } from '../support/backend';
import { type AppUnderTest, axeViolations, startApp } from '../support/browser';
import { Coverage, expectFullCoverage, modelPaths, toModelMachine } from '../support/model';
import { UI_APP_URL, UI_BACKEND_PORT } from '../support/ui-config';
import { driveUiPath } from '../support/ui-model';

import { backendOtp, freshEmail, holdRequests, openLogin } from './auth-flows-support';

let app: AppUnderTest;
let backend: LocalBackend;

/** Every submit here uses a fresh address, so this file keeps GoTrue's real 60 s resend interval. */
const RESEND_INTERVAL_SECONDS = 60;

beforeAll(async () => {
  [backend, app] = await Promise.all([
    startTestBackend({
      port: UI_BACKEND_PORT,
      siteUrl: UI_APP_URL,
      rateLimits: { ...TEST_RATE_LIMITS, emailIntervalSeconds: RESEND_INTERVAL_SECONDS },
    }),
    startApp(),
  ]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

describe('email-login in the browser', () => {
  it("shows the backend's error in a red box when sending fails, and lets the student try again", async () => {
    const { page } = await app.newPage();
    await openLogin(page);
    // Valid in form but over the backend's 255-character limit: a real refusal from the backend.
    await page.getByLabel('Email').fill(`${'a'.repeat(250)}@example.com`);
    await page.getByRole('button', { name: 'Send login link' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Unable to validate email address: invalid format').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(freshEmail());
    await page.getByRole('button', { name: 'Send login link' }).click();
    await page.getByText(messages.loginLinkSent).waitFor();
  });

  it('says the server could not be reached, not the browser’s "Failed to fetch", when the request never arrives', async () => {
    const { page } = await app.newPage();
    await openLogin(page);
    await page.route('**/auth/v1/otp*', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Email').fill(freshEmail());
    await page.getByRole('button', { name: 'Send login link' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(networkCopy.unreachable).waitFor();
    expect(await alert.textContent()).not.toContain('Failed to fetch');
  });

  it('says what happened and when to try again when a link was just sent to the address (429)', async () => {
    const { page } = await app.newPage();
    const email = freshEmail();
    await openLogin(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send login link' }).click();
    await page.getByText(messages.loginLinkSent).waitFor();
    // The same address again within the interval: the backend answers 429 over_email_send_rate_limit.
    await page.getByRole('button', { name: 'Send login link' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(rateLimitTexts.title).waitFor();
    const backendMessage = await alert
      .getByText(/^For security purposes, you can only request this after \d+ seconds\.$/)
      .textContent();
    const seconds = Number(/after (\d+) seconds/.exec(backendMessage ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(RESEND_INTERVAL_SECONDS);
    await alert.getByText(rateLimitTexts.resendIn(seconds)).waitFor();
    expect(await page.getByText('Could not send the link').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // The reset link to that address shares the interval; the form stays usable.
    await page.getByRole('button', { name: 'Email me a password reset link' }).click();
    await alert.getByText(/^For security purposes, you can only request this after \d+ seconds\.$/).waitFor();
    // Another address is not held up by it.
    await page.getByLabel('Email').fill(freshEmail());
    await page.getByRole('button', { name: 'Send login link' }).click();
    await page.getByText(messages.loginLinkSent).waitFor();
  });

  const LONG_EMAIL = `${'b'.repeat(250)}@example.com`;

  it('email-login: every state reached', async () => {
    const model = toModelMachine(emailLoginMachine);
    const coverage = new Coverage(model);
    const input = {
      loginRedirectTo: `${UI_APP_URL}/practice`,
      resetRedirectTo: `${UI_APP_URL}/reset-password`,
    };
    const events: AnyEventObject[] = [
      { type: 'login.submit', email: 'valid@example.com' },
      { type: 'login.submit', email: '' },
      { type: 'login.submit', email: 'not-an-email' },
      { type: 'reset.submit', email: 'valid@example.com' },
      { type: 'reset.submit', email: '' },
      { type: 'reset.submit', email: 'not-an-email' },
      { type: 'xstate.done.actor.sendLoginLink' },
      { type: 'xstate.error.actor.sendLoginLink', error: new Error('refused') },
      { type: 'xstate.error.actor.sendLoginLink', error: rateLimited },
      { type: 'xstate.done.actor.sendPasswordReset' },
      { type: 'xstate.error.actor.sendPasswordReset', error: new Error('refused') },
      { type: 'xstate.error.actor.sendPasswordReset', error: rateLimited },
    ];
    for (const path of modelPaths(model, events, 'shortest', input)) {
      const { page } = await app.newPage();
      await openLogin(page);
      // The backend decides the outcome, so each valid submit picks its address by the answer that
      // follows it: a refusal gets an address over the backend's length limit, a rate limit gets an
      // address the backend was just asked to mail (so it answers 429), a success a fresh address.
      const steps = path.steps.map((s) => s.event);
      const alreadyMailed = new Set<string>();
      const planned = steps.map((e, i) => {
        if (!('email' in e) || e.email !== 'valid@example.com') return e;
        const outcome = steps[i + 1];
        if (outcome?.error === rateLimited) {
          const email = freshEmail();
          alreadyMailed.add(email);
          return { ...e, email };
        }
        return { ...e, email: outcome?.type.startsWith('xstate.error.') ? LONG_EMAIL : freshEmail() };
      });
      let release: (() => Promise<void>) | null = null;
      const submitWith = (button: string, pattern: string) => async (p: Page, e: AnyEventObject) => {
        const email = String(e.email);
        const willSend = /@.+\./.test(email);
        if (alreadyMailed.has(email)) await backendOtp(backend, email);
        if (willSend) release = await holdRequests(p, pattern);
        await p.getByLabel('Email').fill(email);
        await p.getByRole('button', { name: button }).click();
      };
      const settle = async () => {
        await release?.();
        release = null;
      };
      await driveUiPath({
        page,
        coverage,
        input,
        events: planned,
        drivers: {
          'login.submit': submitWith('Send login link', '**/auth/v1/otp**'),
          'reset.submit': submitWith('Email me a password reset link', '**/auth/v1/recover**'),
          'xstate.done.actor.sendLoginLink': settle,
          'xstate.error.actor.sendLoginLink': settle,
          'xstate.done.actor.sendPasswordReset': settle,
          'xstate.error.actor.sendPasswordReset': settle,
        },
        states: {
          'email-login.editing': async (p) => {
            await p.getByRole('button', { name: 'Send login link' }).waitFor();
          },
          'email-login.invalid': async (p) => {
            await p.getByText(/Enter (your|a valid) email address\./).waitFor();
          },
          'email-login.sendingLoginLink': async (p) => {
            await p.getByRole('button', { name: 'Sending...' }).waitFor();
            expect(await p.getByLabel('Email').isDisabled()).toBe(true);
          },
          'email-login.sendingResetLink': async (p) => {
            await p.getByRole('button', { name: 'Sending...' }).waitFor();
            expect(await p.getByLabel('Email').isDisabled()).toBe(true);
          },
          'email-login.loginLinkSent': async (p) => {
            await p.getByText(messages.loginLinkSent).waitFor();
          },
          'email-login.resetLinkSent': async (p) => {
            await p.getByText(messages.resetLinkSent).waitFor();
          },
          'email-login.failed': async (p) => {
            await p
              .getByRole('alert')
              .getByText('Unable to validate email address: invalid format')
              .waitFor();
          },
          'email-login.rateLimited': async (p) => {
            const alert = p.getByRole('alert');
            await alert.getByText(rateLimitTexts.title).waitFor();
            await alert
              .getByText(/^For security purposes, you can only request this after \d+ seconds\.$/)
              .waitFor();
            await alert.getByText(/try again in \d+ seconds?\.$/).waitFor();
          },
        },
      });
    }
    expectFullCoverage(coverage, 'browser');
  });
});
