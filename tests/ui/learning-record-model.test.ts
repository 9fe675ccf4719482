/**
 * The learning-record and history-reset machines' shortest paths through the real app against the
 * local backend: every state of both reached in Chromium. The page's remote-procedure calls are held
 * at the browser until the event's driver lets them through or fails them at the network, so the
 * busy states are observable and each backend answer is the one the path asks for.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { historyResetFixtures } from '../../machines/history-reset/history-reset.fixtures';
import { historyResetMachine } from '../../machines/history-reset/history-reset.machine';
import { learningRecordFixtures } from '../../machines/learning-record/learning-record.fixtures';
import { learningRecordMachine } from '../../machines/learning-record/learning-record.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import type { PracticeSetRecord } from '../../machines/shared/ports';
import { resetCopy } from '../../src/features/profile/ResetHistory';
import { axeViolations, pageProblems } from '../support/browser';
import { onePathPerState, RpcGate } from '../support/browser-paths';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { driveUiPath } from '../support/ui-model';
import { consoleErrors, studentPage } from './practice-session-support';

startAppAndBackendForFile();

/**
 * A finished set of real bank questions, as the practice page leaves it in the device outbox; the
 * questions are marked as served to the student, as loading the set would have (the record takes
 * only what was served).
 */
async function finishedSet(userId: string): Promise<PracticeSetRecord> {
  const { rows } = await backend.db.query<{ question_id: string; option_id: string }>(
    `select o.question_id, o.id as option_id from public.question_options o
      where o.position = 1 order by o.question_id limit 10`,
  );
  await backend.db.query(`select private.note_served($1, 'question', $2)`, [
    userId,
    rows.map((r) => r.question_id),
  ]);
  const now = Date.now();
  return {
    setId: randomUUID(),
    userId,
    questionIds: rows.map((r) => r.question_id),
    chosenOptionIds: rows.map((r) => r.option_id),
    layout: 'one',
    focus: 'mixed',
    startedAt: new Date(now - 600_000).toISOString(),
    submittedAt: new Date(now).toISOString(),
  };
}

/** Problems on the page other than the calls a driver failed on purpose. */
function unexpected(page: Page, errors: Array<{ text: string; url: string }>, failedRpcs: string[]) {
  return pageProblems(page).filter(
    (p) =>
      !errors.some(
        (e) =>
          p === `console.error: ${e.text}` &&
          e.text.startsWith('Failed to load resource') &&
          failedRpcs.some((rpc) => e.url.includes(`/rest/v1/rpc/${rpc}`)),
      ),
  );
}

