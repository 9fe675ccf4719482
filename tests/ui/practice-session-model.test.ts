/**
 * The practice-session machine's shortest paths driven through the real app against the local
 * backend, one path per state so that every state is reached in the browser. The bank is cut to
 * two questions so the app's set matches the model's two-question set.
 *
 * The backend's answers are the machine's done/error events. To make the busy states observable and
 * to choose each answer, the page's two remote-procedure calls are held at the browser (never
 * answered by the test) until the event's driver has put the backend in the right condition:
 * a trial granted or not, the procedure's execute permission revoked, the bank emptied.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { practiceSessionFixtures } from '../../machines/practice-session/practice-session.fixtures';
import {
  type PracticeSessionInput,
  practiceSessionMachine,
} from '../../machines/practice-session/practice-session.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import type { PracticeQuestion } from '../../machines/shared/ports';
import { grantTrial, type LocalBackend } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { browserPaths, RpcGate } from '../support/browser-paths';
import { Coverage, expectFullCoverage, type ModelPath, toModelMachine } from '../support/model';
import { startUiBackend } from '../support/ui-backend';
import { driveUiPath } from '../support/ui-model';
import { consoleErrors, type OptionKey, optionKey, studentPage } from './practice-session-support';

const events = eventsOf(practiceSessionFixtures);
const model = toModelMachine(practiceSessionMachine);
const coverage = new Coverage(model);
const inputOf = (name: string) => (practiceSessionFixtures.inputs[name] as () => PracticeSessionInput)();
const inputs: Record<string, PracticeSessionInput> = {
  signedOut: inputOf('Signed out'),
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
  const button = (label: string | RegExp) =>
    pg.getByRole('button', { name: label, exact: typeof label === 'string' });

  const drivers: Record<string, (page: Page, event: AnyEventObject) => Promise<void>> = {
    'xstate.done.actor.checkEntitlement': async (_, event) => {
      next();
      await backend.db.query('delete from public.subscriptions where user_id = $1', [student?.user.id]);
      if (event.output === true) await grantTrial(backend, student?.user.id as string);
      await gate.release('check_user_entitlement');
    },
    'xstate.error.actor.checkEntitlement': async () => {
      next();
      await backend.db.query(
        'revoke execute on function public.check_user_entitlement(uuid) from authenticated',
      );
      await gate.release('check_user_entitlement');
    },
    'entitlement.retry': async () => {
      next();
      await restoreBank();
      await button('Try again').click();
    },
    'xstate.done.actor.loadQuestions': async (_, event) => {
      next();
      if ((event.output as unknown[]).length === 0) await backend.db.query('delete from public.questions');
      await gate.release('get_practice_questions');
      if ((event.output as unknown[]).length > 0) await mapOrder(snapshot);
    },
    'xstate.error.actor.loadQuestions': async () => {
      next();
      await backend.db.query(
        'revoke execute on function public.get_practice_questions(integer) from authenticated',
      );
      await gate.release('get_practice_questions');
    },
    'questions.retry': async () => {
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
    'session.submit': async () => {
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
    'session.restart': async () => {
      next();
      await button('Practice Again (New Set)').click();
      await mapOrder(snapshot);
    },
    'session.new': async () => {
      next();
      await button('Start a new set').click();
    },
    // The set's save: the newest held call is the one the results wait for (an earlier set's save
    // may still be held when the student moved on).
    'xstate.done.actor.recordSet': async () => {
      next();
      await gate.releaseNewest('record_practice_set');
    },
    'xstate.error.actor.recordSet': async () => {
      next();
      await backend.db.exec(`revoke execute on function ${RECORD_SET_SIGNATURE} from authenticated`);
      await gate.releaseNewest('record_practice_set');
    },
    'record.retry': async () => {
      next();
      await restoreBank();
      await button('Try again').click();
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
  const withAxe = (id: string, check: () => Promise<void>) => async () => {
    await check();
    if (!axeChecked.has(id)) {
      axeChecked.add(id);
      expect(await axeViolations(pg), `axe in ${id}`).toEqual([]);
    }
  };

  const states: Record<string, () => Promise<void>> = {
    'practice-session.redirectingToLogin': async () => {
      await pg.waitForURL('**/login');
    },
    'practice-session.checkingEntitlement': withAxe('checkingEntitlement', async () => {
      await shows('Checking your access…');
    }),
    'practice-session.entitlementFailed': withAxe('entitlementFailed', async () => {
      await pg.getByRole('alert').getByText('We could not check your access').waitFor();
      expect(await button('Try again').isEnabled()).toBe(true);
      expect(new URL(pg.url()).pathname).toBe('/practice');
    }),
    'practice-session.redirectingToBilling': async () => {
      await pg.waitForURL('**/billing');
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
      const enabled = snapshot.can({ type: isLast ? 'session.submit' : 'question.next' });
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
        .toBe(snapshot.can({ type: 'session.submit' }));
      if (answered < questions.length) {
        await shows(
          `Please answer all questions before submitting (${answered}/${questions.length} answered)`,
        );
      }
    }),
    'practice-session.results.review.summary': withAxe('summary', async () => {
      const answers = Object.values(snapshot.context.answers as Record<string, string>);
      const score = answers.filter((a) => a.endsWith('-right')).length;
      await expect
        .poll(() => pg.getByTestId('practice-score').textContent())
        .toBe(`${score} / ${answers.length}`);
      await expect.poll(() => pg.locator('[data-remediation-for]').count()).toBe(0);
      await button('View Remediation').waitFor();
    }),
    'practice-session.results.review.remediation': withAxe('remediation', async () => {
      const answers = Object.values(snapshot.context.answers as Record<string, string>);
      const wrong = answers.filter((a) => a.endsWith('-wrong')).length;
      await button('Hide Remediation').waitFor();
      await expect.poll(() => pg.locator('[data-remediation-for]').count()).toBe(wrong);
    }),
    'practice-session.results.record.saving': async () => {
      await pg
        .locator('[data-record-status="saving"]')
        .getByText('Saving this set to your results…')
        .waitFor();
    },
    'practice-session.results.record.saved': async () => {
      await pg.locator('[data-record-status="saved"]').getByText('Saved to your results.').waitFor();
    },
    'practice-session.results.record.notSaved': withAxe('notSaved', async () => {
      await pg.locator('[data-record-status="notSaved"]').waitFor();
      expect(await button('Try again').isEnabled()).toBe(true);
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
  await (signedIn
    ? states['practice-session.checkingEntitlement']
    : states['practice-session.redirectingToLogin'])?.();
  await driveUiPath({
    page: pg,
    coverage,
    events: path.steps.map((s) => s.event),
    input,
    drivers,
    states,
  });
  const allowed = ['check_user_entitlement', 'get_practice_questions', 'record_practice_set'];
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
  if ('output' in event)
    return `${type}(${Array.isArray(event.output) ? `${event.output.length} questions` : event.output})`;
  if (event.type === 'answer.select') return `${type}(${event.optionId})`;
  return type;
}

describe('practice-session in the browser (model paths)', () => {
  // Entitled with a set stored on the device: the set resumes without loading.
  const resumePath = (input: PracticeSessionInput): ModelPath[] => {
    const event = { type: 'xstate.done.actor.checkEntitlement', output: true };
    const [state] = new Coverage(model).replay([event], input);
    return [{ description: 'resume', steps: [{ event, state: state as AnyMachineSnapshot }] }];
  };
  const cases = Object.entries(inputs).flatMap(([name, input]) =>
    name === 'signedOut'
      ? [{ name: `${name}: (start)`, input, path: { description: '(start)', steps: [] } as ModelPath }]
      : (name === 'resumed' ? resumePath(input) : browserPaths(model, events, input)).map((path) => ({
          name: `${name}: ${path.steps.map((s) => describeEvent(s.event)).join(' → ')}`,
          input,
          path,
        })),
  );

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (name, { input, path }) => {
    await runPath(name, input, path);
  });
});
