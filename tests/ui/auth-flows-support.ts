/**
 * Shared pieces of the browser tests of the emailed-link flows (email-login, auth-callback,
 * reset-password): the app and backend they run against, mailbox links, held requests.
 */
import type { Page } from 'playwright-core';
import { messages } from '../../machines/shared/messages';
import { createTestClient, grantTrial, type LocalBackend, latestEmail } from '../support/backend';
import { type AppUnderTest, appStarted, startApp } from '../support/browser';
import { startUiBackend } from '../support/ui-backend';
import { UI_APP_URL } from '../support/ui-config';

let counter = 0;
export const freshEmail = () => `student${++counter}.${Date.now()}@example.com`;

/** The production build in Chromium and a local backend from the migrated snapshot. */
export async function startAuthFlowEnv(): Promise<[LocalBackend, AppUnderTest]> {
  return Promise.all([startUiBackend(), startApp()]);
}

export /** Holds matching requests until released, so a busy state stays on screen long enough to check. */
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

export async function mailLink(backend: LocalBackend, email: string): Promise<string> {
  const message = await latestEmail(backend, email);
  const link = message.links[0];
  if (!link) throw new Error(`email to ${email} has no link`);
  return link;
}

/** Gives the (already created) account a trial, so /practice keeps the student instead of sending them to /billing. */
export async function entitle(backend: LocalBackend, email: string) {
  const { rows } = await backend.db.query<{ id: string }>('select id from auth.users where email = $1', [
    email,
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no account for ${email}`);
  await grantTrial(backend, id);
}

/**
 * Opens /login and waits until React has taken over the prerendered form (decision 080): a click
 * before that would submit the bare HTML form instead of the app's.
 */
export async function openLogin(page: Page) {
  await page.goto('/login');
  await appStarted(page);
}

export async function requestLoginLink(backend: LocalBackend, page: Page, email: string) {
  await openLogin(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();
  await page.getByText(messages.loginLinkSent).waitFor();
  // Signed-in students land on /practice; entitled ones stay there.
  await entitle(backend, email);
}

export async function backendOtp(backend: LocalBackend, email: string) {
  const client = createTestClient(backend, { flowType: 'implicit' });
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: `${UI_APP_URL}/practice` },
  });
  if (error) throw error;
}

export async function backendRecover(backend: LocalBackend, email: string) {
  await backendOtp(backend, email); // creates the user
  const client = createTestClient(backend, { flowType: 'implicit' });
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: `${UI_APP_URL}/reset-password`,
  });
  if (error) throw error;
}
