/**
 * The practice-session machine's paths driven through the real app against the local backend (every
 * state and transition), and, on the same page, the paths of the shared parts it invokes: the access
 * gate (session, entitlement, the failed check with Try again) and the record delivery (saving,
 * saved, not saved with Try again). The bank is cut to two questions so the app's set matches the
 * model's two-question set.
 *
 * The backend's answers are the machine's done/error events. To make the busy states observable and
 * to choose each answer, the page's two remote-procedure calls are held at the browser (never
 * answered by the test) until the event's driver has put the backend in the right condition:
 * a trial granted or not, the procedure's execute permission revoked, the bank emptied.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { accessGateFixtures } from '../../machines/access-gate/access-gate.fixtures';
import { type AccessGateOutput, accessGateMachine } from '../../machines/access-gate/access-gate.machine';
import {
  practiceSessionFixtures,
  signedOutInput,
} from '../../machines/practice-session/practice-session.fixtures';
import {
  type PracticeSessionInput,
  practiceSessionMachine,
} from '../../machines/practice-session/practice-session.machine';
import { recordDeliveryFixtures } from '../../machines/record-delivery/record-delivery.fixtures';
import {
  deliveryRefusals,
  recordDeliveryMachine,
} from '../../machines/record-delivery/record-delivery.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import type { BackendError, PracticeQuestion } from '../../machines/shared/ports';
import { recordDeliveryCopy } from '../../src/components/flow-parts/record-delivery-copy';
import { grantTrial, type LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { browserPaths, RpcGate } from '../support/browser-paths';
import { Coverage, expectFullCoverage, type ModelPath, toModelMachine } from '../support/model';
import { startUiBackend } from '../support/ui-backend';
import { driveUiPath } from '../support/ui-model';
import { consoleErrors, type OptionKey, optionKey, runSet, studentPage } from './practice-session-support';

const events = eventsOf(practiceSessionFixtures);
const model = toModelMachine(practiceSessionMachine);
const coverage = new Coverage(model);
const gateModel = toModelMachine(accessGateMachine);
const gateCoverage = new Coverage(gateModel);
const deliveryModel = toModelMachine(recordDeliveryMachine);
const deliveryCoverage = new Coverage(deliveryModel);
/** The gate says "signed out" exactly when nobody is signed in: the parent's paths keep to that. */
const eventsFor = (input: PracticeSessionInput) =>
  events.filter(
    (e) =>
      e.type !== 'xstate.done.actor.accessGate' ||
      ((e.output as AccessGateOutput).access === 'signedOut') === (input.session === null),
  );
const inputOf = (name: string) => (practiceSessionFixtures.inputs[name] as () => PracticeSessionInput)();
const inputs: Record<string, PracticeSessionInput> = {
  signedOut: signedOutInput(),
  signedIn: inputOf('Signed in, new set'),
  // A set in progress stored on the device: the first question answered (wrong) and locked.
  resumed: inputOf('Signed in, resuming a saved set at question 2'),
};

let app: AppUnderTest;
let backend: LocalBackend;
let bankIds: string[] = [];

const RECORD_SET_SIGNATURE =
  'public.record_practice_set(uuid, jsonb, jsonb, text, timestamptz, timestamptz, text)';

async function restoreBank() {
  await backend.db.exec(`
    grant execute on function public.check_user_entitlement(uuid) to authenticated;
    grant execute on function public.get_practice_questions(integer) to authenticated;
    grant execute on function ${RECORD_SET_SIGNATURE} to authenticated;
    insert into public.questions select * from private.model_questions on conflict do nothing;
    insert into public.question_options select * from private.model_options on conflict do nothing;`);
}

beforeAll(async () => {
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
  const { rows } = await backend.db.query<{ id: string }>(
    `select q.id from public.questions q
      where (select count(*) from public.question_options o where o.question_id = q.id) >= 2
      order by q.id limit 2`,
  );
  bankIds = rows.map((r) => r.id);
  await backend.db.query('delete from public.questions where id <> all($1::text[])', [bankIds]);
  await backend.db.exec(`
    create table private.model_questions as select * from public.questions;
    create table private.model_options as select * from public.question_options;`);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
  expectFullCoverage(coverage, 'browser', { allTransitions: true });
  expectFullCoverage(deliveryCoverage, 'browser', { allTransitions: true });
  // The gate's 'report' transitions (a failed check ending the gate) belong to the checkout return,
  // whose page never shows them apart (docs/testing.md); every state is reached here.
  expectFullCoverage(gateCoverage, 'browser');
});
beforeEach(async () => {
  await restoreBank();
});

