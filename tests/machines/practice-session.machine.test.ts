import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { answeredCount, score } from '../../machines/practice-session/practice-rules';
import {
  FIXED_NOW,
  offline,
  practiceSessionFixtures,
  practiceSet,
  savedProgress,
} from '../../machines/practice-session/practice-session.fixtures';
import {
  type PracticeProgress,
  type PracticeSessionInput,
  practiceSessionMachine,
} from '../../machines/practice-session/practice-session.machine';
import { ada } from '../../machines/shared/fixtures';
import type { PracticeSetRecord } from '../../machines/shared/ports';
import {
  Coverage,
  casesForInputs,
  expectFullCoverage,
  FakeActors,
  flush,
  replayOnActor,
  toModelMachine,
} from '../support/model';

const set = practiceSet;
const session = ada;
const inputOf = (name: string) => (practiceSessionFixtures.inputs[name] as () => PracticeSessionInput)();
const inputs = {
  signedOut: inputOf('Signed out'),
  signedIn: inputOf('Signed in, new set'),
  resumed: inputOf('Signed in, resuming a saved set at question 2'),
};
const saved = savedProgress;

function start(input: PracticeSessionInput) {
  const fakes = new FakeActors();
  const log = {
    navigations: [] as string[],
    loadErrors: [] as unknown[],
    saved: [] as PracticeProgress[],
    cleared: 0,
    layouts: [] as string[],
    queued: [] as PracticeSetRecord[],
  };
  const actor = createActor(
    practiceSessionMachine.provide({
      actors: {
        checkEntitlement: fakes.promise('checkEntitlement'),
        loadQuestions: fakes.promise('loadQuestions'),
        recordSet: fakes.promise('recordSet'),
      },
      actions: {
        navigateTo: (_, { route }) => log.navigations.push(route),
        reportLoadError: (_, { error }) => log.loadErrors.push(error),
        saveProgress: (_, progress) => log.saved.push(structuredClone(progress)),
        clearProgress: () => {
          log.cleared++;
        },
        rememberLayout: (_, { layout }) => log.layouts.push(layout),
        queueRecord: (_, record) => log.queued.push(structuredClone(record)),
      },
    }),
    { input },
  ).start();
  return { actor, fakes, log };
}

type Snapshot = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;

const machineModel = toModelMachine(practiceSessionMachine);
const coverage = new Coverage(machineModel);
const cases = casesForInputs(machineModel, practiceSessionFixtures);

