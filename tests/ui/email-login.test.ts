/**
 * The /login flow (email-login machine) through the real app in Chromium against the local backend:
 * sending links, the backend's refusals, and every state of the machine driven through the UI.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { emailLoginMachine } from '../../machines/email-login/email-login.machine';
import { messages } from '../../machines/shared/messages';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations } from '../support/browser';
import { Coverage, expectFullCoverage, modelPaths, toModelMachine } from '../support/model';
import { UI_APP_URL } from '../support/ui-config';
import { driveUiPath } from '../support/ui-model';

import { freshEmail, holdRequests, startAuthFlowEnv } from './auth-flows-support';

let app: AppUnderTest;
let backend: LocalBackend;

beforeAll(async () => {
  [backend, app] = await startAuthFlowEnv();
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

describe('email-login in the browser', () => {
  it("shows the backend's error in a red box when sending fails, and lets the student try again", async () => {
    const { page } = await app.newPage();
    await page.goto('/login');
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
      { type: 'xstate.error.actor.sendLoginLink' },
      { type: 'xstate.done.actor.sendPasswordReset' },
      { type: 'xstate.error.actor.sendPasswordReset' },
    ];
    for (const path of modelPaths(model, events, 'shortest', input)) {
      const { page } = await app.newPage();
      await page.goto('/login');
      // The backend decides success or failure: a path ending in an error submits an address the
      // backend refuses; the others submit a fresh valid one.
      const steps = path.steps.map((s) => s.event);
      const failing = steps.some((e) => e.type.startsWith('xstate.error.'));
      const planned = steps.map((e) =>
        'email' in e && e.email === 'valid@example.com'
          ? { ...e, email: failing ? LONG_EMAIL : freshEmail() }
          : e,
      );
      let release: (() => Promise<void>) | null = null;
      const submitWith = (button: string, pattern: string) => async (p: Page, e: AnyEventObject) => {
        const email = String(e.email);
        const willSend = /@.+\./.test(email);
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
        },
      });
    }
    expectFullCoverage(coverage, 'browser');
  });
});
