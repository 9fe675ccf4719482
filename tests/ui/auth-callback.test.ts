/**
 * /auth/callback (auth-callback machine) through the real app in Chromium against the local
 * backend: emailed links read from the backend's mailbox, and every state driven through the UI.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { authCallbackMachine } from '../../machines/auth-callback/auth-callback.machine';
import { messages } from '../../machines/shared/messages';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems } from '../support/browser';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { UI_APP_URL } from '../support/ui-config';
import { driveUiPath } from '../support/ui-model';

import {
  backendOtp,
  entitle,
  freshEmail,
  mailLink,
  requestLoginLink,
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

describe('emailed-link sign-in', () => {
  it('signs in from the emailed link, shows the toast and lands on /practice', async () => {
    const { page } = await app.newPage();
    const email = freshEmail();
    await requestLoginLink(backend, page, email);
    const link = await mailLink(backend, email);
    expect(link).toMatch(new RegExp(`^${UI_APP_URL}/auth/callback\\?token_hash=[^&]+&type=email$`));
    await page.goto(link);
    await page.getByText('Success!').waitFor();
    await page.getByText("You've been logged in successfully.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.waitForURL(`${UI_APP_URL}/practice`);
    // The navigation switched to the signed-in variant without a reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('exchanges a PKCE code from the verify redirect for a session', async () => {
    const { page } = await app.newPage();
    const email = freshEmail();
    await requestLoginLink(backend, page, email);
    const tokenHash = new URL(await mailLink(backend, email)).searchParams.get('token_hash');
    expect(tokenHash).toMatch(/^pkce_/);
    const verify = new URL('/auth/v1/verify', backend.url);
    verify.search = new URLSearchParams({
      token: tokenHash ?? '',
      type: 'magiclink',
      redirect_to: `${UI_APP_URL}/auth/callback`,
    }).toString();
    await page.goto(verify.toString());
    await page.getByText("You've been logged in successfully.").waitFor();
    await page.waitForURL(`${UI_APP_URL}/practice`);
    expect(pageProblems(page)).toEqual([]);
  });

  it('refuses a link that was already used, with the backend message and Back to Login', async () => {
    const email = freshEmail();
    const first = await app.newPage();
    await requestLoginLink(backend, first.page, email);
    const link = await mailLink(backend, email);
    await first.page.goto(link);
    await first.page.waitForURL(`${UI_APP_URL}/practice`);

    const second = await app.newPage();
    await second.page.goto(link);
    await second.page.getByRole('heading', { name: 'Authentication Failed' }).waitFor();
    await second.page.getByText('Email link is invalid or has expired').waitFor();
    await second.page.getByRole('link', { name: 'Back to Login' }).click();
    await second.page.waitForURL(`${UI_APP_URL}/login`);
  });

  it('shows the invalid-link message when the callback has no parameters', async () => {
    const { page } = await app.newPage();
    await page.goto('/auth/callback');
    await page.getByText('Your login link is invalid or expired—please request a new one.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('auth-callback model paths through the browser', () => {
  it('auth-callback: every state reached', async () => {
    const model = toModelMachine(authCallbackMachine);
    const coverage = new Coverage(model);
    const scenarios: Array<{ name: string; url: () => Promise<string>; events: AnyEventObject[] }> = [
      { name: 'no parameters', url: async () => '/auth/callback', events: [] },
      {
        name: 'token hash',
        url: async () => {
          const email = freshEmail();
          await backendOtp(backend, email);
          // Entitled, so /practice keeps the student (without a plan it sends them on to /billing).
          await entitle(backend, email);
          return mailLink(backend, email);
        },
        events: [{ type: 'xstate.done.actor.verifyTokenHash' }],
      },
      {
        name: 'bad token hash',
        url: async () => '/auth/callback?token_hash=pkce_0000&type=email',
        events: [{ type: 'xstate.error.actor.verifyTokenHash' }],
      },
      {
        name: 'unknown code',
        url: async () => '/auth/callback?code=00000000-0000-4000-8000-000000000000',
        events: [{ type: 'xstate.error.actor.exchangeCode' }],
      },
    ];
    for (const scenario of scenarios) {
      const { page } = await app.newPage();
      const url = await scenario.url();
      const params = new URL(url, UI_APP_URL).searchParams;
      const input = { tokenHash: params.get('token_hash'), code: params.get('code') };
      await page.goto(url);
      const states = {
        'auth-callback.signedIn': async (p: Page) => {
          await p.getByText("You've been logged in successfully.").waitFor();
          await p.waitForURL(`${UI_APP_URL}/practice`);
        },
        'auth-callback.failed': async (p: Page) => {
          await p.getByRole('heading', { name: 'Authentication Failed' }).waitFor();
          expect(await p.getByRole('alert').textContent()).not.toBe('');
        },
        'auth-callback.invalidLink': async (p: Page) => {
          await p.getByText(messages.invalidLoginLink).waitFor();
        },
      };
      if (scenario.events.length === 0) {
        coverage.replay([], input);
        await states['auth-callback.invalidLink'](page);
      } else {
        await driveUiPath({
          page,
          coverage,
          input,
          events: scenario.events,
          drivers: {
            'xstate.done.actor.verifyTokenHash': async () => {},
            'xstate.error.actor.verifyTokenHash': async () => {},
            'xstate.error.actor.exchangeCode': async () => {},
          },
          states,
        });
      }
    }
    // A PKCE code that the browser can exchange: exercises exchangingCode → signedIn.
    const { page } = await app.newPage();
    const email = freshEmail();
    await requestLoginLink(backend, page, email);
    const tokenHash = new URL(await mailLink(backend, email)).searchParams.get('token_hash') ?? '';
    const verify = `${backend.url}/auth/v1/verify?token=${tokenHash}&type=magiclink&redirect_to=${encodeURIComponent(`${UI_APP_URL}/auth/callback`)}`;
    await page.goto(verify);
    await page.getByText("You've been logged in successfully.").waitFor();
    coverage.replay([{ type: 'xstate.done.actor.exchangeCode' }], { tokenHash: null, code: 'from-redirect' });

    expectFullCoverage(coverage, 'browser');
  });
});
