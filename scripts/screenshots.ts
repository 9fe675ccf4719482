// Screenshots of every public and signed-in page, at 1280 px and 375 px wide, in the light and the
// dark colour scheme, so the look can be reviewed without clicking through the flows by hand.
// Builds the app (or reuses the last build with --reuse), starts the local backend and a static
// server the way the browser tests do, signs in a student with a trial, and writes full-page PNGs
// to docs/screenshots/ (not committed: the folder's .gitignore keeps only itself).
//
//   npm run screenshots [-- --reuse] [-- --only dashboard]   (SCREENSHOTS_BACKEND_PORT, default 54339)
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import type { NgnItem } from '../domain/ngn-items.ts';
import { scoringKeyOf } from '../domain/ngn-scoring.ts';
import { billingCopy } from '../src/features/billing/billing-copy.ts';
import { grantTrial, startTestBackend } from '../tests/support/backend.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { recordJudgmentSetFor } from '../tests/support/judgment-support.ts';
import { serveStatic } from '../tests/support/static-server.ts';
import { signInContext } from '../tests/support/ui-backend.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT_DIR = join(ROOT, 'docs/screenshots');
const DIST_DIR = join(ROOT, '.cache/screenshots-dist');
// A fixed backend port: the build bakes the backend's address in, and --reuse relies on it.
const BACKEND_PORT = Number(process.env.SCREENSHOTS_BACKEND_PORT ?? 54339);

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const args = process.argv.slice(2);
const reuse = args.includes('--reuse');
const onlyArg = args.indexOf('--only');
const only = onlyArg >= 0 ? args[onlyArg + 1] : undefined;

let written = 0;

/** Four full-page PNGs of the page as it is now: both widths, both schemes. */
async function shoot(page: Page, name: string) {
  if (only && !name.includes(only)) return;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const scheme of SCHEMES) {
      // No stored choice: the app follows the emulated device setting, as for a new visitor.
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction(
        (expected) => document.documentElement.dataset.mantineColorScheme === expected,
        scheme,
      );
      await settled(page);
      await page.screenshot({
        path: join(OUT_DIR, `${name}-${viewport.name}-${scheme}.png`),
        fullPage: true,
      });
      written += 1;
    }
  }
}

/** Finite transitions (a drawer, a colour fade) finish before the picture; spinners loop forever. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

async function open(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  // Public pages arrive prerendered: wait until the app has taken them over (no request for 0.5 s).
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

/** Answers a practice set one question at a time, the first option each time, and submits it. */
async function answerSet(page: Page) {
  const next = page.getByRole('button', { name: /^(Next|Submit)$/ });
  for (;;) {
    await next.waitFor();
    const card = page.locator('[data-question-id]');
    const id = await card.getAttribute('data-question-id');
    await card.locator('input[type="radio"]').first().check();
    const label = (await next.textContent())?.trim();
    await next.click();
    if (label === 'Submit') return;
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-question-id]')?.getAttribute('data-question-id') !== previous,
      id,
    );
  }
}

