/**
 * /dev/flows: absent from the production build (which the rest of the browser layer serves), and
 * working for real in a development server, offline, with the practice-session flow clicked through.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, initialTransition, transition } from 'xstate';
import { practiceSessionMachine } from '../../machines/practice-session/practice-session.machine';
import { mermaidId } from '../../machines/shared/machine-chart';
import { messages } from '../../machines/shared/messages';
import { leafStateIds, toModelMachine } from '../../machines/shared/model-machine';
import { BackendError } from '../../machines/shared/ports';
import { paths } from '../../src/config/paths';
import { DEV_FLOWS_MARKER } from '../../src/dev/flows/FlowsPage';
import { presetsFor } from '../../src/dev/flows/presets';
import { axeViolations, launchBrowser } from '../support/browser';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the production build', () => {
  let outDir: string;
  beforeAll(async () => {
    // Built here rather than reusing a browser-layer build: this one has the inspector switched on
    // (below). NODE_ENV is set because vitest's NODE_ENV=test would make a development build.
    outDir = mkdtempSync(join(tmpdir(), 'pn-prod-build-'));
    const saved = { NODE_ENV: process.env.NODE_ENV, VITE_XSTATE_INSPECT: process.env.VITE_XSTATE_INSPECT };
    process.env.NODE_ENV = 'production';
    // Even with the inspector switched on, a production build must not contain it.
    process.env.VITE_XSTATE_INSPECT = '1';
    try {
      const { build } = await import('vite');
      await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  // Strings only this page, Mermaid or the inspector put in a bundle.
  const forbidden = [
    DEV_FLOWS_MARKER,
    'Copy as model-test path',
    'Events the current state accepts',
    'mermaid',
    'stateDiagram',
    'statelyai',
    'stately.ai/inspect',
    'xstateinspector',
    '[redacted',
  ];

  it('contains no /dev/flows code, no Mermaid and no inspector', () => {
    const files = filesUnder(outDir);
    const js = files.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return forbidden.filter((s) => text.includes(s)).map((s) => `${s} in ${file}`);
    });
    expect(found).toEqual([]);
    // The path string lives in the shared paths object, but no route object uses it.
    const bundle = js.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(bundle).not.toMatch(/path:\s*\w+\.devFlows/);
    const bytes = js.reduce((sum, f) => sum + statSync(f).size, 0);
    console.log(`production build: ${js.length} JavaScript files, ${bytes} bytes`);
  });
});

describe('/dev/flows in a development server', () => {
  let server: ViteDevServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  const requests: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    // A developer's own VITE_XSTATE_INSPECT must not open the inspector window in a test.
    process.env.VITE_XSTATE_INSPECT = '0';
    const { createServer } = await import('vite');
    server = await createServer({
      logLevel: 'warn',
      // Its own cache, so a developer's running dev server is not disturbed.
      cacheDir: join(process.cwd(), '.cache', 'vite-dev-flows'),
      // No HMR: going offline would drop its socket and make the page reload itself afterwards.
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    });
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('The development server did not report its address');
    origin = new URL(url).origin;
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    });
    // The first visit pre-bundles dependencies (Mermaid is large): done here, not in the test's time.
    await page.goto(`${paths.devFlows}?machine=practice-session`);
    await page.waitForSelector('[data-chart-status="ready"]', { timeout: 110_000 });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const click = async (name: string) => {
    await button(name).click();
  };
  const contextJson = async () =>
    JSON.parse((await page.getByTestId('context').textContent()) ?? 'null') as {
      questions: Array<{ id: string }>;
      answers: Record<string, string>;
      currentIndex: number;
    };
  /** The states (one per parallel region) are the ones the simulator reports and highlights on the chart. */
  const expectActive = async (...stateIds: string[]) => {
    await expect
      .poll(async () =>
        ((await page.locator('[data-active-states]').getAttribute('data-active-states')) ?? '')
          .split(' ')
          .sort(),
      )
      .toEqual([...stateIds].sort());
    await expect
      .poll(
        () =>
          page.locator('.dev-flows-chart svg g.node.active').evaluateAll((nodes) => nodes.map((n) => n.id)),
        { timeout: 10_000 },
      )
      .toEqual(
        expect.arrayContaining(stateIds.map((id) => expect.stringContaining(`-state-${mermaidId(id)}-`))),
      );
    expect(await page.locator('.dev-flows-chart svg g.node.active').count()).toBe(stateIds.length);
    const activeRows = await page.locator('tr[aria-current="true"] code').allTextContents();
    for (const id of stateIds) expect(activeRows).toContain(id.split('.').slice(1).join('.'));
  };

  it('lists every machine of the registry and draws the selected chart', async () => {
    const links = await page.getByRole('navigation', { name: 'Flows' }).getByRole('link').allTextContents();
    expect(links).toEqual(Object.keys((await import('../../machines/index')).machines));
    await expect
      .poll(() => page.getByRole('link', { name: 'practice-session' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await page.locator('.dev-flows-chart svg').getAttribute('role')).toBe('img');
    // The table lists every state with its description.
    const rows = await page.getByRole('table').locator('tbody tr').count();
    expect(rows).toBe(toModelMachine(practiceSessionMachine).stateIds.length - 1);
  });

  it('clicks through a whole practice session offline, with locking, step back and reshuffle', async () => {
    await context.setOffline(true);
    try {
      await practiceSession();
    } finally {
      await context.setOffline(false);
    }
  });

  const practiceSession = async () => {
    const p = 'practice-session';
    await click('Reset');
    await expectActive(`${p}.checkingAccess.access.checking`, `${p}.checkingAccess.firstSet.requesting`);
    // Only what the state accepts is offered.
    expect(await button('answer.select: q1: Right').count()).toBe(0);

    await click('done(accessGate): access granted');
    await expectActive(`${p}.checkingAccess.access.granted`, `${p}.checkingAccess.firstSet.requesting`);
    await click('done(loadQuestions): 2 questions');
    await expectActive(`${p}.answering.oneAtATime`);
    expect((await contextJson()).questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    // The page's real view shows the simulated state: the first question, Next not yet enabled.
    const screen = page.getByRole('region', { name: 'Screen' });
    await expect.poll(() => screen.getByText('Stem of q1').isVisible()).toBe(true);
    expect(await screen.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Next is disabled until the current question is answered; later questions cannot be answered yet.
    expect(await button('question.next').isDisabled()).toBe(true);
    expect(await button('answer.select: q2: Right').isDisabled()).toBe(true);
    // Keyboard: the event buttons are real buttons.
    await button('answer.select: q1: Wrong').focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await contextJson()).answers).toEqual({ q1: 'q1-wrong' });
    // Before Next the answer can still change.
    await click('answer.select: q1: Right');
    await expect.poll(async () => (await contextJson()).answers).toEqual({ q1: 'q1-right' });
    await expectActive(`${p}.answering.oneAtATime`);

    await click('question.next');
    await expectActive(`${p}.answering.oneAtATime`);
    expect((await contextJson()).currentIndex).toBe(1);
    // Locked: the answer to q1 cannot change any more.
    expect(await button('answer.select: q1: Wrong').isDisabled()).toBe(true);
    expect(await button('answer.select: q1: Right').isDisabled()).toBe(true);

    expect(await button('set.submit').isDisabled()).toBe(true);
    await click('answer.select: q2: Wrong');
    expect(await button('question.next').isDisabled()).toBe(true);
    await click('set.submit');
    await expectActive(`${p}.results.summary`);
    expect((await contextJson()).answers).toEqual({ q1: 'q1-right', q2: 'q2-wrong' });

    await click('remediation.toggle');
    await expectActive(`${p}.results.remediation`);
    const historyLength = () => page.getByRole('list', { name: 'History' }).locator('li').count();
    expect(await historyLength()).toBe(8);
    await click('Step back');
    await expectActive(`${p}.results.summary`);
    expect(await historyLength()).toBe(7);

    const before = (await contextJson()).questions.map((q) => q.id);
    await click('set.restart');
    await expectActive(`${p}.answering.oneAtATime`);
    const after = await contextJson();
    expect(after.answers).toEqual({});
    expect(after.currentIndex).toBe(0);
    expect([...after.questions.map((q) => q.id)].sort()).toEqual(before);
    expect(after.questions.map((q) => q.id)).not.toEqual(before);

    // The copied path is a model-test path: replayed on the model it ends where the page is.
    await click('Copy as model-test path');
    await expect
      .poll(() => page.getByText(/Copied the path|clipboard is not available/).isVisible())
      .toBe(true);
    const text = (await page.getByTestId('model-test-path').textContent()) ?? '';
    expect(text.split('\n')[0]).toBe('// practice-session, input: Signed in, new set');
    expect(text).toContain("  { type: 'question.next' },");
    const events = new Function('BackendError', `return (\n${text}\n);`)(BackendError) as AnyEventObject[];
    expect(events).toHaveLength(8);
    const model = toModelMachine(practiceSessionMachine).model;
    const input = presetsFor('practice-session').inputs[0]?.create();
    let snapshot = initialTransition(model, input as never)[0] as AnyMachineSnapshot;
    for (const event of events)
      snapshot = transition(model, snapshot as never, event as never)[0] as AnyMachineSnapshot;
    expect(leafStateIds(snapshot)).toEqual([`${p}.answering.oneAtATime`]);
    expect((snapshot.context as { questions: Array<{ id: string }> }).questions.map((q) => q.id)).toEqual(
      after.questions.map((q) => q.id),
    );

    expect(await axeViolations(page)).toEqual([]);
  };

  it('simulates the other flows too: auth-callback without a link ends invalid; delays are events', async () => {
    await page.getByRole('link', { name: 'auth-callback' }).click();
    await page.getByLabel('Input').selectOption({ label: 'Neither (invalid link)' });
    await expectActive('auth-callback.invalidLink');
    const screen = page.getByRole('region', { name: 'Screen' });
    await expect
      .poll(() => screen.getByRole('heading', { name: 'Authentication Failed' }).isVisible())
      .toBe(true);
    expect(await screen.getByText(messages.invalidLoginLink).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('None: this is a final state.').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'checkout-return' }).click();
    await expectActive('checkout-return.checking');
    await click('done(accessGate): not entitled yet');
    await expectActive('checkout-return.waiting');
    await click('after 1s: ask again');
    await expectActive('checkout-return.checking');
    await click('after 3s: 3 seconds are up');
    await expectActive('checkout-return.leaving');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('used no network beyond the development server and logged no errors', () => {
    expect(requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:'))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
