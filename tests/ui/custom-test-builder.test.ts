/**
 * /practice/custom "Create a test" in Chromium against the local backend: guarded like /practice,
 * the counts shown before starting are what the backend then serves, a choice that gives nothing
 * says so and offers the nearest choice that does, and the page is axe-clean and fits 375 px in
 * both colour schemes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { testBuilderFixtures } from '../../machines/test-builder/test-builder.fixtures';
import { type TestBuilderInput, testBuilderMachine } from '../../machines/test-builder/test-builder.machine';
import { asUser } from '../sql/as-role';
import type { LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, startApp } from '../support/browser';
import { RpcGate } from '../support/browser-paths';
import { Coverage, expectFullCoverage, toModelMachine } from '../support/model';
import { fixtureCase, fixtureItems, replaceNgnBank } from '../support/ngn-fixtures';
import { overflowProblems } from '../support/overflow';
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
beforeEach(async () => {
  await replaceNgnBank(backend, fixtureItems, [fixtureCase]);
});

describe('create a test', () => {
  it('shows what the choices give, offers the nearest choice for an empty one, and starts the test it counted', async () => {
    const { page, user } = await studentPage(app, backend);
    await page.goto('/practice/custom');
    await page.getByRole('heading', { name: 'Create a test', level: 1 }).waitFor();
    await page.getByText('This test will have 20 items.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Only the stand-alone NGN items (six in the fixture bank), then only the flagged ones (none yet).
    await page.getByRole('checkbox', { name: /^Classic multiple choice/ }).click();
    await page.getByRole('checkbox', { name: /^NGN case studies/ }).click();
    await page.getByText('This test will have 6 items.').waitFor();
    await page.getByText('(You asked for 20: these are all that match.)').waitFor();
    await page.getByRole('radio', { name: /^Flagged by you/ }).click();
    await page.getByText('No items match these choices.').waitFor();
    expect(await page.getByRole('button', { name: 'Start the test' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use “All items” instead (6 available)' }).click();
    await page.getByText('This test will have 6 items.').waitFor();
    expect(await page.getByRole('radio', { name: /^All items/ }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(/\/practice\/custom\/test\?test=[0-9a-f-]{36}$/);
    const testId = new URL(page.url()).searchParams.get('test');
    const { rows } = await backend.db.query<{ items: number; user_id: string; mode: string }>(
      `select (select count(*)::integer from public.custom_test_items i where i.test_id = t.id) as items,
              t.user_id, t.mode
         from public.custom_tests t where t.id = $1`,
      [testId],
    );
    expect(rows).toEqual([{ items: 6, user_id: user.id, mode: 'tutor' }]);
  });

  it('fits a phone and stays axe-clean in both colour schemes', async () => {
    const { page } = await studentPage(app, backend);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/practice/custom');
      await page.getByText(/This test will have \d+ items\./).waitFor();
      expect(await overflowProblems(page), scheme).toEqual([]);
      expect(await axeViolations(page), scheme).toEqual([]);
    }
  });

  it('a question answered wrong yesterday is due today: the dashboard says so and starts its review in one click', async () => {
    const { page, user } = await studentPage(app, backend);
    // Yesterday's practice (simulated: submitted 25 hours ago, within the record's 48-hour window):
    // one question answered wrong, one right.
    const yesterday = new Date(Date.now() - 25 * 3_600_000);
    const served = await asUser(backend.db, user.id, async (tx) => {
      const { rows } = await tx.query<{
        set: { questions: { id: string; options: { id: string; is_correct: boolean }[] }[] };
      }>('select public.get_practice_questions(2) as set');
      const [wrong, right] = rows[0]?.set.questions ?? [];
      if (!wrong || !right) throw new Error('fewer than two questions served');
      await tx.query(
        `select public.record_practice_set(set_id => $1, question_ids => $2, chosen_option_ids => $3,
           layout => 'one', started_at => $4, submitted_at => $5)`,
        [
          crypto.randomUUID(),
          JSON.stringify([wrong.id, right.id]),
          JSON.stringify([
            wrong.options.find((o) => !o.is_correct)?.id,
            right.options.find((o) => o.is_correct)?.id,
          ]),
          new Date(yesterday.getTime() - 5 * 60_000),
          yesterday,
        ],
      );
      return { wrong: wrong.id, rightOption: wrong.options.find((o) => o.is_correct)?.id };
    });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Review 1 item due today' }).click();
    await page.waitForURL(/\/practice\/custom\/test\?test=[0-9a-f-]{36}$/);
    const testId = new URL(page.url()).searchParams.get('test');
    const { rows } = await backend.db.query<{ item_id: string }>(
      'select item_id from public.custom_test_items where test_id = $1',
      [testId],
    );
    expect(rows).toEqual([{ item_id: served.wrong }]);

    // /results lists it: in progress (Continue), then, once submitted, with its points (Review).
    const row = page.locator(`[data-custom-test-id="${testId}"]`);
    await page.goto('/results');
    await expect.poll(() => row.textContent()).toContain('In progress: 0 of 1 answered');
    await asUser(backend.db, user.id, async (tx) => {
      await tx.query('select public.answer_custom_test_item($1, 1, $2::jsonb, 20)', [
        testId,
        JSON.stringify({ answer: [served.rightOption] }),
      ]);
      await tx.query('select public.submit_custom_test($1)', [testId]);
    });
    await page.reload();
    await expect.poll(() => row.textContent()).toContain('1 / 1 (100%)');
    expect(await row.getByRole('link', { name: /^Review/ }).getAttribute('href')).toBe(
      `/practice/custom/test?test=${testId}`,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends a student without a plan or trial to billing, as /practice does', async () => {
    const { page } = await studentPage(app, backend, { entitled: false });
    await page.goto('/practice/custom');
    await page.waitForURL(/\/billing$/);
  });
});

const coverage = new Coverage(toModelMachine(testBuilderMachine));
/** The fixtures' event with this label (so the paths below are made of the model's own events). */
const ev = (label: string) => {
  const found = testBuilderFixtures.events.find((e) => e.label === label);
  if (!found) throw new Error(`No fixture event "${label}"`);
  return found.event;
};