async function runPath(name: string, input: PracticeSessionInput, path: ModelPath) {
  const signedIn = input.session !== null;
  const student = signedIn ? await studentPage(app, backend, { entitled: false }) : null;
  const pg = student?.page ?? (await app.newPage()).page;
  const progressKey = `pnprep.practice.progress.${student?.user.id}`;
  const errors = consoleErrors(pg);
  const gate = await RpcGate.on(pg);
  // Model question id -> the real question shown at the same position, reset on every new order.
  let realId = new Map<string, string>();
  let keys = new Map<string, OptionKey>();
  let snapshot: AnyMachineSnapshot = path.steps[0]?.state as AnyMachineSnapshot;
  let step = 0;
  const axeChecked = new Set<string>();

  const mapOrder = async (model: AnyMachineSnapshot) => {
    // The page saves the set (in its order) as soon as it shows it.
    await expect
      .poll(() => pg.evaluate((key) => localStorage.getItem(key), progressKey), { timeout: 10_000 })
      .toBeTruthy();
    const stored = await pg.evaluate((key) => localStorage.getItem(key), progressKey);
    const order = (JSON.parse(stored as string) as { questions: Array<{ id: string }> }).questions.map(
      (q) => q.id,
    );
    const modelOrder = (model.context.questions as PracticeQuestion[]).map((q) => q.id);
    realId = new Map(modelOrder.map((id, i) => [id, order[i] as string]));
    keys = await optionKey(backend, order);
  };
  const realOption = (modelOptionId: string, modelQuestionId: string) => {
    const key = keys.get(realId.get(modelQuestionId) as string) as OptionKey;
    return modelOptionId.endsWith('-right') ? key.correct : key.wrong;
  };
  const next = () => {
    snapshot = path.steps[step]?.state as AnyMachineSnapshot;
    step += 1;
  };
  const setAccess = async (entitled: boolean) => {
    await backend.db.query('delete from public.subscriptions where user_id = $1', [student?.user.id]);
    if (entitled) await grantTrial(backend, student?.user.id as string);
  };
  const button = (label: string | RegExp) =>
    pg.getByRole('button', { name: label, exact: typeof label === 'string' });

  const drivers: Record<string, (page: Page, event: AnyEventObject) => Promise<void>> = {
    'xstate.done.actor.accessGate': async (_, event) => {
      next();
      const { access } = event.output as AccessGateOutput;
      // Signed out, the gate answers by itself without asking the backend.
      if (access === 'signedOut') return;
      await setAccess(access === 'granted');
      await gate.release('check_user_entitlement');
      if (snapshot.matches('answering')) await mapOrder(snapshot);
    },
    'xstate.done.actor.loadQuestions': async (_, event) => {
      next();
      if ((event.output as unknown[]).length === 0) await backend.db.query('delete from public.questions');
      // The procedure gives questions only to a student with access: the first set, asked for
      // alongside the check, comes back with questions once the trial is in place.
      else if (snapshot.matches('checkingAccess')) await setAccess(true);
      await gate.release('get_practice_questions');
      if (snapshot.matches('answering')) await mapOrder(snapshot);
    },
    'xstate.error.actor.loadQuestions': async () => {
      next();
      await backend.db.query(
        'revoke execute on function public.get_practice_questions(integer) from authenticated',
      );
      await gate.release('get_practice_questions');
    },
    'set.retry': async () => {
      next();
      await restoreBank();
      await button('Try again').click();
    },
    'answer.select': async (_, event) => {
      next();
      const id = realId.get(event.questionId) as string;
      await pg
        .locator(`[data-question-id="${id}"] input[value="${realOption(event.optionId, event.questionId)}"]`)
        .check();
    },
    'question.next': async () => {
      next();
      await button('Next').click();
    },
    'set.submit': async () => {
      next();
      await button(/^(Submit|Submit Answers)$/).click();
    },
    'layout.switch': async () => {
      next();
      const one = await pg.getByRole('radio', { name: 'One at a time' }).isChecked();
      await pg.getByText(one ? 'All on one page' : 'One at a time', { exact: true }).click();
    },
    'remediation.toggle': async () => {
      next();
      await button(/^(View|Hide) Remediation$/).click();
    },
    'set.restart': async () => {
      next();
      await button('Practice Again (New Set)').click();
      await mapOrder(snapshot);
    },
    'set.new': async () => {
      next();
      await button('Start a new set').click();
    },
  };

  const shows = (text: string) => pg.getByText(text, { exact: true }).waitFor();
  const checkedValue = (realQuestion: string) =>
    pg
      .locator(`[data-question-id="${realQuestion}"] input:checked`)
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  /** The shown questions display exactly the model's answers (none where it has none). */
  const expectAnswersShown = async (modelIds: string[]) => {
    const answers = snapshot.context.answers as Record<string, string>;
    for (const modelId of modelIds) {
      const optionId = answers[modelId];
      expect(await checkedValue(realId.get(modelId) as string)).toEqual(
        optionId ? [realOption(optionId, modelId)] : [],
      );
    }
  };
  // The results hand the set to the record delivery, whose save the gate holds here.
  const savingShown = () =>
    pg.locator('[data-record-status="saving"]').getByText('Saving this set to your results…').waitFor();
  const withAxe = (id: string, check: () => Promise<void>) => async () => {
    await check();
    if (!axeChecked.has(id)) {
      axeChecked.add(id);
      expect(await axeViolations(pg), `axe in ${id}`).toEqual([]);
    }
  };

  const states: Record<string, () => Promise<void>> = {
    'practice-session.checkingAccess.access.checking': withAxe('checking', async () => {
      await shows('Checking your access…');
    }),
    'practice-session.checkingAccess.access.granted': async () => {
      await shows('Loading questions…');
    },
    // The first set is asked for while the access check is still held (one round trip).
    'practice-session.checkingAccess.firstSet.requesting': async () => {
      await expect.poll(() => gate.heldCount('get_practice_questions')).toBe(1);
    },
    'practice-session.checkingAccess.firstSet.ready': async () => {
      expect(gate.heldCount('get_practice_questions')).toBe(0);
    },
    'practice-session.redirecting': async () => {
      const gateAnswer = path.steps[step - 1] as ModelPath['steps'][number];
      const { redirectTo } = gateAnswer.event.output as AccessGateOutput;
      await pg.waitForURL(`**/${redirectTo}`);
    },
    'practice-session.loading': withAxe('loading', async () => {
      await shows('Loading questions…');
    }),
    'practice-session.empty': withAxe('empty', async () => {
      await shows('No questions available yet.');
      expect(await button('Try again').isEnabled()).toBe(true);
    }),
    'practice-session.answering.oneAtATime': withAxe('oneAtATime', async () => {
      const questions = snapshot.context.questions as PracticeQuestion[];
      const index = snapshot.context.currentIndex as number;
      const current = realId.get(questions[index]?.id as string) as string;
      await expect
        .poll(() => pg.locator('[data-question-id]').getAttribute('data-question-id'))
        .toBe(current);
      await pg.getByText(`Question ${index + 1} of ${questions.length}`, { exact: true }).waitFor();
      await expectAnswersShown([questions[index]?.id as string]);
      const isLast = index === questions.length - 1;
      const action = button(isLast ? 'Submit' : 'Next');
      const enabled = snapshot.can({ type: isLast ? 'set.submit' : 'question.next' });
      await expect.poll(() => action.isEnabled()).toBe(enabled);
    }),
    'practice-session.answering.allOnOnePage': withAxe('allOnOnePage', async () => {
      const questions = snapshot.context.questions as PracticeQuestion[];
      const index = snapshot.context.currentIndex as number;
      await expect.poll(() => pg.locator('[data-question-id]').count()).toBe(questions.length);
      await expectAnswersShown(questions.map((q) => q.id));
      for (const [i, q] of questions.entries()) {
        const locked = pg
          .locator(`[data-question-id="${realId.get(q.id)}"]`)
          .getByText('Locked', { exact: true });
        expect(await locked.count()).toBe(i < index ? 1 : 0);
      }
      const answered = Object.keys(snapshot.context.answers as object).length;
      await expect
        .poll(() => button('Submit Answers').isEnabled())
        .toBe(snapshot.can({ type: 'set.submit' }));
      if (answered < questions.length) {
        await shows(
          `Please answer all questions before submitting (${answered}/${questions.length} answered)`,
        );
      }
    }),
    'practice-session.results.summary': withAxe('summary', async () => {
      const answers = Object.values(snapshot.context.answers as Record<string, string>);
      const score = answers.filter((a) => a.endsWith('-right')).length;
      await expect
        .poll(() => pg.getByTestId('practice-score').textContent())
        .toBe(`${score} / ${answers.length}`);
      await expect.poll(() => pg.locator('[data-remediation-for]').count()).toBe(0);
      await button('View Remediation').waitFor();
      await savingShown();
    }),
    'practice-session.results.remediation': withAxe('remediation', async () => {
      const answers = Object.values(snapshot.context.answers as Record<string, string>);
      const wrong = answers.filter((a) => a.endsWith('-wrong')).length;
      await button('Hide Remediation').waitFor();
      await expect.poll(() => pg.locator('[data-remediation-for]').count()).toBe(wrong);
      await savingShown();
    }),
  };

  if (input.saved) {
    // Seed the device with the same progress in the bank's real questions, as a reload would find it.
    const real = await realQuestions(bankIds);
    realId = new Map(input.saved.questions.map((q, i) => [q.id, real[i]?.id as string]));
    keys = await optionKey(backend, bankIds);
    const answers = Object.fromEntries(
      Object.entries(input.saved.answers).map(([q, o]) => [realId.get(q) as string, realOption(o, q)]),
    );
    const progress = { ...input.saved, userId: student?.user.id, questions: real, answers };
    await pg.goto('/');
    await pg.evaluate(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [progressKey, JSON.stringify(progress)],
    );
  }
  await pg.goto('/practice');
  // The first state (before any event) is checked here; driveUiPath checks the state after each event.
  if (signedIn) await states['practice-session.checkingAccess.access.checking']?.();
  await driveUiPath({
    page: pg,
    coverage,
    events: path.steps.map((s) => s.event),
    input,
    drivers,
    states,
  });
  const allowed = ['check_user_entitlement', 'get_practice_questions'];
  const problems = pageProblems(pg).filter(
    (p) =>
      !errors.some(
        (e) =>
          p === `console.error: ${e.text}` &&
          ((e.text.startsWith('Failed to load resource') && allowed.some((rpc) => e.url.includes(rpc))) ||
            e.text.startsWith('Practice questions could not be loaded:')),
      ),
  );
  expect(problems, name).toEqual([]);
  await pg.context().close();
}

