/**
 * The app-wide auth machine through the real app: signed-in navigation, dashboard greeting, the
 * mobile menu, logout with a full reload, and live updates when another tab signs out.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFixtures } from '../../machines/auth/auth.fixtures';
import { authMachine } from '../../machines/auth/auth.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import { grantTrial, type LocalBackend, latestEmail } from '../support/backend';
import { type AppUnderTest, appStarted, axeViolations, pageProblems, startApp } from '../support/browser';
import { browserPaths } from '../support/browser-paths';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { signInContext, startUiBackend } from '../support/ui-backend';
import { UI_APP_URL } from '../support/ui-config';
import { driveUiPath } from '../support/ui-model';
import { openLogin } from './auth-flows-support';

let app: AppUnderTest;
let backend: LocalBackend;
const coverage = new Coverage(toModelMachine(authMachine));

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

/** Another tab of the same browser signs out (the first learns of it through the client's channel). */
async function signOutInAnotherTab(context: BrowserContext) {
  const other = await context.newPage();
  await other.goto(`${UI_APP_URL}/dashboard`);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await other.waitForURL(`${UI_APP_URL}/login`);
}

/** A real emailed-link sign-in in another tab of the same browser. */
async function signInInAnotherTab(context: BrowserContext) {
  const email = `late.signin.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
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
}

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
  });

  it('switches the navigation live when another tab signs out', async () => {
    const { context, page } = await app.newPage();
    await signInContext(context, backend, 'two.tabs@example.com');
    await page.goto('/results');
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    await markDocument(page);
    await signOutInAnotherTab(context);
    // The first tab learns of it through the client's cross-tab channel, without a reload.
    await mainNav(page).getByRole('link', { name: 'Home' }).waitFor();
    await page.getByRole('link', { name: 'Start 24-Hour Free Trial' }).first().waitFor();
    expect(await hasMarker(page)).toBe(true);
  });

  it('switches the navigation live when another tab signs in', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/about');
    await mainNav(page).getByRole('link', { name: 'Home' }).waitFor();
    await markDocument(page);
    await signInInAnotherTab(context);
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await hasMarker(page)).toBe(true);
  });
});

describe('signed out', () => {
  it('sends visitors of guarded pages to /login', async () => {
    const { page } = await app.newPage();
    for (const path of ['/dashboard', '/results', '/profile']) {
      await page.goto(path);
      await page.waitForURL(`${UI_APP_URL}/login`);
    }
  });
});

/**
 * The auth machine's browser coverage, driven like every other flow's: generated paths, each event
 * caused for real (a stored session, Logout, another tab signing in or out, the backend's answer)
 * and each state checked on the page. The transitions left out cannot be caused from a browser;
 * docs/testing.md gives each one's reason.
 */
describe('auth machine through the browser (model paths)', () => {
  const undriven = new Set([
    'auth.checking auth.signedIn#0',
    'auth.signedIn auth.signedIn#0',
    'auth.checking xstate.error.actor.getSession#0',
    'auth.signingOut xstate.error.actor.signOut#0',
  ]);
  const machineModel = toModelMachine(authMachine);
  // The stored session read at start is ada's, another tab's sign-in is grace's: the graph keeps one
  // shortest path per state and context, so the two ways into signedIn stay apart and the path to
  // signingOut goes through the start-up read the browser can drive.
  const events = eventsOf(authFixtures).filter(
    (e) =>
      e.type !== 'auth.signedIn' || (e as { session?: { email: string | null } }).session?.email === null,
  );
  const paths = browserPaths(machineModel, events, undefined, { undriven });

  interface Tab {
    context: BrowserContext;
    page: Page;
    /** The sign-out request, held so `signingOut` can be seen before the backend answers. */
    heldSignOut: Route[];
  }

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { context, page } = await app.newPage();
    const tab: Tab = { context, page, heldSignOut: [] };
    await driveUiPath<Tab>({
      page: tab,
      coverage,
      events: path.steps.map((s) => s.event),
      drivers: {
        'xstate.done.actor.getSession': async ({ context, page }, event) => {
          if (event.output)
            await signInContext(
              context,
              backend,
              `stored.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
            );
          await page.goto(event.output ? '/dashboard' : '/about');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await markDocument(page);
        },
        'auth.signedIn': ({ context }) => signInInAnotherTab(context),
        'auth.signedOut': ({ context }) => signOutInAnotherTab(context),
        'auth.signOut': async (t) => {
          await t.page.route('**/auth/v1/logout**', (route) => void t.heldSignOut.push(route));
          await t.page.getByRole('button', { name: 'Logout' }).click();
        },
        'xstate.done.actor.signOut': async (t) => {
          await expect.poll(() => t.heldSignOut.length).toBeGreaterThan(0);
          await t.heldSignOut.shift()?.continue();
          await t.page.waitForURL(`${UI_APP_URL}/login`);
        },
      },
      states: {
        'auth.checking': async () => {},
        'auth.signedIn': async ({ page }) => {
          await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
          await page.getByRole('button', { name: 'Logout' }).waitFor();
        },
        'auth.signedOut': async ({ page }) => {
          await mainNav(page).getByRole('link', { name: 'Home' }).waitFor();
          expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
        },
        'auth.signingOut': async (t) => {
          // The request is out, and the page has not reloaded: the student still sees it as it was.
          await expect.poll(() => t.heldSignOut.length).toBe(1);
          expect(await hasMarker(t.page)).toBe(true);
        },
      },
    });
  });
});
