/**
 * The mock-exam machine's paths through the real app against the local backend: every state
 * reached in Chromium. The entitlement check and every call of the mock-exam function are held at
 * the browser until the driver releases them (the backend answers) or fails them at the network. The
 * backend's answer is arranged before a call is released: an exam in progress is started through
 * the API with the student's own token, five hours pass by moving its stored start. The page's
 * clock is Playwright's, so a tick (one second, or five hours) is a jump of the test's.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { EXAM_NOW, mockExamFixtures } from '../../machines/mock-exam/mock-exam.fixtures';
import { type MockExamInput, mockExamMachine } from '../../machines/mock-exam/mock-exam.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import { grantTrial } from '../support/backend';
import { axeViolations, pageProblems } from '../support/browser';
import { onePathPerState, RpcGate } from '../support/browser-paths';
import {
  examCall,
  itemOnScreen,
  keyOf,
  MOCK_EXAM_URL,
  pageToken,
  pickOnScreen,
  timePasses,
  watchExamResponses,
} from '../support/mock-exam-support';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { driveUiPath } from '../support/ui-model';
import { consoleErrors, studentPage } from './practice-session-support';

startAppAndBackendForFile();

const model = toModelMachine(mockExamMachine);
const coverage = new Coverage(model);
const input = mockExamFixtures.inputs['Signed in']?.() as MockExamInput;
const cases = onePathPerState(model, eventsOf(mockExamFixtures), input).map((path) => ({
  name: path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '),
  path,
}));
const FUNCTION = 'mock-exam';

describe('mock-exam in the browser (model paths)', () => {
  afterAll(() => expectFullCoverage(coverage, 'browser'));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { path }) => {
    const { page, user } = await studentPage(app, backend, { entitled: false });
    await page.clock.install();
    const errors = consoleErrors(page);
    const watch = watchExamResponses(page);
    const rpc = await RpcGate.on(page);
    const exam = await RpcGate.on(page, `**${MOCK_EXAM_URL}`);
    const token = () => pageToken(page);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const alertTitled = (title: string) =>
      page.getByRole('alert').getByText(title, { exact: true }).waitFor();
    const shows = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
    // What the clock showed before the last tick, and whether a tick is yet to be seen.
    let timeBefore = '';
    let ticked = false;
    const drivers: Record<string, (p: Page, e: AnyEventObject) => Promise<void>> = {
      // The gate's answer from the real gate: the trial decides it.
      'xstate.done.actor.accessGate': async (_, event) => {
        if (event.output.access === 'granted') await grantTrial(backend, user.id);
        await rpc.release('check_user_entitlement');
      },
      'xstate.done.actor.loadCurrentExam': async (_, event) => {
        const answer = event.output as { status: string } | null;
        if (answer) expect((await examCall(backend, await token(), { action: 'start' })).status).toBe(201);
        // Ended on time meanwhile: five hours have passed on the server's clock.
        if (answer?.status === 'finished') await timePasses(backend, user.id, '5 hours');
        await exam.release(FUNCTION);
      },
      'xstate.error.actor.loadCurrentExam': () => exam.abort(FUNCTION),
      'exam.start': () => button('Start the exam').click(),
      'xstate.error.actor.startExam': () => exam.abort(FUNCTION),
      'break.start': () => button('Take a break').click(),
      'clock.tick': async (_, event) => {
        const ms = (event.at as number) - EXAM_NOW;
        // Five hours: the server's clock too (the exam's stored start).
        if (ms >= 5 * 3600 * 1000) await timePasses(backend, user.id, '5 hours');
        timeBefore = (await page.getByTestId('exam-time-left').textContent()) ?? '';
        await page.clock.fastForward(ms);
        ticked = true;
      },
      'xstate.error.actor.endOnTime': () => exam.abort(FUNCTION),
      'choice.pick': async () => {
        const key = await keyOf(backend, await itemOnScreen(page, watch.bodies));
        await pickOnScreen(page, key, key.right);
      },
      'answer.submit': () => button('Next').click(),
      'xstate.error.actor.submitAnswer': () => exam.abort(FUNCTION),
    };
    await page.goto('/exams/mock');
    await driveUiPath({
      page,
      coverage,
      input,
      events: path.steps.map((s) => s.event),
      drivers,
      states: {
        'mock-exam.checkingAccess': () => shows('Checking your access…'),
        'mock-exam.redirecting': () => page.waitForURL('**/billing'),
        'mock-exam.resuming': () => shows('Loading your exam…'),
        'mock-exam.loadFailed': () => alertTitled('We could not load your exam'),
        'mock-exam.ready': async () => {
          await page.getByRole('heading', { name: 'Before you begin' }).waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
        'mock-exam.starting': () => shows('Starting your exam…'),
        'mock-exam.startFailed': () => alertTitled('We could not start the exam'),
        'mock-exam.exam.answering': async () => {
          await page.getByTestId('exam-question-number').waitFor();
          // The clock shows, and a tick moves it on.
          const shown = () => page.getByTestId('exam-time-left').textContent();
          expect(await shown()).toMatch(/^\d:\d\d:\d\d$/);
          if (ticked) await expect.poll(shown).not.toBe(timeBefore);
          ticked = false;
        },
        'mock-exam.exam.submitting': () => shows('Recording your answer…'),
        'mock-exam.exam.submitFailed': async () => {
          await alertTitled('Your answer was not sent');
          expect(await axeViolations(page)).toEqual([]);
        },
        'mock-exam.exam.onBreak': async () => {
          await page.getByRole('heading', { name: 'You are on a break' }).waitFor();
          expect(await page.locator('[data-question-id], [data-item-id]').count()).toBe(0);
        },
        'mock-exam.timeUp': () => shows('Time is up'),
        'mock-exam.timeUpFailed': () => alertTitled('Time is up, but we could not reach the server'),
        'mock-exam.finished': () => page.waitForURL(/\/exams\/mock\/report\?exam=[0-9a-f-]{36}$/),
      },
    });
    // The browser's own line for each call the test failed or the backend refused (404 no exam).
    const expected = (text: string) =>
      errors.some(
        (e) =>
          text === `console.error: ${e.text}` &&
          e.text.startsWith('Failed to load resource') &&
          e.url.includes(MOCK_EXAM_URL),
      );
    expect(pageProblems(page).filter((p) => !expected(p))).toEqual([]);
    if (watch.bodies.length > 0) watch.expectNoKeys();
    await page.context().close();
  });
});