describe('practice-session machine (model-based)', () => {
  afterAll(() => expectFullCoverage(coverage, 'machine'));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
    const { actor, fakes, log } = start(input);
    const pathEvents = path.steps.map((s) => s.event);
    const expectSavedMatches = (s: Snapshot) => {
      // Whatever the student sees is exactly what a reload would restore.
      expect(log.saved.at(-1)).toEqual({
        userId: session.userId,
        questions: s.context.questions,
        answers: s.context.answers,
        currentIndex: s.context.currentIndex,
        layout: s.context.layout,
        setId: s.context.setId,
        startedAt: s.context.startedAt,
        focus: s.context.focus,
      });
      // Every question before the current one is answered (and locked).
      for (const q of s.context.questions.slice(0, s.context.currentIndex)) {
        expect(s.context.answers[q.id]).toBeDefined();
      }
    };
    const expectNoNavigation = () => expect(log.navigations).toEqual([]);
    await replayOnActor({
      coverage,
      input,
      events: pathEvents,
      actor,
      fakes,
      assertions: {
        'practice-session.redirectingToLogin': (s) => {
          expect(s.hasTag('done')).toBe(true);
          expect(log.navigations).toEqual(['login']);
          expect(fakes.calls).toEqual([]);
        },
        'practice-session.checkingEntitlement': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          expect(fakes.calls.at(-1)).toEqual({ name: 'checkEntitlement', input: { userId: session.userId } });
          expectNoNavigation();
        },
        'practice-session.entitlementFailed': (s) => {
          expect(s.hasTag('error')).toBe(true);
          expect(s.context.error).toBe('permission denied');
          expect(s.can({ type: 'entitlement.retry' })).toBe(true);
          // A failed check never sends the student to billing.
          expectNoNavigation();
        },
        'practice-session.redirectingToBilling': () => {
          expect(log.navigations).toEqual(['billing']);
          expect(fakes.calls.some((c) => c.name === 'loadQuestions')).toBe(false);
        },
        'practice-session.loading': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          expect(fakes.calls.at(-1)).toEqual({
            name: 'loadQuestions',
            input: { limit: QUESTIONS_PER_SET, focus: s.context.focus },
          });
        },
        'practice-session.empty': (s) => {
          expect(s.context.questions).toEqual([]);
          expect(s.can({ type: 'questions.retry' })).toBe(true);
          // Nothing is kept for a reload but a set that was answered before (and then submitted).
          expect(log.saved.every((p) => p.questions.length > 0)).toBe(true);
          expectNoNavigation();
        },
        'practice-session.answering.oneAtATime': (s) => {
          expect(s.hasTag('form')).toBe(true);
          expect(s.context.layout).toBe('one');
          expectSavedMatches(s);
          const current = s.context.questions[s.context.currentIndex];
          const isLast = s.context.currentIndex === s.context.questions.length - 1;
          const answered = current !== undefined && s.context.answers[current.id] !== undefined;
          expect(s.can({ type: 'question.next' })).toBe(answered && !isLast);
          expect(s.can({ type: 'session.submit' })).toBe(answered && isLast);
          expectNoNavigation();
        },
        'practice-session.answering.allOnOnePage': (s) => {
          expect(s.hasTag('form')).toBe(true);
          expect(s.context.layout).toBe('all');
          expectSavedMatches(s);
          const all = answeredCount(s.context.questions, s.context.answers) === s.context.questions.length;
          expect(s.can({ type: 'session.submit' })).toBe(all);
          expect(s.can({ type: 'question.next' })).toBe(false);
          expectNoNavigation();
        },
        'practice-session.results.review.summary': (s) => {
          expect(s.hasTag('done')).toBe(true);
          expect(answeredCount(s.context.questions, s.context.answers)).toBe(set.length);
          expect(log.cleared).toBeGreaterThan(0);
          expect(s.can({ type: 'session.restart' })).toBe(true);
          expect(s.can({ type: 'session.new' })).toBe(true);
        },
        'practice-session.results.review.remediation': (s) => {
          expect(s.hasTag('done')).toBe(true);
          expect(answeredCount(s.context.questions, s.context.answers)).toBe(set.length);
          expect(s.can({ type: 'remediation.toggle' })).toBe(true);
        },
        'practice-session.results.record.saving': (s) => {
          // The set went to the device outbox before it was sent, exactly as it is sent.
          const sent = fakes.calls.filter((c) => c.name === 'recordSet').at(-1)?.input as PracticeSetRecord;
          expect(log.queued.at(-1)).toEqual(sent);
          expect(sent).toEqual({
            setId: s.context.setId,
            userId: session.userId,
            questionIds: s.context.questions.map((q) => q.id),
            chosenOptionIds: s.context.questions.map((q) => s.context.answers[q.id]),
            layout: s.context.layout,
            focus: s.context.focus,
            startedAt: s.context.startedAt,
            submittedAt: FIXED_NOW,
          });
          expect(s.can({ type: 'record.retry' })).toBe(false);
        },
        'practice-session.results.record.saved': (s) => {
          expect(s.context.recordError).toBeNull();
        },
        'practice-session.results.record.notSaved': (s) => {
          expect(s.context.recordError).toBe(offline.message);
          expect(s.can({ type: 'record.retry' })).toBe(true);
          // The results stay on screen: a failed save never takes them away.
          expect(s.hasTag('done')).toBe(true);
        },
      },
    });
    // Load errors are logged, one per failure, and nothing else is.
    const failures = pathEvents.filter((e) => e.type === 'xstate.error.actor.loadQuestions');
    expect(log.loadErrors).toEqual(failures.map((e) => e.error));
    // Layout choices are remembered on the device, once per switch.
    expect(log.layouts).toHaveLength(pathEvents.filter((e) => e.type === 'layout.switch').length);
    actor.stop();
  });
});