/** Every state of the builder, by hand-picked paths over its fixtures' events. */
const paths: Array<{ name: string; entitled: boolean; events: AnyEventObject[] }> = [
  {
    name: 'counts, then the test is served and opens',
    entitled: true,
    events: [ev('access granted'), ev('the choices give 20 items'), ev('test.start'), ev('served')],
  },
  { name: 'no plan or trial: billing', entitled: false, events: [ev('no plan or trial')] },
  {
    name: 'the counts fail, Try again, then a choice that gives nothing',
    entitled: true,
    events: [
      ev('access granted'),
      ev('error: Failed to fetch'),
      ev('counts.retry'),
      ev('the choices give 20 items'),
      ev('narrow the choices'),
      ev('the choices give nothing'),
    ],
  },
  {
    name: 'the test cannot be served: the reason, the choices kept',
    entitled: true,
    events: [
      ev('access granted'),
      ev('the choices give 20 items'),
      ev('test.start'),
      ev('error: No items match these choices.'),
    ],
  },
];

describe('test-builder in the browser (model paths)', () => {
  afterAll(() => expectFullCoverage(coverage, 'browser'));

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, { entitled, events }) => {
    const { page } = await studentPage(app, backend, { entitled });
    const gate = await RpcGate.on(page);
    await page.goto('/practice/custom');
    const alert = (title: string) => page.getByRole('alert').getByText(title).waitFor();
    await driveUiPath({
      page,
      coverage,
      events,
      input: testBuilderFixtures.inputs['Signed in']?.() as TestBuilderInput,
      drivers: {
        'xstate.done.actor.accessGate': () => gate.release('check_user_entitlement'),
        'xstate.done.actor.loadCounts': () => gate.release('get_custom_test_counts'),
        'xstate.error.actor.loadCounts': () => gate.abort('get_custom_test_counts'),
        'counts.retry': () => page.getByRole('button', { name: 'Try again' }).click(),
        // Flagged items of the student's own: none yet, so the choice gives nothing.
        'settings.change': () => page.getByRole('radio', { name: /^Flagged by you/ }).click(),
        'test.start': () => page.getByRole('button', { name: 'Start the test' }).click(),
        'xstate.done.actor.startTest': () => gate.release('start_custom_test'),
        'xstate.error.actor.startTest': () => gate.abort('start_custom_test'),
      },
      states: {
        'test-builder.checkingAccess': () => page.getByText('Checking your access…').waitFor(),
        'test-builder.redirecting': () => page.waitForURL(/\/billing$/),
        'test-builder.counting': () => page.getByText('Counting items…').waitFor(),
        'test-builder.ready': async () => {
          await page
            .getByText(/This test will have \d+ items\.|No items match these choices\./)
            .first()
            .waitFor();
          await page.getByText('Counting items…').waitFor({ state: 'detached' });
        },
        'test-builder.countFailed': () => alert('We could not count the items'),
        'test-builder.starting': () => page.getByText('Preparing your test…').waitFor(),
        'test-builder.startFailed': async () => {
          await alert('We could not start the test');
          await page.getByRole('button', { name: 'Start the test' }).waitFor();
        },
        'test-builder.started': () => page.waitForURL(/\/practice\/custom\/test\?test=[0-9a-f-]{36}$/),
      },
    });
  });
});
