/**
 * Sign-in, callback and password reset through the real app in Chromium against the local backend:
 * emailed links are read from the backend's mailbox. Each machine's shortest paths are driven
 * through the UI and their browser-level coverage is reported.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { authCallbackMachine } from '../../machines/auth-callback/auth-callback.machine';
import { emailLoginMachine } from '../../machines/email-login/email-login.machine';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { messages } from '../../machines/shared/messages';
import { createTestClient, grantTrial, type LocalBackend, latestEmail } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { Coverage, expectFullCoverage, modelPaths, toModelMachine } from '../support/model';
import { startUiBackend } from '../support/ui-backend';
import { UI_APP_URL } from '../support/ui-config';
import { driveUiPath } from '../support/ui-model';

let app: AppUnderTest;
let backend: LocalBackend;
let counter = 0;
const freshEmail = () => `student${++counter}.${Date.now()}@example.com`;

beforeAll(async () => {
  [backend, app] = await Promise.all([startUiBackend(), startApp()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

/** Holds matching requests until released, so a busy state stays on screen long enough to check. */
async function holdRequests(page: Page, pattern: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const continued: Promise<void>[] = [];
  await page.route(pattern, (route) => {
    const done = gate.then(() => route.continue());
    continued.push(done);
    return done;
  });
  return async () => {
    release();
    await Promise.all(continued);
    await page.unroute(pattern);
  };
}

async function mailLink(email: string): Promise<string> {
  const message = await latestEmail(backend, email);
  const link = message.links[0];
  if (!link) throw new Error(`email to ${email} has no link`);
  return link;
}

/** Gives the (already created) account a trial, so /practice keeps the student instead of sending them to /billing. */
async function entitle(email: string) {
  const { rows } = await backend.db.query<{ id: string }>('select id from auth.users where email = $1', [
    email,
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no account for ${email}`);
  await grantTrial(backend, id);
}

async function requestLoginLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();
  await page.getByText(messages.loginLinkSent).waitFor();
  // Signed-in students land on /practice; entitled ones stay there.
  await entitle(email);
}

describe('emailed-link sign-in', () => {
  it('signs in from the emailed link, shows the toast and lands on /practice', async () => {
    const { page } = await app.newPage();
    const email = freshEmail();
    await requestLoginLink(page, email);
    const link = await mailLink(email);
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
    await requestLoginLink(page, email);
    const tokenHash = new URL(await mailLink(email)).searchParams.get('token_hash');
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
    await requestLoginLink(first.page, email);
    const link = await mailLink(email);
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
});

describe('password reset', () => {
  it('resets a password from the recovery email, with every validation error on the way', async () => {
    const { page } = await app.newPage();
    const email = freshEmail();
    await backendOtp(email); // a reset link goes only to an existing account
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a password reset link' }).click();
    await page.getByText(messages.resetLinkSent).waitFor();
    const link = await mailLink(email);
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

describe('model paths through the browser', () => {
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

  it('auth-callback: every state reached', async () => {
    const model = toModelMachine(authCallbackMachine);
    const coverage = new Coverage(model);
    const scenarios: Array<{ name: string; url: () => Promise<string>; events: AnyEventObject[] }> = [
      { name: 'no parameters', url: async () => '/auth/callback', events: [] },
      {
        name: 'token hash',
        url: async () => {
          const email = freshEmail();
          await backendOtp(email);
          return mailLink(email);
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
    await requestLoginLink(page, email);
    const tokenHash = new URL(await mailLink(email)).searchParams.get('token_hash') ?? '';
    const verify = `${backend.url}/auth/v1/verify?token=${tokenHash}&type=magiclink&redirect_to=${encodeURIComponent(`${UI_APP_URL}/auth/callback`)}`;
    await page.goto(verify);
    await page.getByText("You've been logged in successfully.").waitFor();
    coverage.replay([{ type: 'xstate.done.actor.exchangeCode' }], { tokenHash: null, code: 'from-redirect' });

    expectFullCoverage(coverage, 'browser');
  });

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
    await backendRecover(email);
    const link = await mailLink(email);
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

async function backendOtp(email: string) {
  const client = createTestClient(backend, { flowType: 'implicit' });
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: `${UI_APP_URL}/practice` },
  });
  if (error) throw error;
}

async function backendRecover(email: string) {
  await backendOtp(email); // creates the user
  const client = createTestClient(backend, { flowType: 'implicit' });
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: `${UI_APP_URL}/reset-password`,
  });
  if (error) throw error;
}
