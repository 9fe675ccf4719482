/**
 * The test-session machine's states reached in Chromium against the local backend: paths over the
 * machine's model (its fixtures' events), driven through the real page. The test is served by the
 * backend (built at /practice/custom); the page's remote-procedure calls are held at the browser
 * until the driver releases them or fails them at the network, so every busy state is seen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { itemMarksFixtures } from '../../machines/item-marks/item-marks.fixtures';
import { type ItemMarksInput, itemMarksMachine } from '../../machines/item-marks/item-marks.machine';
import { testSessionFixtures } from '../../machines/test-session/test-session.fixtures';
import { type TestSessionInput, testSessionMachine } from '../../machines/test-session/test-session.machine';
import { grantTrial, type LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, startApp } from '../support/browser';
import { RpcGate } from '../support/browser-paths';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { startUiBackend } from '../support/ui-backend';
import { driveUiPath } from '../support/ui-model';
import { studentPage } from './practice-session-support';

let app: AppUnderTest;
let backend: LocalBackend;
beforeAll(async () => {
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

const coverage = new Coverage(toModelMachine(testSessionMachine));
const inputOf = (name: string) => testSessionFixtures.inputs[name]?.() as TestSessionInput;
/** The fixtures' event with this label (so the paths below are made of the model's own events). */
const ev = (label: string) => {
  const found = testSessionFixtures.events.find((e) => e.label === label);
  if (!found) throw new Error(`No fixture event "${label}"`);
  return found.event;
};
const pick = { type: 'answer.pick', groupId: 'answer', choiceId: 'q1-wrong' };

/** Each state's check, followed by an axe run on the page as that state shows it. */
function withAxe(page: Page, checks: Record<string, () => Promise<unknown>>) {
  return Object.fromEntries(
    Object.entries(checks).map(([state, check]) => [
      state,
      async () => {
        await check();
        expect(await axeViolations(page), state).toEqual([]);
      },
    ]),
  );
}

/** Every leaf state of the machine, by hand-picked paths (the model replays each one). */
const paths: Array<{
  name: string;
  input: string;
  mode: 'Tutor' | 'Timed' | null;
  events: AnyEventObject[];
}> = [
  {
    name: 'tutor: check an answer, see the key, submit, results',
    input: 'A test in the address',
    mode: 'Tutor',
    events: [
      ev('access granted'),
      ev('a tutor test'),
      pick,
      ev('item.check'),
      ev('checked: key and rationale'),
      ev('set.submit'),
      ev('submitted'),
      ev('a submitted test'),
    ],
  },
  {
    name: 'timed: answering against the clock',
    input: 'A test in the address',
    mode: 'Timed',
    events: [ev('access granted'), ev('a timed test')],
  },
  {
    name: 'the test fails to load, then Try again',
    input: 'A test in the address',
    mode: 'Tutor',
    events: [ev('access granted'), ev('error: Failed to fetch'), ev('set.retry'), ev('a tutor test')],
  },
  {
    name: 'nothing in the address',
    input: 'Nothing in the address',
    mode: null,
    events: [ev('access granted')],
  },
  {
    name: 'no plan or trial: billing',
    input: 'A test in the address',
    mode: null,
    events: [ev('no access: /billing')],
  },
];

async function buildTest(page: Page, mode: 'Tutor' | 'Timed'): Promise<string> {
  await page.goto('/practice/custom');
  await page.getByText(/This test will have \d+ items\./).waitFor();
  await page.getByRole('checkbox', { name: /^NGN stand-alone items/ }).click();
  await page.getByRole('checkbox', { name: /^NGN case studies/ }).click();
  await page.getByLabel('Number of items').fill('10');
  await page.getByRole('radio', { name: new RegExp(`^${mode}`) }).click();
  await page.getByText('This test will have 10 items.').waitFor();
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.waitForURL(/\/practice\/custom\/test\?test=/);
  // The test page settles before the gate goes on, so no call of this first load is held.
  await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
  return new URL(page.url()).searchParams.get('test') as string;
}

