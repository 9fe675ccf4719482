/**
 * The readiness report, /results' mock exams and the method page in Chromium against the real local
 * backend. A student finishes a mock exam over HTTP with their own access token (the seeded bank,
 * every item answered right: the exam ends at 85 items on the confidence rule), then opens the
 * report; the mock-report and mock-record machines' paths are driven through the real pages with
 * the backend's calls held at the browser, so every state of both is reached in Chromium.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { mockRecordFixtures } from '../../machines/mock-record/mock-record.fixtures';
import { mockRecordMachine } from '../../machines/mock-record/mock-record.machine';
import { mockReportFixtures } from '../../machines/mock-report/mock-report.fixtures';
import { mockReportMachine } from '../../machines/mock-report/mock-report.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { onePathPerState, RpcGate } from '../support/browser-paths';
import { callMockExam, copyFinishedExam, finishMockExam } from '../support/mock-exam-run';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { overflowProblems } from '../support/overflow';
import { SESSION_STORAGE_KEY, startUiBackend } from '../support/ui-backend';
import { driveUiPath } from '../support/ui-model';
import { consoleErrors, studentPage } from './practice-session-support';
import { animationsSettled } from './public-helpers';

let app: AppUnderTest;
let backend: LocalBackend;
/** One exam finished over HTTP, all right; the paths get copies of it. */
let finished: { examId: string; answered: number };

beforeAll(async () => {
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

/** The signed-in page's access token (the session the app itself uses). */
async function accessToken(page: Page): Promise<string> {
  if (page.url() === 'about:blank') await page.goto('/');
  return page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string }).access_token,
    SESSION_STORAGE_KEY,
  );
}

/** Holds the page's mock-exam function calls until a driver lets one through or fails it. */
async function functionGate(page: Page) {
  const held: Route[] = [];
  await page.route('**/functions/v1/mock-exam', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held.push(route);
  });
  const next = async () => {
    await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    return held.shift() as Route;
  };
  return {
    release: async () => (await next()).continue(),
    abort: async () => (await next()).abort('connectionrefused'),
  };
}

/** Problems on the page other than the browser's line for a call a test failed or refused on purpose. */
function unexpected(page: Page, errors: Array<{ text: string; url: string }>, allowed: RegExp): string[] {
  return pageProblems(page).filter(
    (p) =>
      !errors.some(
        (e) =>
          p === `console.error: ${e.text}` &&
          e.text.startsWith('Failed to load resource') &&
          allowed.test(e.url),
      ),
  );
}

