/**
 * Browser layer support: one Chromium per test file, a fresh context per test, the worker's build
 * served on the worker's fixed port (tests/support/ui-config.ts). playwright-core drives Debian's
 * Chromium: its headless shell when installed, else the full browser (CHROME_PATH overrides both).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startOnFixedPort } from './fixed-port';
import { serveStatic } from './static-server';
import { UI_APP_PORT, UI_APP_URL, UI_DIST_DIR, UI_WORKER, uiBuildEnv } from './ui-config';

/** Chromium's flags for this kind of machine, shared with the benchmarks. */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same Blink without the full browser around it (Chromium's old
 * headless mode). The browser tests take about a third less time with it than with the full browser
 * (decision 250).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function existing(path: string): string {
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install it (apt-get install -y chromium chromium-headless-shell) or set CHROME_PATH to a Chromium binary.`,
    );
  }
  return path;
}

/** The browser the tests drive: CHROME_PATH, else the headless shell when installed, else the full browser. */
export function chromiumPath(): string {
  return existing(process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM));
}

/** The full browser, for what needs it (Lighthouse launches Chrome itself): CHROME_PATH, else Debian's. */
export function fullChromiumPath(): string {
  return existing(process.env.CHROME_PATH ?? FULL_CHROMIUM);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export interface AppUnderTest {
  url: string;
  browser: Browser;
  /** A fresh context (own storage) and page; closed by `close()`. */
  newPage(options?: {
    width?: number;
    height?: number;
    /** The browser's time zone (IANA name); the machine's own when not given. */
    timezoneId?: string;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Serves the built app and launches Chromium for one test file. */
export async function startApp(): Promise<AppUnderTest> {
  if (!existsSync(UI_DIST_DIR))
    throw new Error(
      `The app is not built for worker ${UI_WORKER.slot}: run the ui project (its global setup builds one per worker)`,
    );
  const [server, browser] = await Promise.all([
    startOnFixedPort('the UI test app server', UI_APP_PORT, () =>
      // The CSP names this worker's backend, as its build does (the other worker's build differs).
      serveStatic(UI_DIST_DIR, UI_APP_PORT, { buildEnv: { ...process.env, ...uiBuildEnv(UI_WORKER) } }),
    ),
    launchBrowser(),
  ]);
  const contexts: BrowserContext[] = [];
  return {
    url: UI_APP_URL,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: UI_APP_URL,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      // Tests fail on any page error or console error, so broken behaviour cannot hide.
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      });
      (page as Page & { problems: string[] }).problems = problems;
      return { context, page };
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Resolves once React has taken over the page (prerendered public pages are plain HTML until then,
 * decision 080): its root is marked, and from that moment a click is handled (React replays one made
 * while it is still hydrating) instead of following the bare HTML.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/** Errors the page logged so far (console.error and uncaught exceptions). */
export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.0–2.2 A and AA rules) in the page and returns the violations. */
export async function axeViolations(
  page: Page,
  /** Only this part of the page (a CSS selector): an open dialog, whose overlay dims the page behind it. */
  within?: string,
): Promise<Array<{ id: string; help: string; nodes: string[] }>> {
  // Checking mid-transition (a drawer fading in) would measure half-transparent text.
  // Spinners loop forever, so only finite animations are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Evaluated through the DevTools protocol, not as an inline <script>: the production CSP blocks those.
  await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, within);
}