const PUBLIC_PAGES = [
  ['landing', '/'],
  ['about', '/about'],
  ['pricing', '/pricing'],
  ['faq', '/faq'],
  ['exams', '/exams'],
  ['login', '/login'],
  ['register', '/register'],
  ['terms', '/terms'],
  ['support', '/support'],
  ['privacy', '/privacy'],
  ['billing-signed-out', '/billing'],
  ['billing-success', '/billing/success'],
  ['checkout-success-signed-out', '/checkout/success'],
  ['checkout-cancel', '/checkout/cancel'],
  ['reset-password-expired', '/reset-password'],
  ['auth-callback-invalid', '/auth/callback'],
  ['not-found', '/no-such-page'],
] as const;

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  const backend = await startTestBackend({ port: BACKEND_PORT });
  const server = await serveStatic(DIST_DIR, 0);
  const browser = await launchBrowser();
  try {
    // Read by the build and by the static server's Content-Security-Policy (on its first request).
    process.env.VITE_SUPABASE_URL = backend.url;
    if (!reuse || !existsSync(join(DIST_DIR, 'index.html'))) {
      const started = Date.now();
      await rm(DIST_DIR, { recursive: true, force: true });
      await build({ logLevel: 'warn', build: { outDir: DIST_DIR, emptyOutDir: true, sourcemap: false } });
      console.log(`built in ${Date.now() - started} ms`);
    }

    const visitor = await browser.newContext({ baseURL: server.url });
    const page = await visitor.newPage();
    for (const [name, path] of PUBLIC_PAGES) {
      await open(page, path, h1);
      await shoot(page, name);
    }
    // The sign-in dialog of the main sign-up path: signed out, /billing → Start 24-Hour Free Trial.
    await open(page, '/billing', h1);
    await page.getByRole('main').getByRole('link', { name: 'Start 24-Hour Free Trial' }).click();
    await page.getByRole('dialog', { name: billingCopy.signInTitle }).waitFor();
    await shoot(page, 'billing-sign-in-dialog');
    // The mobile menu, open.
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/', h1);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    for (const scheme of SCHEMES) {
      if (only && !'mobile-menu'.includes(only)) break;
      await page.emulateMedia({ colorScheme: scheme });
      await settled(page);
      await page.screenshot({ path: join(OUT_DIR, `mobile-menu-phone-${scheme}.png`) });
      written += 1;
    }
    await visitor.close();

    const context = await browser.newContext({ baseURL: server.url });
    const user = await signInContext(context, backend, `screenshots-${Date.now()}@example.com`);
    await grantTrial(backend, user.id);
    const student = await context.newPage();
    // A new student first: the empty states.
    await open(student, '/dashboard', (p) => p.getByTestId('dashboard-empty').waitFor());
    await shoot(student, 'dashboard-empty');
    await open(student, '/results', (p) =>
      p.getByRole('heading', { name: 'No practice sets yet' }).waitFor(),
    );
    await shoot(student, 'results-empty');
    await open(student, '/profile', h1);
    await shoot(student, 'profile');
    await open(student, '/billing', h1);
    await shoot(student, 'billing-signed-in');
    await open(student, '/clinical-judgment', (p) =>
      p
        .getByRole('button', { name: /^(Next|Submit)/ })
        .first()
        .waitFor(),
    );
    await shoot(student, 'clinical-judgment');
    // Practice: a question, then the results with the remediation open.
    await open(student, '/practice', (p) => p.locator('[data-question-id]').first().waitFor());
    await shoot(student, 'practice-question');
    await answerSet(student);
    await student.getByTestId('practice-score').waitFor();
    await student.getByRole('button', { name: 'View Remediation' }).click();
    await student.locator('[data-remediation-for]').first().waitFor({ state: 'attached' });
    await student.locator('[data-record-status="saved"]').waitFor();
    await shoot(student, 'practice-results');
    // The record after one set.
    await open(student, '/dashboard', (p) => p.getByTestId('dashboard-summary-line').waitFor());
    await shoot(student, 'dashboard');
    await open(student, '/results', (p) => p.getByRole('heading', { name: 'Your practice sets' }).waitFor());
    await shoot(student, 'results');
    await student
      .getByRole('button', { name: /^Review/ })
      .first()
      .click();
    await student.getByRole('button', { name: 'Back to all results' }).first().waitFor();
    await shoot(student, 'results-set-review');
    // A clinical-judgment set's results, reopened from the record: one standalone item of each type,
    // each answered with its groups' first choices (right for some, wrong for others), so the
    // student's responses, the keys and the points all show.
    const { rows } = await backend.db.query<{ item: NgnItem }>(
      'select distinct on (type) item from public.ngn_items where case_id is null order by type, id',
    );
    const items = rows.map((row) => row.item);
    const responses = items.map((item) =>
      Object.fromEntries(scoringKeyOf(item).groups.map((g) => [g.id, g.choices.slice(0, g.maxPicks ?? 1)])),
    );
    const judgmentSetId = await recordJudgmentSetFor(backend, user.id, {
      kind: 'standalone',
      items,
      responses,
      submittedAt: new Date().toISOString(),
    });
    await open(student, `/clinical-judgment?review=${judgmentSetId}`, (p) =>
      p.locator('[data-result-item]').first().waitFor(),
    );
    await shoot(student, 'clinical-judgment-results');
    await context.close();
    console.log(`${written} screenshots in docs/screenshots/`);
  } finally {
    await browser.close();
    await server.close();
    await backend.close();
  }
}

await main();