/** Questions as get_practice_questions returns them, read from the bank tables. */
async function realQuestions(ids: string[]): Promise<PracticeQuestion[]> {
  const { rows } = await backend.db.query<PracticeQuestion>(
    `select q.id, q.stem, q.category,
            (select json_agg(json_build_object('id', o.id, 'label', o.label, 'is_correct', o.is_correct)
                     order by o.position)
               from public.question_options o where o.question_id = q.id) as options
       from public.questions q join unnest($1::text[]) with ordinality as pick(id, ord) on pick.id = q.id
      order by pick.ord`,
    [ids],
  );
  return rows;
}

function describeEvent(event: AnyEventObject): string {
  const type = event.type.replace('xstate.', '');
  const access = (event.output as { access?: string } | undefined)?.access;
  if (access) return `${type}(${access})`;
  if ('output' in event)
    return `${type}(${Array.isArray(event.output) ? `${event.output.length} questions` : event.output})`;
  if (event.type === 'answer.select') return `${type}(${event.optionId})`;
  return type;
}

describe('practice-session in the browser (model paths)', () => {
  // Entitled with a set stored on the device: the set resumes without loading.
  const resumePath = (input: PracticeSessionInput): ModelPath[] => {
    const event = { type: 'xstate.done.actor.accessGate', output: { access: 'granted', redirectTo: null } };
    const [state] = new Coverage(model).replay([event], input);
    return [{ description: 'resume', steps: [{ event, state: state as AnyMachineSnapshot }] }];
  };
  const cases = Object.entries(inputs).flatMap(([name, input]) =>
    (name === 'resumed' ? resumePath(input) : browserPaths(model, eventsFor(input), input)).map((path) => ({
      name: `${name}: ${path.steps.map((s) => describeEvent(s.event)).join(' → ')}`,
      input,
      path,
    })),
  );

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (name, { input, path }) => {
    await runPath(name, input, path);
  });
});