describe('the readiness report of a finished exam', () => {
  it('shows the rule, the band picture and its text, the probability, the rows and the review; axe-clean light and dark, no overflow at 375 px', async () => {
    const { page, user } = await studentPage(app, backend);
    finished = await finishMockExam(backend, await accessToken(page), () => true);
    expect(finished.answered).toBe(85);
    await page.goto(`/exams/mock/report?exam=${finished.examId}`);
    await page.getByRole('heading', { name: 'Result: above the passing standard (pass)' }).waitFor();

    expect(await page.getByTestId('stop-rule').textContent()).toBe(
      'The exam stopped after 85 items because it was 95% sure your ability is above the passing standard.',
    );
    const { rows } = await backend.db.query<{ estimate: number; standard_error: number }>(
      'select estimate, standard_error from public.mock_exams where id = $1 and user_id = $2',
      [finished.examId, user.id],
    );
    const stored = rows[0] as { estimate: number; standard_error: number };
    const signed = (v: number) => `${v < 0 ? '−' : '+'}${Math.abs(v).toFixed(2)}`;
    const alt = `Your ability estimate is ${signed(stored.estimate)} logits, with a 95% band from ${signed(
      stored.estimate - 1.959964 * stored.standard_error,
    )} to ${signed(stored.estimate + 1.959964 * stored.standard_error)}. The passing standard is −0.18 logits. The whole band is above the passing standard.`;
    expect(await page.getByRole('img', { name: alt }).count()).toBe(1);
    expect(await page.getByTestId('band-text').textContent()).toBe(alt);
    expect(await page.getByTestId('pass-probability').textContent()).toMatch(/^Probability of passing: /);
    await page.getByText(/^Method: normal approximation/).waitFor();
    expect(await page.getByTestId('provisional').textContent()).toBe('Provisional');
    expect(await page.getByRole('link', { name: 'How readiness is estimated' }).getAttribute('href')).toBe(
      '/readiness',
    );
    expect(await page.getByTestId('time-used').textContent()).toMatch(/^Time used: \d+ min of 5 h 00 min$/);

    // Performance rows: every client need of the exam's scored items, each rated in words.
    const needRows = page.getByTestId('performance-client-needs').locator('tbody tr');
    expect(await needRows.count()).toBeGreaterThanOrEqual(6);
    for (const text of await needRows.allTextContents())
      expect(text).toMatch(/(Below|Near|Above) the passing standard$/);
    const stepRows = page.getByTestId('performance-steps').locator('tbody tr');
    expect(await stepRows.count()).toBe(6);
    expect(await stepRows.first().textContent()).toMatch(/^Recognize cues/);

    // The review: every scored item (70 of 85: 15 were pretest), answer, key and rationale.
    const { rows: scored } = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from public.mock_exam_items where exam_id = $1 and kind = 'scored'`,
      [finished.examId],
    );
    const reviewed = page.locator('[data-review-question], [data-result-item]');
    expect(await reviewed.count()).toBe(scored[0]?.n);
    expect(scored[0]?.n).toBe(70);
    const classic = page.locator('[data-review-question]').first();
    expect(await classic.getByText('Correct answer', { exact: true }).count()).toBe(1);
    expect(await classic.getByText('Your answer', { exact: true }).count()).toBe(1);
    expect(await classic.getByTestId('review-rationale').textContent()).toMatch(/^Rationale: \S/);
    const ngn = page.locator('[data-result-item]').first();
    expect(await ngn.getByTestId('correct-answer').textContent()).toMatch(/^Correct answer:/);
    expect(await ngn.getByTestId('judgment-rationale').textContent()).toMatch(/^Rationale: \S/);
    // At least the three case studies' 18 items; stand-alone NGN items may come too.
    expect(await page.locator('[data-result-item]').count()).toBeGreaterThanOrEqual(18);

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 740 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await animationsSettled(page);
      expect({ scheme, problems: await overflowProblems(page) }).toEqual({ scheme, problems: [] });
    }
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('/results lists the exam with its estimate and band, links to its report, and records the real result', async () => {
    const { page, user } = await studentPage(app, backend);
    const examId = await copyFinishedExam(backend, finished.examId, user.id);
    await page.goto('/results');
    const row = page.locator(`[data-exam-id="${examId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toMatch(
      /Estimate \+\d\.\d\d logits \(pass\), 95% band [+−]\d\.\d\d to \+\d\.\d\d, probability of passing (over 99%|\d+%)\./,
    );
    expect(
      await page
        .getByRole('img', {
          name: /^Your mock exam estimates over time, oldest first: exam 1: \+\d\.\d\d \(band /,
        })
        .count(),
    ).toBe(1);
    expect(await row.getByRole('link', { name: /^View report of / }).getAttribute('href')).toBe(
      `/exams/mock/report?exam=${examId}`,
    );

    const today = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    });
    await page.getByRole('button', { name: 'Record your result' }).click();
    await page.getByRole('radio', { name: 'Did not pass' }).check();
    await page.getByLabel(/^Date of your NCLEX-PN/).fill(today);
    await page.getByRole('button', { name: 'Save result' }).click();
    await page
      .getByTestId('nclex-recorded')
      .getByText(/^Did not pass on /)
      .waitFor();
    const stored = () =>
      backend.db
        .query<{ passed: boolean; taken_on: string }>(
          `select passed, to_char(taken_on, 'YYYY-MM-DD') as taken_on from public.nclex_results where user_id = $1`,
          [user.id],
        )
        .then((r) => r.rows);
    expect(await stored()).toEqual([{ passed: false, taken_on: today }]);

    // Changed, then removed: the student's own, at any time.
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('radio', { name: 'Passed' }).check();
    await page.getByRole('button', { name: 'Save result' }).click();
    await page
      .getByTestId('nclex-recorded')
      .getByText(/^Passed on /)
      .waitFor();
    expect(await stored()).toEqual([{ passed: true, taken_on: today }]);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    await animationsSettled(page);
    expect(await overflowProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Record your result' }).waitFor();
    expect(await stored()).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('an exam still running has no report yet: the page says so and leads back to the exam', async () => {
    const { page } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    const started = await callMockExam(backend, await accessToken(page), { action: 'start' });
    expect(started.status).toBe(201);
    await page.goto('/exams/mock/report');
    await page.getByRole('alert').getByText('The report is ready when the exam ends.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to the exam' }).getAttribute('href')).toBe(
      '/exams/mock',
    );
    expect(unexpected(page, errors, /functions\/v1\/mock-exam/)).toEqual([]);
    await page.context().close();
  });

  it('the method page is public and axe-clean, light and dark', async () => {
    const { page } = await app.newPage();
    await page.goto('/readiness');
    await page.getByRole('heading', { level: 1, name: 'How readiness is estimated' }).waitFor();
    await page.getByText(/We ran [\d,]+ simulated candidates/).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.goto('/exams');
    await page.getByRole('link', { name: 'How readiness is estimated' }).click();
    await page.waitForURL('**/readiness');
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});

describe('mock-report in the browser (model paths)', () => {
  const model = toModelMachine(mockReportMachine);
  const coverage = new Coverage(model);
  afterAll(() => expectFullCoverage(coverage, 'browser'));
  const input = mockReportFixtures.inputs['Signed in, an exam named in the address']?.();
  const paths = onePathPerState(model, eventsOf(mockReportFixtures), input);

  it.each(
    paths.map(
      (p) => [p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(start)', p] as const,
    ),
  )('%s', async (_, path) => {
    const events = path.steps.map((s) => s.event);
    const output = (e: AnyEventObject) => e.output as { access?: string } | undefined;
    const refusedAccess = events.find(
      (e) => e.type === 'xstate.done.actor.accessGate' && output(e)?.access !== 'granted',
    );
    const noSuchExam = events.some(
      (e) => e.type === 'xstate.error.actor.loadReport' && (e.error as { code?: string }).code === 'no_exam',
    );
    const { page, user } = await studentPage(app, backend, { entitled: !refusedAccess });
    const errors = consoleErrors(page);
    const examId = noSuchExam ? randomUUID() : await copyFinishedExam(backend, finished.examId, user.id);
    await page.goto('/');
    const rpc = await RpcGate.on(page);
    const fn = await functionGate(page);
    await page.goto(`/exams/mock/report?exam=${examId}`);
    await driveUiPath({
      page,
      coverage,
      input,
      events,
      drivers: {
        'xstate.done.actor.accessGate': () => rpc.release('check_user_entitlement'),
        'xstate.done.actor.loadReport': () => fn.release(),
        // The real backend answers 404 no_exam for an id that is not the student's finished exam.
        'xstate.error.actor.loadReport': (_, e) =>
          (e.error as { code?: string }).code === 'no_exam' ? fn.release() : fn.abort(),
        'report.retry': () => page.getByRole('button', { name: 'Try again' }).click(),
      },
      states: {
        'mock-report.checkingAccess': () => page.getByText('Checking your access…').waitFor(),
        'mock-report.redirecting': () => page.waitForURL('**/billing'),
        'mock-report.loading': () => page.getByText('Loading your report…').waitFor(),
        'mock-report.ready': async () => {
          await page.getByTestId('band-picture').waitFor();
          expect(await page.locator('[data-review-question], [data-result-item]').count()).toBe(70);
        },
        'mock-report.failed': async () => {
          await page.getByRole('alert').getByText('We could not load your report').waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
        'mock-report.unavailable': async () => {
          await page.getByRole('alert').getByText('There is no finished mock exam to report.').waitFor();
          expect(await page.getByRole('link', { name: 'Go to Mock Exams' }).getAttribute('href')).toBe(
            '/exams',
          );
          expect(await axeViolations(page)).toEqual([]);
        },
      },
    });
    expect(unexpected(page, errors, /functions\/v1\/mock-exam/)).toEqual([]);
    await page.context().close();
  });
});

describe('mock-record in the browser (model paths)', () => {
  const model = toModelMachine(mockRecordMachine);
  const coverage = new Coverage(model);
  afterAll(() => expectFullCoverage(coverage, 'browser'));
  const paths = onePathPerState(model, eventsOf(mockRecordFixtures), undefined);

  it.each(
    paths.map(
      (p) => [p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(start)', p] as const,
    ),
  )('%s', async (_, path) => {
    const { page, user } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    await copyFinishedExam(backend, finished.examId, user.id);
    await page.goto('/');
    const rpc = await RpcGate.on(page);
    await page.goto('/results');
    // The learning record's own calls go through; its states are its own test's.
    await rpc.release('get_results_summary');
    await rpc.release('list_judgment_sets');
    const section = page.getByTestId('mock-exams');
    const button = (name: string) => section.getByRole('button', { name, exact: true });
    const today = new Date().toISOString().slice(0, 10);
    await driveUiPath({
      page,
      coverage,
      events: path.steps.map((s) => s.event),
      drivers: {
        'xstate.done.actor.loadRecord': () => rpc.release('get_mock_exam_record'),
        'xstate.error.actor.loadRecord': () => rpc.abort('get_mock_exam_record'),
        'record.retry': () => button('Try again').click(),
        'result.edit': async () => {
          if (await button('Change').count()) await button('Change').click();
          else await button('Record your result').click();
        },
        'result.cancel': () => button('Cancel').click(),
        'result.save': async () => {
          await section.getByRole('radio', { name: 'Passed' }).check();
          await section.getByLabel(/^Date of your NCLEX-PN/).fill(today);
          await button('Save result').click();
        },
        'xstate.done.actor.saveNclexResult': () => rpc.release('record_nclex_result'),
        'xstate.error.actor.saveNclexResult': () => rpc.abort('record_nclex_result'),
        'result.remove': () => button('Remove').click(),
        'xstate.done.actor.removeNclexResult': () => rpc.release('remove_nclex_result'),
        'xstate.error.actor.removeNclexResult': () => rpc.abort('remove_nclex_result'),
      },
      states: {
        'mock-record.loading': () => section.getByText('Loading your mock exams…').waitFor(),
        'mock-record.failed': async () => {
          await section.getByRole('alert').getByText('We could not load your mock exams').waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
        'mock-record.ready.viewing': async () => {
          await page.getByTestId('mock-exam-list').waitFor();
          await expect
            .poll(async () => (await button('Record your result').count()) + (await button('Change').count()))
            .toBe(1);
        },
        'mock-record.ready.editing': async () => {
          await button('Save result').waitFor();
          await expect.poll(() => button('Save result').getAttribute('data-loading')).toBeNull();
          expect(await axeViolations(page)).toEqual([]);
        },
        'mock-record.ready.saving': () =>
          expect.poll(() => button('Save result').getAttribute('data-loading')).toBe('true'),
        'mock-record.ready.removing': () =>
          expect.poll(() => button('Remove').getAttribute('data-loading')).toBe('true'),
      },
    });
    expect(
      unexpected(page, errors, /rpc\/(get_mock_exam_record|record_nclex_result|remove_nclex_result)/),
    ).toEqual([]);
    await page.context().close();
  });
});