describe('learning-record in the browser (model paths)', () => {
  const model = toModelMachine(learningRecordMachine);
  const coverage = new Coverage(model);
  afterAll(() => expectFullCoverage(coverage, 'browser'));
  const cases = Object.entries(learningRecordFixtures.inputs).flatMap(([name, createInput]) => {
    const input = createInput();
    return onePathPerState(model, eventsOf(learningRecordFixtures), input).map((path) => ({
      name: `${name}: ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(start)'}`,
      input,
      path,
    }));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
    const { page, user } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    const events = path.steps.map((s) => s.event);
    // The backend's summary is empty exactly when the path says so: the waiting set is then refused
    // at the network instead of delivered.
    const emptyRecord = events.some(
      (e) =>
        e.type === 'xstate.done.actor.loadSummary' &&
        (e.output as { totals: { sets: number } }).totals.sets === 0,
    );
    const set = await finishedSet(user.id);
    const outboxKey = `pnprep.practice.outbox.${user.id}`;
    await page.goto('/');
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [outboxKey, JSON.stringify([set])],
    );
    const gate = await RpcGate.on(page);
    const waiting = () => page.evaluate((key) => localStorage.getItem(key), outboxKey);
    await page.goto(input.openSetId ? `/results?set=${set.setId}` : '/results');

    const button = (name: string) => page.getByRole('button', { name, exact: true }).first();
    const releaseSummaryCompanions = async () => {
      for (const call of ['list_judgment_sets', 'get_review_due_count', 'list_custom_tests'])
        await gate.release(call);
    };
    const drivers: Record<string, (p: Page, e: AnyEventObject) => Promise<void>> = {
      'xstate.done.actor.deliverOutbox': async () => {
        // A retry finds the outbox already emptied by the first delivery: then nothing is sent.
        if (!(await waiting())) return;
        if (emptyRecord) await gate.abort('record_practice_set');
        else await gate.release('record_practice_set');
      },
      // The summary comes with the judgment sets, the due-for-review count and the custom tests
      // (four calls, one load): all answer, or the summary fails and the others' answers are let
      // through so no stale call stays held.
      'xstate.done.actor.loadSummary': async () => {
        await releaseSummaryCompanions();
        await gate.release('get_results_summary');
      },
      'xstate.error.actor.loadSummary': async () => {
        await gate.abort('get_results_summary');
        await releaseSummaryCompanions();
      },
      'summary.retry': () => button('Try again').click(),
      'set.open': () =>
        page
          .getByTestId('past-sets')
          .getByRole('button', { name: /^Review/ })
          .first()
          .click(),
      'xstate.done.actor.loadSet': () => gate.release('get_practice_set'),
      'xstate.error.actor.loadSet': () => gate.abort('get_practice_set'),
      'set.retry': () => button('Try again').click(),
      'set.close': () => button('Back to all results').click(),
    };
    const loading = async () => {
      await page.getByText('Loading your results…').waitFor();
    };
    await driveUiPath({
      page,
      coverage,
      input,
      events,
      drivers,
      states: {
        'learning-record.deliveringOutbox': loading,
        'learning-record.loadingSummary': loading,
        'learning-record.failed': async () => {
          await page.getByRole('alert').getByText('We could not load your results').waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
        'learning-record.empty': async () => {
          await page.getByRole('heading', { name: 'No practice sets yet' }).waitFor();
          // The refused set still waits on the device, and the page says so.
          await page.getByText(/1 finished set is waiting on this device/).waitFor();
        },
        'learning-record.ready.browsing': async () => {
          await page.getByTestId('stat-sets').waitFor();
          expect(await page.getByTestId('stat-sets').textContent()).toBe('1');
          expect(await waiting()).toBeNull();
        },
        'learning-record.ready.loadingSet': async () => {
          await page.getByText('Loading the set…').waitFor();
        },
        'learning-record.ready.reviewingSet': async () => {
          await expect
            .poll(() => page.locator('[data-review-question]').count())
            .toBe(set.questionIds.length);
        },
        'learning-record.ready.setFailed': async () => {
          await page.getByRole('alert').getByText('We could not open this set').waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
      },
    });
    expect(
      unexpected(page, errors, ['record_practice_set', 'get_results_summary', 'get_practice_set']),
    ).toEqual([]);
    await page.context().close();
  });
});

describe('history-reset in the browser (model paths)', () => {
  const model = toModelMachine(historyResetMachine);
  const coverage = new Coverage(model);
  afterAll(() => expectFullCoverage(coverage, 'browser'));
  const input = historyResetFixtures.inputs['Signed in']?.();
  const paths = onePathPerState(model, eventsOf(historyResetFixtures), input);

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), p] as const),
  )('%s', async (_, path) => {
    const { page } = await studentPage(app, backend);
    const errors = consoleErrors(page);
    const gate = await RpcGate.on(page);
    await page.goto('/profile');
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const confirmation = async () => {
      await page.getByText(resetCopy.confirmTitle).waitFor();
    };
    await button(resetCopy.button).waitFor();
    await driveUiPath({
      page,
      coverage,
      input,
      events: path.steps.map((s) => s.event),
      drivers: {
        'reset.request': () => button(resetCopy.button).click(),
        'reset.confirm': () => button(resetCopy.confirm).click(),
        'reset.cancel': () => button(resetCopy.cancel).click(),
        'xstate.done.actor.resetHistory': () => gate.release('reset_practice_history'),
        'xstate.error.actor.resetHistory': () => gate.abort('reset_practice_history'),
      },
      states: {
        'history-reset.idle': async () => {
          await button(resetCopy.button).waitFor();
          expect(await page.getByText(resetCopy.confirmTitle).count()).toBe(0);
        },
        'history-reset.confirming': async () => {
          await confirmation();
          expect(await axeViolations(page)).toEqual([]);
        },
        'history-reset.resetting': async () => {
          await confirmation();
          await expect.poll(() => button(resetCopy.confirm).getAttribute('data-loading')).toBe('true');
        },
        'history-reset.failed': async () => {
          await page.getByText(new RegExp(`^${resetCopy.failedTitle}`)).waitFor();
        },
        'history-reset.done': async () => {
          await page.getByText(resetCopy.done).waitFor();
        },
      },
    });
    expect(unexpected(page, errors, ['reset_practice_history'])).toEqual([]);
    await page.context().close();
  });
});