describe('the access gate on /practice (model paths)', () => {
  const input = (accessGateFixtures.inputs['Signed in, a failure asks'] as () => unknown)();
  const paths = browserPaths(gateModel, eventsOf(accessGateFixtures), input);
  // A visitor without a session: the gate decides at once, without asking the backend.
  const signedOut = (accessGateFixtures.inputs['Signed out, a failure asks'] as () => unknown)();

  it('signed out: straight to /login without a check', async () => {
    const { page } = await app.newPage();
    const gate = await RpcGate.on(page);
    await page.goto('/practice');
    await page.waitForURL('**/login');
    expect(gate.heldCount('check_user_entitlement')).toBe(0);
    gateCoverage.replay([], signedOut);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it.each(paths.map((p) => [p.steps.map((s) => describeEvent(s.event)).join(' → '), p] as const))(
    'signed in: %s',
    async (_, path) => {
      await restoreBank();
      const { page, user } = await studentPage(app, backend, { entitled: false });
      const errors = consoleErrors(page);
      const gate = await RpcGate.on(page);
      const button = (label: string) => page.getByRole('button', { name: label, exact: true });
      const shows = (text: string) => page.getByText(text, { exact: true }).waitFor();
      const last = () => path.steps.at(-1)?.event;
      await page.goto('/practice');
      await shows('Checking your access…');
      await driveUiPath({
        page,
        coverage: gateCoverage,
        events: path.steps.map((s) => s.event),
        input,
        drivers: {
          'xstate.done.actor.checkEntitlement': async (_, event) => {
            await backend.db.query('delete from public.subscriptions where user_id = $1', [user.id]);
            if (event.output === true) await grantTrial(backend, user.id);
            await gate.release('check_user_entitlement');
          },
          'xstate.error.actor.checkEntitlement': async () => {
            await backend.db.query(
              'revoke execute on function public.check_user_entitlement(uuid) from authenticated',
            );
            await gate.release('check_user_entitlement');
          },
          'entitlement.retry': async () => {
            await restoreBank();
            await button('Try again').click();
          },
        },
        states: {
          'access-gate.checkingEntitlement': () => shows('Checking your access…'),
          'access-gate.failed': async () => {
            await page.getByRole('alert').getByText('We could not check your access').waitFor();
            expect(await button('Try again').isEnabled()).toBe(true);
            expect(new URL(page.url()).pathname).toBe('/practice');
            expect(await axeViolations(page)).toEqual([]);
          },
          'access-gate.decided': async () => {
            // Granted: practice goes on (its first set is still held); refused: /billing.
            if ((last() as { output?: boolean }).output === true) await shows('Loading questions…');
            else await page.waitForURL('**/billing');
          },
        },
      });
      const allowed = pageProblems(page).filter(
        (p) =>
          !errors.some(
            (e) =>
              p === `console.error: ${e.text}` &&
              e.text.startsWith('Failed to load resource') &&
              /check_user_entitlement|get_practice_questions/.test(e.url),
          ),
      );
      expect(allowed).toEqual([]);
      await page.context().close();
    },
  );
});

/** How many practice sets wait in the page's outbox for this student. */
const outboxOf = (page: Page, userId: string) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length,
    `pnprep.practice.outbox.${userId}`,
  );

describe('the record delivery on the practice results (model paths)', () => {
  const input = (recordDeliveryFixtures.inputs['A finished set'] as () => unknown)();
  const paths = browserPaths(deliveryModel, eventsOf(recordDeliveryFixtures), input);

  it.each(paths.map((p) => [p.steps.map((s) => describeEvent(s.event)).join(' → '), p] as const))(
    '%s',
    async (_, path) => {
      await restoreBank();
      const { page, user } = await studentPage(app, backend);
      // The page's own clock (running at the real pace): a 429's wait passes, a set grows old.
      await page.clock.install();
      const errors = consoleErrors(page);
      const gate = await RpcGate.on(page);
      const note = (status: string) => page.locator(`[data-record-status="${status}"]`);
      /** The backend refuses the set (22023): its questions no longer count as served to the student. */
      const forgetServed = () =>
        backend.db.query('delete from private.served_items where user_id = $1', [user.id]);
      await page.goto('/practice');
      await gate.release('check_user_entitlement');
      await gate.release('get_practice_questions');
      await runSet(page, backend, 1);
      await note('saving').getByText('Saving this set to your results…').waitFor();
      await driveUiPath({
        page,
        coverage: deliveryCoverage,
        events: path.steps.map((s) => s.event),
        input,
        drivers: {
          'xstate.done.actor.sendRecord': () => gate.release('record_practice_set'),
          'xstate.error.actor.sendRecord': async (_, event) => {
            const code = ((event as { error?: unknown }).error as BackendError).code;
            if (code === deliveryRefusals.rateLimited) {
              // The hour's quota used up: the real backend answers 429 with its Retry-After.
              await backend.db.query(
                `insert into private.student_write_quota (user_id, window_start, writes) values ($1, now(), 120)
                 on conflict (user_id) do update set window_start = now(), writes = 120`,
                [user.id],
              );
            } else if (code === deliveryRefusals.tooOld) {
              // The device's clock is 49 hours past the set's start when the refusal comes back.
              await forgetServed();
              await page.clock.setSystemTime(Date.now() + 49 * 3_600_000);
            } else if (code === deliveryRefusals.refused) {
              await forgetServed();
            } else {
              await backend.db.exec(`revoke execute on function ${RECORD_SET_SIGNATURE} from authenticated`);
            }
            await gate.release('record_practice_set');
          },
          'xstate.after.retryAfter.record-delivery.rateLimited': async () => {
            await backend.db.query('delete from private.student_write_quota where user_id = $1', [user.id]);
            // The backend's Retry-After is the rest of its hour: the page's clock jumps past it.
            await page.clock.fastForward('01:00:05');
          },
          'record.retry': async () => {
            await restoreBank();
            await note('notSaved').getByRole('button', { name: 'Try again' }).click();
          },
        },
        states: {
          'record-delivery.saving': () =>
            note('saving').getByText('Saving this set to your results…').waitFor(),
          'record-delivery.saved': async () => {
            await note('saved').getByText('Saved to your results.').waitFor();
            await note('saved').getByRole('link', { name: 'Review this set with rationales' }).waitFor();
          },
          'record-delivery.notSaved': async () => {
            await note('notSaved').waitFor();
            expect(await note('notSaved').getByRole('button', { name: 'Try again' }).isEnabled()).toBe(true);
            expect(await axeViolations(page)).toEqual([]);
          },
          'record-delivery.rateLimited': async () => {
            await note('rateLimited').getByText(recordDeliveryCopy.rateLimited(60)).waitFor();
            expect(await note('rateLimited').getByRole('button').count()).toBe(0);
            expect(await outboxOf(page, user.id)).toBe(1);
            expect(await axeViolations(page)).toEqual([]);
          },
          'record-delivery.tooOld': async () => {
            await note('tooOld').getByText(recordDeliveryCopy.tooOld).waitFor();
            expect(await note('tooOld').getByRole('button').count()).toBe(0);
            // Refused for good: the set left the outbox, so no later visit sends it again.
            expect(await outboxOf(page, user.id)).toBe(0);
            expect(await axeViolations(page)).toEqual([]);
          },
          'record-delivery.refused': async () => {
            await note('refused')
              .getByText(
                recordDeliveryCopy.refused(
                  'This set has questions that were not given to you in the last 48 hours.',
                ),
              )
              .waitFor();
            expect(await outboxOf(page, user.id)).toBe(0);
          },
        },
      });
      const allowed = pageProblems(page).filter(
        (p) =>
          !errors.some(
            (e) =>
              p === `console.error: ${e.text}` &&
              e.text.startsWith('Failed to load resource') &&
              e.url.includes('record_practice_set'),
          ),
      );
      expect(allowed).toEqual([]);
      await page.context().close();
    },
  );
});
