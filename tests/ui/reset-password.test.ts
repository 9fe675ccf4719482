/**
 * The set-new-password screen (reset-password machine) through the real app in Chromium against
 * the local backend: recovery emails, every validation error, and every state driven through the UI.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { messages } from '../../machines/shared/messages';
import { createTestClient, type LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations } from '../support/browser';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { UI_APP_URL } from '../support/ui-config';
import { driveUiPath } from '../support/ui-model';

import {
  backendOtp,
  backendRecover,
  freshEmail,
  holdRequests,
  mailLink,
  openLogin,
  startAuthFlowEnv,
} from './auth-flows-support';

let app: AppUnderTest;
let backend: LocalBackend;

beforeAll(async () => {
  [backend, app] = await startAuthFlowEnv();
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

describe('password reset', () => {
  it('resets a password from the recovery email, with every validation error on the way', async () => {
    const { page } = await app.newPage();
    const email = freshEmail();
    await backendOtp(backend, email); // a reset link goes only to an existing account
    await openLogin(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a password reset link' }).click();
    await page.getByText(messages.resetLinkSent).waitFor();
    const link = await mailLink(backend, email);
    expect(link).toMatch(new RegExp(`^${UI_APP_URL}/reset-password\\?token_hash=[^&]+&type=recovery$`));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const submit = () => page.getByRole('button', { name: 'Update password' }).click();
    const fill = async (password: string, confirmation: string) => {
      await page.getByLabel('New password').fill(password);
      await page.getByLabel('Confirm password').fill(confirmation);
    };
    await submit();
    await page.getByText('Both fields are required.').waitFor();
    await fill('short', 'short');
    await submit();
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await fill('long-enough-1', 'long-enough-2');
    await submit();
    await page.getByText('Passwords do not match').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await fill('long-enough-1', 'long-enough-1');
    const fullLoad = page.waitForEvent('load');
    await submit();
    await fullLoad;
    await page.waitForURL(`${UI_APP_URL}/practice`);
    // The new password really works against the backend.
    const client = createTestClient(backend);
    const { error } = await client.auth.signInWithPassword({ email, password: 'long-enough-1' });
    expect(error).toBeNull();
  });

  it("shows 'Reset Link Expired' for a bad link and without a session", async () => {
    for (const path of ['/reset-password?token_hash=nope&type=recovery', '/auth/reset']) {
      const { page } = await app.newPage();
      await page.goto(path);
      await page.getByRole('heading', { name: 'Reset Link Expired' }).waitFor();
      await page.getByText('Request a new one from the login page').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Back to Login' }).click();
      await page.waitForURL(`${UI_APP_URL}/login`);
    }
  });
});

describe('reset-password model paths through the browser', () => {
  it('reset-password: every state reached', async () => {
    const model = toModelMachine(resetPasswordMachine);
    const coverage = new Coverage(model);
    // Expired (bad token) and no-session paths.
    for (const [path, event] of [
      ['/reset-password?token_hash=nope&type=recovery', 'xstate.error.actor.verifyRecoveryLink'],
      ['/auth/reset', 'xstate.done.actor.getSession'],
    ] as const) {
      const { page } = await app.newPage();
      const tokenHash = new URL(path, UI_APP_URL).searchParams.get('token_hash');
      await page.goto(path);
      await page.getByRole('heading', { name: 'Reset Link Expired' }).waitFor();
      coverage.replay([{ type: event, output: null }], { tokenHash });
    }
    // A real recovery link, every validation error, a slow update and the reload to /practice.
    const { page } = await app.newPage();
    const email = freshEmail();
    await backendRecover(backend, email);
    const link = await mailLink(backend, email);
    const tokenHash = new URL(link).searchParams.get('token_hash');
    const releaseVerify = await holdRequests(page, '**/auth/v1/verify**');
    await page.goto(link);
    await page.getByLabel('Checking your reset link').waitFor();
    let releaseUpdate: (() => Promise<void>) | null = null;
    const fill = async (p: Page, password: string, confirmation: string) => {
      await p.getByLabel('New password').fill(password);
      await p.getByLabel('Confirm password').fill(confirmation);
    };
    await driveUiPath({
      page,
      coverage,
      input: { tokenHash },
      events: [
        { type: 'xstate.done.actor.verifyRecoveryLink', output: { userId: 'x', email } },
        { type: 'password.submit', password: '', confirmation: '' },
        { type: 'password.submit', password: 'short', confirmation: 'short' },
        { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-2' },
        { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-1' },
        { type: 'xstate.done.actor.updatePassword' },
      ],
      drivers: {
        'xstate.done.actor.verifyRecoveryLink': async () => releaseVerify(),
        'password.submit': async (p, e) => {
          const valid = e.password === e.confirmation && String(e.password).length >= 8;
          if (valid) releaseUpdate = await holdRequests(p, '**/auth/v1/user**');
          await fill(p, String(e.password), String(e.confirmation));
          await p.getByRole('button', { name: 'Update password' }).click();
        },
        'xstate.done.actor.updatePassword': async (p) => {
          const load = p.waitForEvent('load');
          await releaseUpdate?.();
          await load;
        },
      },
      states: {
        'reset-password.form.editing': async (p) => {
          await p.getByRole('button', { name: 'Update password' }).waitFor();
        },
        'reset-password.form.invalid': async (p) => {
          await p.getByRole('alert').waitFor();
        },
        'reset-password.updating': async (p) => {
          expect(await p.getByLabel('New password').isDisabled()).toBe(true);
        },
        'reset-password.updated': async (p) => {
          await p.waitForURL(`${UI_APP_URL}/practice`);
        },
      },
    });
    // The loader seen before the release above was the verifyingLink state; the no-token path
    // passed through checkingSession.
    expectFullCoverage(coverage, 'browser');
  });
});
