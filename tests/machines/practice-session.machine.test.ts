import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { answeredCount, score } from '../../machines/practice-session/practice-rules';
import {
  accessGranted,
  FIXED_NOW,
  practiceSessionFixtures,
  practiceSet,
  savedProgress,
  signedOutInput,
} from '../../machines/practice-session/practice-session.fixtures';
import {
  type PracticeProgress,
  type PracticeSessionInput,
  practiceSessionMachine,
} from '../../machines/practice-session/practice-session.machine';
import { ada } from '../../machines/shared/fixtures';
import type { PracticeSetRecord } from '../../machines/shared/ports';
import { describeModel, FakeActors, flush } from '../support/model';

const set = practiceSet;
const session = ada;
const inputOf = (name: string) => (practiceSessionFixtures.inputs[name] as () => PracticeSessionInput)();
const inputs = {
  signedOut: signedOutInput(),
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
  };
  const actor = createActor(
    practiceSessionMachine.provide({
      // The shared parts are fakes here: their own model tests cover their insides.
      actors: {
        accessGate: fakes.promise('accessGate') as never,
        loadQuestions: fakes.promise('loadQuestions'),
        recordDelivery: fakes.promise('recordDelivery') as never,
      },
      actions: {
        navigateTo: (_, { route }) => log.navigations.push(route),
        reportLoadError: (_, { error }) => log.loadErrors.push(error),
        saveProgress: (_, progress) => log.saved.push(structuredClone(progress)),
        clearProgress: () => {
          log.cleared++;
        },
        rememberLayout: (_, { layout }) => log.layouts.push(layout),
      },
    }),
    { input },
  ).start();
  return { actor, fakes, log };
}

type Snapshot = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;

describeModel(practiceSessionMachine, practiceSessionFixtures, async ({ input, path, events, replay }) => {
  const { actor, fakes, log } = start(input);
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
  /** The results hand the submitted set, exactly as the backend records it, to the record delivery. */
  const expectDelivered = (s: Snapshot) => {
    expect(fakes.isRunning('recordDelivery')).toBe(true);
    expect(fakes.calls.filter((c) => c.name === 'recordDelivery').at(-1)?.input).toEqual({
      record: {
        setId: s.context.setId,
        userId: session.userId,
        questionIds: s.context.questions.map((q) => q.id),
        chosenOptionIds: s.context.questions.map((q) => s.context.answers[q.id] ?? ''),
        layout: s.context.layout,
        focus: s.context.focus,
        startedAt: s.context.startedAt,
        submittedAt: FIXED_NOW,
      } satisfies PracticeSetRecord,
    });
  };
  await replay({
    actor,
    fakes,
    assertions: {
      'practice-session.checkingAccess.access.checking': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.isRunning('accessGate')).toBe(true);
        expect(fakes.calls.find((c) => c.name === 'accessGate')?.input).toEqual({
          session: input.session,
          signedOutRoute: 'login',
          notEntitledRoute: 'billing',
          onFailure: 'ask',
        });
        expectNoNavigation();
      },
      'practice-session.checkingAccess.access.granted': (s) => {
        // Granted, but the first set is still on its way: nothing shows yet.
        expect(s.matches({ checkingAccess: { firstSet: 'requesting' } })).toBe(true);
        expectNoNavigation();
      },
      'practice-session.checkingAccess.firstSet.requesting': () => {
        // The first set is requested alongside the access check (one round trip, decision 080).
        expect(input.session).not.toBeNull();
        expect(input.saved).toBeNull();
        expect(
          fakes.calls
            .map((c) => c.name)
            .slice(0, 2)
            .sort(),
        ).toEqual(['accessGate', 'loadQuestions']);
        expect(fakes.isRunning('loadQuestions')).toBe(true);
      },
      'practice-session.checkingAccess.firstSet.ready': (s) => {
        // A resumed set or a signed-out visitor asks for none.
        if (input.session === null || input.saved !== null)
          expect(fakes.calls.some((c) => c.name === 'loadQuestions')).toBe(false);
        expect(s.matches({ checkingAccess: { access: 'checking' } })).toBe(true);
      },
      'practice-session.redirecting': (s) => {
        expect(s.hasTag('done')).toBe(true);
        const gateAnswer = events.at(-1) as unknown as { output: { redirectTo: string } };
        expect(log.navigations).toEqual([gateAnswer.output.redirectTo]);
        // No question reached the screen.
        expect(log.saved).toEqual([]);
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
        expect(s.can({ type: 'set.retry' })).toBe(true);
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
        expect(s.can({ type: 'set.submit' })).toBe(answered && isLast);
        expectNoNavigation();
      },
      'practice-session.answering.allOnOnePage': (s) => {
        expect(s.hasTag('form')).toBe(true);
        expect(s.context.layout).toBe('all');
        expectSavedMatches(s);
        const all = answeredCount(s.context.questions, s.context.answers) === s.context.questions.length;
        expect(s.can({ type: 'set.submit' })).toBe(all);
        expect(s.can({ type: 'question.next' })).toBe(false);
        expectNoNavigation();
      },
      'practice-session.results.summary': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(answeredCount(s.context.questions, s.context.answers)).toBe(set.length);
        expect(log.cleared).toBeGreaterThan(0);
        expect(s.can({ type: 'set.restart' })).toBe(true);
        expect(s.can({ type: 'set.new' })).toBe(true);
        expectDelivered(s);
      },
      'practice-session.results.remediation': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(answeredCount(s.context.questions, s.context.answers)).toBe(set.length);
        expect(s.can({ type: 'remediation.toggle' })).toBe(true);
        expectDelivered(s);
      },
    },
  });
  // Load errors are logged, one per failure, and nothing else is.
  // The first set's error is logged once access is granted (a refused student leaves without one).
  const states = path.steps.map((step) => step.state);
  const granted = states.some((st) => !st.matches('checkingAccess') && !st.matches('redirecting'));
  const failures = path.steps.filter(
    (step, i) =>
      step.event.type === 'xstate.error.actor.loadQuestions' &&
      (granted || (i > 0 && !states[i - 1]?.matches('checkingAccess'))),
  );
  expect(log.loadErrors).toEqual(failures.map((step) => step.event.error));
  // Layout choices are remembered on the device, once per switch.
  expect(log.layouts).toHaveLength(events.filter((e) => e.type === 'layout.switch').length);
  actor.stop();
});

