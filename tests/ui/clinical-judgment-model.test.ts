/**
 * The clinical-judgment machine's paths through the real app against the local backend: every state
 * reached in Chromium. The bank holds the machine fixtures' two items; the page's remote-procedure
 * calls are held at the browser until the driver releases them or fails them at the network.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring';
import {
  clinicalJudgmentFixtures,
  judgmentItems,
  judgmentReview,
  signedOutAccess,
} from '../../machines/clinical-judgment/clinical-judgment.fixtures';
import {
  type ClinicalJudgmentInput,
  clinicalJudgmentMachine,
} from '../../machines/clinical-judgment/clinical-judgment.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import { grantTrial } from '../support/backend';
import { axeViolations, pageProblems } from '../support/browser';
import { onePathPerState, RpcGate } from '../support/browser-paths';
import { recordJudgmentSetFor, seedJudgmentProgress } from '../support/judgment-support';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { replaceNgnBank } from '../support/ngn-fixtures';
import { app, backend, startAppAndBackendForFile } from '../support/ui-file';
import { driveUiPath } from '../support/ui-model';
import { consoleErrors, studentPage } from './practice-session-support';

startAppAndBackendForFile();
beforeEach(async () => {
  await replaceNgnBank(backend, judgmentItems);
});

const model = toModelMachine(clinicalJudgmentMachine);
const coverage = new Coverage(model);
const inputOf = (name: string) => clinicalJudgmentFixtures.inputs[name]?.() as ClinicalJudgmentInput;
const isSignedOutAnswer = (event: AnyEventObject) =>
  event.type === 'xstate.done.actor.accessGate' && event.output?.access === 'signedOut';
// The fixtures' inputs are signed in: the gate's "signed out" answer is driven by a visitor without a
// session (below), never by a signed-in student.
const signedInCases = Object.keys(clinicalJudgmentFixtures.inputs).flatMap((name) =>
  onePathPerState(model, eventsOf(clinicalJudgmentFixtures), inputOf(name))
    .filter((path) => !path.steps.some((s) => isSignedOutAnswer(s.event)))
    .map((path) => ({
      name: `${name}: ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`,
      input: inputOf(name),
      path,
    })),
);
const signedOut = { ...inputOf('Signed in, standalone items'), session: null };
const signedOutEvent = { type: 'xstate.done.actor.accessGate', output: signedOutAccess };
const cases = [
  ...signedInCases,
  {
    name: 'Signed out: the gate sends the visitor to /login',
    input: signedOut,
    path: {
      description: 'signed out',
      steps: [{ event: signedOutEvent, state: coverage.expected([signedOutEvent], signedOut)[0] }],
    },
  },
];

describe('clinical-judgment in the browser (model paths)', () => {
  afterAll(() => expectFullCoverage(coverage, 'browser'));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
    const signedIn = input.session !== null;
    const student = signedIn ? await studentPage(app, backend, { entitled: false }) : null;
    const page = student?.page ?? (await app.newPage()).page;
    const errors = consoleErrors(page);
    const gate = await RpcGate.on(page);
    let snapshot = path.steps[0]?.state as AnyMachineSnapshot;
    let step = 0;
    const next = () => {
      snapshot = path.steps[step]?.state as AnyMachineSnapshot;
      step += 1;
    };
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const drivers: Record<string, (p: Page, e: AnyEventObject) => Promise<void>> = {
      // The gate's answer, from the real gate against the backend: the trial decides it.
      'xstate.done.actor.accessGate': async (_, event) => {
        next();
        if (event.output.access === 'signedOut') return; // no session: the gate answers at once
        if (event.output.access === 'granted') await grantTrial(backend, student?.user.id as string);
        await gate.release('check_user_entitlement');
      },
      'xstate.done.actor.loadJudgmentSet': async (_, event) => {
        next();
        if ((event.output as { items: unknown[] }).items.length === 0) await replaceNgnBank(backend, []);
        await gate.release('get_clinical_judgment_set');
      },
      'xstate.error.actor.loadJudgmentSet': async () => {
        next();
        await gate.abort('get_clinical_judgment_set');
      },
      'set.retry': async () => {
        next();
        await button('Try again').click();
      },
      // Both fixture items have the same options, so a pick means the same whichever item is shown.
      'choice.pick': async (_, event) => {
        next();
        const option =
          judgmentItems[0]?.type === 'multiple-response'
            ? judgmentItems[0].options.find((o) => o.id === event.choiceId)
            : undefined;
        await page.locator('[data-item-id]').getByRole('checkbox', { name: option?.text }).click();
      },
      'item.next': async () => {
        next();
        await button('Next').click();
      },
      'set.submit': async () => {
        next();
        await button('Submit').click();
      },
      'set.new': async () => {
        next();
        await button('Start a new set').click();
      },
      'xstate.done.actor.loadJudgmentReview': async () => {
        next();
        await gate.release('get_judgment_set_review');
      },
      'xstate.error.actor.loadJudgmentReview': async () => {
        next();
        await gate.abort('get_judgment_set_review');
      },
    };
    const shows = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
    // The fixtures' set in progress, as this student's, on this device before the page loads.
    if (input.saved && student) await seedJudgmentProgress(page, student.user.id, input.saved);
    if (input.reviewSetId && student) {
      const setId = await recordJudgmentSetFor(backend, student.user.id, judgmentReview);
      await page.goto(`/clinical-judgment?review=${setId}`);
    } else await page.goto('/clinical-judgment');
    await driveUiPath({
      page,
      coverage,
      input,
      events: path.steps.map((s) => s.event),
      drivers,
      states: {
        'clinical-judgment.redirecting': () =>
          page.waitForURL(
            `**/${(path.steps.at(-1)?.event as AnyEventObject | undefined)?.output?.redirectTo}`,
          ),
        'clinical-judgment.checkingAccess': async () => {
          // The gate's own screen (a visitor without a session leaves at once).
          if (signedIn) await shows('Checking your access…');
        },
        'clinical-judgment.loading': () => shows('Loading items…'),
        'clinical-judgment.loadingReview': () => shows('Loading the set…'),
        'clinical-judgment.reviewFailed': async () => {
          await page.getByRole('alert').getByText('We could not load this set').waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
        'clinical-judgment.reviewing': async () => {
          // Each item: the student's stored picks beside the key, the wrong ones named as such.
          for (const [i, item] of judgmentReview.items.entries()) {
            const result = page.locator(`[data-result-item="${item.id}"]`);
            await result.waitFor();
            const picks = judgmentReview.responses[i]?.options ?? [];
            expect(await result.locator('[data-pick]').count()).toBe(picks.length);
            const key = scoringKeyOf(item).groups[0]?.correct ?? [];
            expect(await result.locator('[data-pick="wrong"]').count()).toBe(
              picks.filter((id) => !key.includes(id)).length,
            );
            const score = scoreResponse(scoringKeyOf(item), judgmentReview.responses[i] ?? {});
            expect(await result.getByTestId('item-points').textContent()).toBe(
              `${score.points} / ${score.max}`,
            );
          }
          expect(await axeViolations(page)).toEqual([]);
        },
        'clinical-judgment.empty': () => shows('No items of this kind are available yet.'),
        'clinical-judgment.loadFailed': async () => {
          await page.getByRole('alert').getByText('We could not load the items').waitFor();
        },
        'clinical-judgment.answering': async () => {
          const index = snapshot.context.currentIndex as number;
          await shows(`Item ${index + 1} of ${judgmentItems.length}`);
          const picks = (snapshot.context.responses as Array<{ options?: string[] }>)[index]?.options ?? [];
          await expect
            .poll(() =>
              page
                .locator('[data-item-id] input:checked')
                .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).sort()),
            )
            .toEqual([...picks].sort());
          const last = index === judgmentItems.length - 1;
          await expect
            .poll(() => button(last ? 'Submit' : 'Next').isEnabled())
            .toBe(snapshot.can({ type: last ? 'set.submit' : 'item.next' }));
        },
        'clinical-judgment.results': async () => {
          const responses = snapshot.context.responses as Array<Record<string, string[]>>;
          const scores = judgmentItems.map((item, i) =>
            scoreResponse(scoringKeyOf(item), responses[i] ?? {}),
          );
          const points = scores.reduce((sum, s) => sum + s.points, 0);
          const max = scores.reduce((sum, s) => sum + s.max, 0);
          await expect
            .poll(() => page.getByTestId('judgment-score').textContent())
            .toBe(`${points} / ${max}`);
          // The shared delivery's note: the save is held at the network, so it is still saving.
          await page.locator('[data-record-status="saving"]').waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
      },
    });
    const failed = [
      'check_user_entitlement',
      'get_clinical_judgment_set',
      'record_clinical_judgment_set',
      'get_judgment_set_review',
    ];
    const problems = pageProblems(page).filter(
      (p) =>
        !errors.some(
          (e) =>
            p === `console.error: ${e.text}` &&
            e.text.startsWith('Failed to load resource') &&
            failed.some((rpc) => e.url.includes(rpc)),
        ),
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