describe('test-session in the browser (model paths)', () => {
  afterAll(() => expectFullCoverage(coverage, 'browser'));

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, { input, mode, events }) => {
    const granted = events[0]?.output?.access === 'granted';
    const student = await studentPage(app, backend, { entitled: mode !== null });
    const { page } = student;
    const testId = mode ? await buildTest(page, mode) : null;
    const gate = await RpcGate.on(page);
    await page.goto(testId ? `/practice/custom/test?test=${testId}` : '/practice/custom/test');
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const heading = (name: string) => page.getByRole('heading', { name }).waitFor();
    await driveUiPath({
      page,
      coverage,
      events,
      input: inputOf(input),
      drivers: {
        'xstate.done.actor.accessGate': async () => {
          if (granted && !mode) await grantTrial(backend, student.user.id);
          await gate.release('check_user_entitlement');
        },
        'xstate.done.actor.loadCustomTest': () => gate.release('get_custom_test'),
        'xstate.error.actor.loadCustomTest': () => gate.abort('get_custom_test'),
        'set.retry': () => button('Try again').click(),
        'answer.pick': () => page.getByRole('radio').first().click(),
        'item.check': () => button('Check answer').click(),
        'xstate.done.actor.answerCustomTestItem': () => gate.release('answer_custom_test_item'),
        'set.submit': () => button('End test and see results').click(),
        'xstate.done.actor.recordDelivery': () => gate.release('submit_custom_test'),
      },
      // Every state the page shows is checked with axe too (issue 29: axe clean in every state).
      states: withAxe(page, {
        'test-session.checkingAccess': () => page.getByText('Checking your access…').waitFor(),
        'test-session.redirecting': () => page.waitForURL(/\/billing$/),
        'test-session.loading': () => page.getByText('Loading your test…').waitFor(),
        'test-session.empty': () =>
          page.getByText('There is no test to answer here. Build one first.').waitFor(),
        'test-session.loadFailed': () =>
          page.getByRole('alert').getByText('We could not load this test').waitFor(),
        'test-session.answering.tutor.open': () => button('Check answer').waitFor(),
        'test-session.answering.tutor.checking': async () => {
          await page.locator('button[data-loading="true"]').waitFor();
        },
        'test-session.answering.tutor.revealed': () => page.getByTestId('reveal').waitFor(),
        'test-session.answering.timed': async () => {
          await page.getByTestId('time-left').waitFor();
          await heading('Question 1 of 10');
        },
        'test-session.submitting': () => page.getByText('Submitting your test…').waitFor(),
        'test-session.results': () => page.getByRole('heading', { name: 'Your results' }).waitFor(),
      }),
    });
  });
});

const marksCoverage = new Coverage(toModelMachine(itemMarksMachine));
const markEvent = (label: string) => {
  const found = itemMarksFixtures.events.find((e) => e.label === label);
  if (!found) throw new Error(`No fixture event "${label}"`);
  return found.event;
};

describe('item-marks in the browser (the flag and note of the item on screen)', () => {
  afterAll(() => expectFullCoverage(marksCoverage, 'browser'));

  it('a flag saves, a note saves when the field is left, a failed save keeps the change and Try again saves it', async () => {
    const student = await studentPage(app, backend);
    const { page } = student;
    const testId = await buildTest(page, 'Tutor');
    const gate = await RpcGate.on(page);
    await page.goto(`/practice/custom/test?test=${testId}`);
    await gate.release('check_user_entitlement');
    await gate.release('get_custom_test');
    await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();

    const note = page.getByRole('textbox', { name: 'Private note' });
    const failedAlert = page.getByRole('alert').filter({ hasText: 'Your flag or note could not be saved.' });
    await driveUiPath({
      page,
      coverage: marksCoverage,
      input: itemMarksFixtures.inputs['Two items, the second flagged with a note']?.() as ItemMarksInput,
      events: [
        markEvent('Flag item 1'),
        markEvent('the flag of item 1 saved'),
        markEvent('Type a note on item 1'),
        markEvent('Leave the note of item 1'),
        markEvent('error: Failed to fetch'),
        markEvent('mark.retry'),
        markEvent('the flag and note of item 1 saved'),
      ],
      drivers: {
        'flag.toggle': () => page.getByRole('button', { name: 'Flag for review' }).click(),
        'note.change': (_, event) => note.fill(String(event.text)),
        'note.save': () => note.press('Tab'),
        'xstate.done.actor.saveItemMark': () => gate.release('set_item_mark'),
        'xstate.error.actor.saveItemMark': () => gate.abort('set_item_mark'),
        'mark.retry': () => failedAlert.getByRole('button', { name: 'Try again' }).click(),
      },
      states: {
        // A save on its way is the page's call to the server, held here until the driver lets it go.
        'item-marks.saving': () => expect.poll(() => gate.heldCount('set_item_mark')).toBe(1),
        'item-marks.idle': async () => {
          await failedAlert.waitFor({ state: 'detached' });
          expect(gate.heldCount('set_item_mark')).toBe(0);
        },
        'item-marks.failed': () => failedAlert.waitFor(),
      },
    });
    // What was saved is the server's: the flag and the note of the first item.
    const { rows } = await backend.db.query<{ flagged: boolean; note: string }>(
      'select flagged, note from private.item_marks where user_id = $1',
      [student.user.id],
    );
    expect(rows).toEqual([{ flagged: true, note: 'Check the potassium range' }]);
  });
});