describe('practice-session machine (behaviour)', () => {
  async function loaded(input: PracticeSessionInput = inputs.signedIn as PracticeSessionInput) {
    const started = start(input);
    await started.fakes.settle('accessGate', { output: accessGranted });
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
    actor.send({ type: 'set.submit' });
    expect(score(set, actor.getSnapshot().context.answers)).toBe(1);
    actor.send({ type: 'set.restart' });
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
    expect(other.fakes.isRunning('loadQuestions')).toBe(true);

    const same = start(inputs.resumed as PracticeSessionInput);
    await same.fakes.settle('accessGate', { output: accessGranted });
    await flush();
    const s = same.actor.getSnapshot();
    expect(s.matches({ answering: 'allOnOnePage' })).toBe(true);
    expect(s.context.answers).toEqual({ q1: 'q1-wrong' });
    expect(s.context.currentIndex).toBe(1);
    expect(same.fakes.calls.some((c) => c.name === 'loadQuestions')).toBe(false);
  });

  it('ignores saved progress that cannot be resumed', async () => {
    const broken = start({ ...inputs.signedIn, saved: { ...saved, currentIndex: 5 } });
    expect(broken.fakes.isRunning('loadQuestions')).toBe(true);
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
      actor.send({ type: 'set.submit' });
    };
    answerAll();
    expect(
      fakes.calls
        .filter((c) => c.name === 'recordDelivery')
        .map((c) => (c.input as { record: PracticeSetRecord }).record.setId),
    ).toEqual([firstId]);
    actor.send({ type: 'set.restart' });
    const againId = actor.getSnapshot().context.setId;
    expect(againId).not.toBe(firstId);
    answerAll();
    actor.send({ type: 'set.new' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await fakes.settle('loadQuestions', { output: set });
    expect(actor.getSnapshot().context.setId).not.toBe(againId);
    expect(fakes.calls.filter((c) => c.name === 'loadQuestions')).toHaveLength(2);
  });

  it('asks for no set without a session, and leaves for the route the gate names', async () => {
    const { actor, fakes, log } = start(inputs.signedOut);
    expect(fakes.calls.map((c) => c.name)).toEqual(['accessGate']);
    await fakes.settle('accessGate', { output: { access: 'signedOut', redirectTo: 'login' } });
    expect(actor.getSnapshot().matches('redirecting')).toBe(true);
    expect(log.navigations).toEqual(['login']);
  });

  it('shows the questions only once access is granted, whichever answer comes first', async () => {
    const { actor, fakes } = start(inputs.signedIn);
    await fakes.settle('loadQuestions', { output: set });
    expect(actor.getSnapshot().matches('checkingAccess')).toBe(true);
    await fakes.settle('accessGate', { output: { access: 'notEntitled', redirectTo: 'billing' } });
    expect(actor.getSnapshot().matches('redirecting')).toBe(true);
  });
});