describe('practice-session machine (behaviour)', () => {
  async function loaded(input: PracticeSessionInput = inputs.signedIn as PracticeSessionInput) {
    const started = start(input);
    await started.fakes.settle('checkEntitlement', { output: true });
    await started.fakes.settle('loadQuestions', { output: set });
    return started;
  }

  it('locks a question after Next: its answer can no longer change, in either layout', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'answer.select', questionId: 'q1', optionId: 'q1-wrong' });
    actor.send({ type: 'question.next' });
    const change = { type: 'answer.select', questionId: 'q1', optionId: 'q1-right' } as const;
    expect(actor.getSnapshot().can(change)).toBe(false);
    actor.send(change);
    actor.send({ type: 'layout.switch' });
    expect(actor.getSnapshot().matches({ answering: 'allOnOnePage' })).toBe(true);
    expect(actor.getSnapshot().can(change)).toBe(false);
    actor.send(change);
    expect(actor.getSnapshot().context.answers).toEqual({ q1: 'q1-wrong' });
    // The unlocked question can still be answered on the one-page layout.
    actor.send({ type: 'answer.select', questionId: 'q2', optionId: 'q2-right' });
    expect(actor.getSnapshot().context.answers).toEqual({ q1: 'q1-wrong', q2: 'q2-right' });
  });

  it('refuses answers to a later question and options from another question', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'answer.select', questionId: 'q2', optionId: 'q2-right' });
    actor.send({ type: 'answer.select', questionId: 'q1', optionId: 'q2-right' });
    expect(actor.getSnapshot().context.answers).toEqual({});
  });

  it('Practice Again reshuffles the same questions with the random source and loads nothing', async () => {
    const draws: number[] = [];
    const { actor, fakes } = await loaded({
      ...(inputs.signedIn as PracticeSessionInput),
      random: () => {
        draws.push(0);
        return 0;
      },
    });
    actor.send({ type: 'answer.select', questionId: 'q1', optionId: 'q1-right' });
    actor.send({ type: 'question.next' });
    actor.send({ type: 'answer.select', questionId: 'q2', optionId: 'q2-wrong' });
    actor.send({ type: 'session.submit' });
    expect(score(set, actor.getSnapshot().context.answers)).toBe(1);
    actor.send({ type: 'session.restart' });
    const s = actor.getSnapshot();
    expect(s.matches({ answering: 'oneAtATime' })).toBe(true);
    expect(s.context.questions.map((q) => q.id)).toEqual(['q2', 'q1']);
    expect(s.context.answers).toEqual({});
    expect(s.context.currentIndex).toBe(0);
    expect(draws.length).toBeGreaterThan(0);
    expect(fakes.calls.filter((c) => c.name === 'loadQuestions')).toHaveLength(1);
  });

  it('resumes saved progress only for the same student', async () => {
    const other = start({ ...inputs.signedIn, session: { userId: 'u-2', email: null }, saved });
    await other.fakes.settle('checkEntitlement', { output: true });
    expect(other.actor.getSnapshot().matches('loading')).toBe(true);

    const same = start(inputs.resumed as PracticeSessionInput);
    await same.fakes.settle('checkEntitlement', { output: true });
    await flush();
    const s = same.actor.getSnapshot();
    expect(s.matches({ answering: 'allOnOnePage' })).toBe(true);
    expect(s.context.answers).toEqual({ q1: 'q1-wrong' });
    expect(s.context.currentIndex).toBe(1);
    expect(same.fakes.calls.some((c) => c.name === 'loadQuestions')).toBe(false);
  });

  it('ignores saved progress that cannot be resumed', async () => {
    const broken = start({ ...inputs.signedIn, saved: { ...saved, currentIndex: 5 } });
    await broken.fakes.settle('checkEntitlement', { output: true });
    expect(broken.actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('gives every drawn set and every Practice Again a new set id, and Start a new set loads afresh', async () => {
    let next = 0;
    const { actor, fakes } = await loaded({ ...inputs.signedIn, newSetId: () => `id-${++next}` });
    const firstId = actor.getSnapshot().context.setId;
    const answerAll = () => {
      for (const q of actor.getSnapshot().context.questions) {
        actor.send({ type: 'answer.select', questionId: q.id, optionId: `${q.id}-right` });
        actor.send({ type: 'question.next' });
      }
      actor.send({ type: 'session.submit' });
    };
    answerAll();
    expect(
      fakes.calls.filter((c) => c.name === 'recordSet').map((c) => (c.input as PracticeSetRecord).setId),
    ).toEqual([firstId]);
    actor.send({ type: 'session.restart' });
    const againId = actor.getSnapshot().context.setId;
    expect(againId).not.toBe(firstId);
    answerAll();
    actor.send({ type: 'session.new' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await fakes.settle('loadQuestions', { output: set });
    expect(actor.getSnapshot().context.setId).not.toBe(againId);
    expect(fakes.calls.filter((c) => c.name === 'loadQuestions')).toHaveLength(2);
  });

  it('keeps the results on screen while saving fails, and Try again sends the same set', async () => {
    const { actor, fakes } = await loaded();
    actor.send({ type: 'answer.select', questionId: 'q1', optionId: 'q1-right' });
    actor.send({ type: 'question.next' });
    actor.send({ type: 'answer.select', questionId: 'q2', optionId: 'q2-wrong' });
    actor.send({ type: 'session.submit' });
    await fakes.settle('recordSet', { error: offline });
    expect(actor.getSnapshot().matches({ results: { record: 'notSaved', review: 'summary' } })).toBe(true);
    actor.send({ type: 'record.retry' });
    await fakes.settle('recordSet', { output: undefined });
    expect(actor.getSnapshot().matches({ results: { record: 'saved' } })).toBe(true);
    const sent = fakes.calls.filter((c) => c.name === 'recordSet').map((c) => c.input);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });
});
