import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { CLASSIC_PART, examResponseOf, isAnsweredIn, pickIn } from '../../machines/mock-exam/exam-rules';
import {
  EXAM_NOW,
  FIVE_HOURS_S,
  finishedExam,
  grantedAccess,
  mockExamFixtures,
  movedOnExam,
  nextItemExam,
  resumedExam,
  startedExam,
} from '../../machines/mock-exam/mock-exam.fixtures';
import { type MockExamInput, mockExamMachine } from '../../machines/mock-exam/mock-exam.machine';
import type { ShownItem } from '../../machines/mock-exam/mock-exam.ports';
import { ada } from '../../machines/shared/fixtures';
import { describeModel, FakeActors, flush } from '../support/model';

function start(input: MockExamInput, fakes = new FakeActors()) {
  const log = { navigations: [] as string[], reports: [] as string[], clockInputs: 0 };
  const actor = createActor(
    mockExamMachine.provide({
      actors: {
        // The gate stands in as a promise: its own states are its model test's.
        accessGate: fakes.promise('accessGate') as never,
        loadCurrentExam: fakes.promise('loadCurrentExam'),
        endOnTime: fakes.promise('endOnTime'),
        startExam: fakes.promise('startExam'),
        submitAnswer: fakes.promise('submitAnswer'),
        // The test is the clock: it sends `clock.tick` itself.
        clock: fromCallback(() => {
          log.clockInputs++;
        }),
      },
      actions: {
        navigateTo: (_, { route }) => log.navigations.push(route),
        openReport: (_, { examId }) => log.reports.push(examId),
      },
    }),
    { input },
  ).start();
  return { actor, fakes, log };
}

describeModel(mockExamMachine, mockExamFixtures, async ({ input, path, fakes, replay }) => {
  const { actor, log } = start(input, fakes);
  const last = path.steps.at(-1)?.event as { type: string; output?: unknown; at?: number } | undefined;
  const answering = (s: ReturnType<typeof actor.getSnapshot>) => {
    const { exam, response } = s.context;
    expect(exam?.status).toBe('in_progress');
    // The time left is the server's, counted down by this device's ticks, never below zero.
    expect(s.context.timeLeftMs).toBeGreaterThan(0);
    expect(s.context.timeLeftMs).toBeLessThanOrEqual((exam?.timeLeftSeconds ?? 0) * 1000);
    expect(s.context.deadlineAt).toBe(EXAM_NOW + (exam?.timeLeftSeconds ?? 0) * 1000);
    const answered = exam?.item ? isAnsweredIn(exam.item, response) : false;
    expect(s.can({ type: 'answer.submit' })).toBe(answered);
  };
  await replay({
    actor,
    assertions: {
      'mock-exam.checkingAccess': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({
          name: 'accessGate',
          input: { session: ada, signedOutRoute: 'login', notEntitledRoute: 'billing', onFailure: 'ask' },
        });
      },
      'mock-exam.redirecting': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(log.navigations).toEqual([(last?.output as { redirectTo: string } | undefined)?.redirectTo]);
        expect(fakes.calls.map((c) => c.name)).toEqual(['accessGate']);
      },
      'mock-exam.resuming': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.isRunning('loadCurrentExam')).toBe(true);
      },
      'mock-exam.loadFailed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'exam.retry' })).toBe(true);
      },
      'mock-exam.ready': (s) => {
        expect(s.context.exam).toBeNull();
        expect(s.can({ type: 'exam.start' })).toBe(true);
      },
      'mock-exam.starting': () => expect(fakes.isRunning('startExam')).toBe(true),
      'mock-exam.startFailed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'exam.retry' })).toBe(true);
      },
      'mock-exam.exam.answering': (s) => {
        expect(s.hasTag('form')).toBe(true);
        answering(s);
        // No going back: nothing offers an earlier item.
        expect(s.can({ type: 'break.start' })).toBe(true);
        // A refused answer explains itself above the item the server says is on screen.
        if (s.context.notice !== null) {
          expect(s.context.notice).toMatch(/no longer on screen/);
          expect(s.context.exam).toEqual(movedOnExam);
          expect(s.context.response).toEqual({});
        }
      },
      'mock-exam.exam.submitting': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        const item = s.context.exam?.item as ShownItem;
        expect(fakes.calls.at(-1)).toEqual({
          name: 'submitAnswer',
          input: {
            ordinal: item.ordinal,
            token: item.token,
            itemId: item.itemId,
            response: { optionIds: s.context.response[CLASSIC_PART] },
          },
        });
      },
      'mock-exam.exam.submitFailed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'exam.retry' })).toBe(true);
        expect(s.can({ type: 'choice.pick', groupId: CLASSIC_PART, choiceId: 'a' })).toBe(false);
      },
      'mock-exam.exam.onBreak': (s) => {
        // The clock keeps running on the break: ticks still count down, the item cannot be answered.
        expect(s.can({ type: 'clock.tick', at: EXAM_NOW + 2000 })).toBe(true);
        expect(s.can({ type: 'answer.submit' })).toBe(false);
        expect(s.can({ type: 'break.end' })).toBe(true);
      },
      'mock-exam.timeUp': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        // The server decides the end (a time_up refusal already said so; it is asked again).
        expect(fakes.isRunning('endOnTime')).toBe(true);
        if (s.context.notice === null) expect(s.context.timeLeftMs).toBe(0);
      },
      'mock-exam.timeUpFailed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'exam.retry' })).toBe(true);
      },
      'mock-exam.finished': (s) => {
        expect(s.status).toBe('done');
        // On to the report of this exam, once.
        expect(log.reports).toEqual([s.context.exam?.id ?? finishedExam.id]);
      },
    },
  });
  actor.stop();
});

