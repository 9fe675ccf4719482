/**
 * The app-wide auth machine through the real app: signed-in navigation, dashboard greeting, the
 * mobile menu, logout with a full reload, and live updates when another tab signs out.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMachine } from '../../machines/auth/auth.machine';
import { grantTrial, type LocalBackend, latestEmail } from '../support/backend';
import { type AppUnderTest, appStarted, axeViolations, pageProblems, startApp } from '../support/browser';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { signInContext, startUiBackend } from '../support/ui-backend';
import { UI_APP_URL } from '../support/ui-config';
import { openLogin } from './auth-flows-support';

let app: AppUnderTest;
let backend: LocalBackend;
const coverage = new Coverage(toModelMachine(authMachine));
const session = { userId: 'u', email: 'e' };

beforeAll(async () => {
  [backend, app] = await Promise.all([startUiBackend(), startApp()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
  expectFullCoverage(coverage, 'browser');
});

/** Marks the document so a later check can tell a client-side update from a full reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __marker: boolean }).__marker = true;
  });
}
async function hasMarker(page: Page) {
  return page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker === true);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Which of the app's scripts the page has loaded contain supabase-js (its client-info header names it). */
function watchSupabaseJs(page: Page): () => Promise<string[]> {
  const scripts: Array<Promise<string | null>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/assets/') || !url.pathname.endsWith('.js')) return;
    scripts.push(response.text().then((body) => (body.includes('supabase-js') ? url.pathname : null)));
  });
  return async () => (await Promise.all(scripts)).filter((path): path is string => path !== null);
}

describe('supabase-js on the public pages', () => {
  it('is not loaded for a signed-out visitor, and is for a student with a stored session', async () => {
    const visitor = await app.newPage();
    const visitorScripts = watchSupabaseJs(visitor.page);
    await visitor.page.goto('/');
    await appStarted(visitor.page);
    // The header shows the signed-out button once the auth actor has decided there is no session.
    await visitor.page.getByRole('banner').getByRole('link', { name: 'Start 24-Hour Free Trial' }).waitFor();
    await visitor.page.waitForLoadState('networkidle');
    expect(await visitorScripts()).toEqual([]);

    const student = await app.newPage();
    await signInContext(student.context, backend, 'stored.session@example.com');
    const studentScripts = watchSupabaseJs(student.page);
    await student.page.goto('/');
    await student.page.getByRole('button', { name: 'Logout' }).waitFor();
    expect((await studentScripts()).length).toBe(1);
  });
});

describe('signed in', () => {
  it('shows the signed-in navigation and the dashboard greeting', async () => {
    const { context, page } = await app.newPage();
    await signInContext(context, backend, 'maria.lopez@example.com');
    await page.goto('/dashboard');
    await page.getByText('Welcome back, Maria.lopez — your next practice set is ready.').waitFor();
    for (const label of ['Dashboard', 'Practice', 'Results', 'Billing']) {
      await mainNav(page).getByRole('link', { name: label, exact: true }).waitFor();
    }
    expect(await mainNav(page).getByRole('link', { name: 'Home' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    for (const label of ['Practice', 'Results', 'Billing', 'Sign out']) {
      await page
        .getByRole('main')
        .getByRole(label === 'Sign out' ? 'button' : 'link', { name: label })
        .waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    coverage.replay([{ type: 'xstate.done.actor.getSession', output: session }]);
  });

  it('opens /results and /profile with a session', async () => {
    const { context, page } = await app.newPage();
    await signInContext(context, backend, 'results.viewer@example.com');
    await page.goto('/results');
    await page.getByRole('heading', { level: 1, name: 'Results' }).waitFor();
    await page.goto('/profile');
    await page.getByLabel('Full Name').waitFor();
    await page.getByRole('button', { name: 'Update Profile' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the truncated email and Sign out in the mobile menu at 375 px', async () => {
    const { context, page } = await app.newPage({ width: 375, height: 740 });
    await signInContext(context, backend, 'a.very.long.address@example.com');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByText('a.very.long.addre...', { exact: true }).waitFor();
    await menu.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('Logout signs out and fully reloads to /login', async () => {
    const { context, page } = await app.newPage();
    await signInContext(context, backend, 'logout.tester@example.com');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await markDocument(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${UI_APP_URL}/login`);
    await page.getByRole('button', { name: 'Send login link' }).waitFor();
    expect(await hasMarker(page)).toBe(false);
    await mainNav(page).getByRole('link', { name: 'Home' }).waitFor();
    // The session is really gone: guarded pages now send the visitor to /login.
    await page.goto('/dashboard');
    await page.waitForURL(`${UI_APP_URL}/login`);
    coverage.replay([
      { type: 'xstate.done.actor.getSession', output: session },
      { type: 'auth.signOut' },
      { type: 'xstate.done.actor.signOut' },
    ]);
  });

  it('switches the navigation live when another tab signs out', async () => {
    const { context, page } = await app.newPage();
    await signInContext(context, backend, 'two.tabs@example.com');
    await page.goto('/results');
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    await markDocument(page);
    const other = await context.newPage();
    await other.goto(`${UI_APP_URL}/dashboard`);
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.waitForURL(`${UI_APP_URL}/login`);
    // The first tab learns of it through the client's cross-tab channel, without a reload.
    await mainNav(page).getByRole('link', { name: 'Home' }).waitFor();
    await page.getByRole('link', { name: 'Start 24-Hour Free Trial' }).first().waitFor();
    expect(await hasMarker(page)).toBe(true);
    coverage.replay([{ type: 'xstate.done.actor.getSession', output: session }, { type: 'auth.signedOut' }]);
  });

  it('switches the navigation live when another tab signs in', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/about');
    await mainNav(page).getByRole('link', { name: 'Home' }).waitFor();
    await markDocument(page);
    // A real emailed-link sign-in in a second tab of the same browser.
    const email = `late.signin.${Date.now()}@example.com`;
    const other = await context.newPage();
    await openLogin(other);
    await other.getByLabel('Email').fill(email);
    await other.getByRole('button', { name: 'Send login link' }).click();
    await other.getByText('Check your email for the link. It may take up to a minute.').waitFor();
    const { rows } = await backend.db.query<{ id: string }>('select id from auth.users where email = $1', [
      email,
    ]);
    await grantTrial(backend, rows[0]?.id ?? '');
    const link = (await latestEmail(backend, email)).links[0] ?? '';
    await other.goto(link);
    await other.waitForURL(`${UI_APP_URL}/practice`);
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await hasMarker(page)).toBe(true);
    coverage.replay([
      { type: 'xstate.done.actor.getSession', output: null },
      { type: 'auth.signedIn', session },
    ]);
  });
});

describe('signed out', () => {
  it('sends visitors of guarded pages to /login', async () => {
    const { page } = await app.newPage();
    for (const path of ['/dashboard', '/results', '/profile']) {
      await page.goto(path);
      await page.waitForURL(`${UI_APP_URL}/login`);
    }
    coverage.replay([{ type: 'xstate.done.actor.getSession', output: null }]);
  });
});