describe('mock-exam: the clock and the answers', () => {
  const input = () => mockExamFixtures.inputs['Signed in']?.() as MockExamInput;

  it('counts down from the server’s time left by the injected time source, in every state of the exam', async () => {
    let now = EXAM_NOW;
    const { actor, fakes } = start({ ...input(), now: () => now });
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCurrentExam', { output: resumedExam });
    expect(actor.getSnapshot().context.timeLeftMs).toBe((FIVE_HOURS_S - 600) * 1000);
    actor.send({ type: 'break.start' });
    now += 90_000;
    actor.send({ type: 'clock.tick', at: now });
    expect(actor.getSnapshot().context.timeLeftMs).toBe((FIVE_HOURS_S - 690) * 1000);
    expect(actor.getSnapshot().matches({ exam: 'onBreak' })).toBe(true);
    now = EXAM_NOW + (FIVE_HOURS_S - 600) * 1000;
    actor.send({ type: 'clock.tick', at: now });
    expect(actor.getSnapshot().value).toBe('timeUp');
    expect(fakes.isRunning('endOnTime')).toBe(true);
  });

  it('a new item starts unanswered; the item on screen keeps its picks when the server repeats it', async () => {
    const { actor, fakes } = start(input());
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCurrentExam', { output: null });
    actor.send({ type: 'exam.start' });
    await fakes.settle('startExam', { output: startedExam });
    actor.send({ type: 'choice.pick', groupId: CLASSIC_PART, choiceId: 'a' });
    actor.send({ type: 'choice.pick', groupId: CLASSIC_PART, choiceId: 'c' });
    expect(actor.getSnapshot().context.response).toEqual({ options: ['c'] });
    expect(actor.getSnapshot().can({ type: 'choice.pick', groupId: CLASSIC_PART, choiceId: 'z' })).toBe(
      false,
    );
    actor.send({ type: 'answer.submit' });
    await fakes.settle('submitAnswer', { output: nextItemExam });
    expect(actor.getSnapshot().context.response).toEqual({});
    expect(actor.getSnapshot().context.exam?.item?.ordinal).toBe(2);
    await flush();
  });

  it('an NGN item takes the practice pick rules; its response goes out as picks', () => {
    const item: ShownItem = {
      ordinal: 3,
      token: 't',
      itemId: 'ngn-mr-001',
      bank: 'ngn',
      caseStudy: null,
      item: {
        id: 'ngn-mr-001',
        type: 'multiple-response',
        select: 2,
        category: 'Physiological Adaptation',
        step: 'take-action',
        setting: 'med-surg',
        difficulty: 'medium',
        topic: 't',
        trend: false,
        exhibit: [],
        stem: 'Select 2.',
        rationale: '',
        options: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, text: id.toUpperCase(), correct: false })),
      },
    };
    const two = pickIn(item, pickIn(item, {}, 'options', 'a'), 'options', 'b');
    expect(pickIn(item, two, 'options', 'c')).toEqual(two);
    expect(isAnsweredIn(item, two)).toBe(true);
    expect(examResponseOf(item, two)).toEqual({ picks: { options: ['a', 'b'] } });
  });
});
