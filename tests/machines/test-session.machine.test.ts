import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ada } from '../../machines/shared/fixtures';
import {
  checkedClassic,
  grantedAccess,
  SERVER_NOW,
  savedTimedProgress,
  submittedTest,
  TEST_NOW,
  testItems,
  testSessionFixtures,
  timedTest,
  tutorTest,
} from '../../machines/test-session/test-session.fixtures';
import {
  remainingMs,
  type TestProgress,
  type TestSessionInput,
  testSessionMachine,
} from '../../machines/test-session/test-session.machine';
import {
  isItemAnswered,
  pickableNgn,
  strikeableChoices,
} from '../../machines/test-session/test-session.rules';
import { describeModel, FakeActors } from '../support/model';

function start(input: TestSessionInput, clock?: SimulatedClock, fakes = new FakeActors()) {
  const log = { navigations: [] as string[], progress: [] as (TestProgress | null)[], cleared: 0 };
  const actor = createActor(
    testSessionMachine.provide({
      actors: {
        // The shared parts stand in as promises: this flow sees the gate's answer and starts the
        // delivery; their own states are their model tests' (access-gate, record-delivery).
        accessGate: fakes.promise('accessGate') as never,
        recordDelivery: fakes.promise('recordDelivery') as never,
        loadCustomTest: fakes.promise('loadCustomTest'),
        answerCustomTestItem: fakes.promise('answerCustomTestItem'),
        itemMarks: fakes.promise('itemMarks') as never,
      },
      actions: {
        navigateTo: (_, { route }) => log.navigations.push(route),
        saveProgress: (_, progress) => log.progress.push(structuredClone(progress)),
        clearProgress: () => {
          log.cleared++;
        },
      },
    }),
    { input, clock },
  ).start();
  return { actor, fakes, log };
}

type Snapshot = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;

describeModel(testSessionMachine, testSessionFixtures, async ({ input, path, replay, fakes }) => {
  const clock = new SimulatedClock();
  const { actor, log } = start(input, clock, fakes);
  const lastCall = (name: string) => fakes.calls.filter((c) => c.name === name).at(-1)?.input;
  const expectAnswering = (s: Snapshot) => {
    const c = s.context;
    expect(s.hasTag('form')).toBe(true);
    expect(c.responses).toHaveLength(testItems.length);
    // This device keeps its part after every change: the last progress stored is what is on screen.
    expect(log.progress.at(-1)).toEqual({
      userId: ada.userId,
      testId: c.test?.testId,
      responses: c.responses,
      struck: c.struck,
      currentIndex: c.currentIndex,
      secondsPerItem: c.secondsPerItem,
    });
    // Strike-outs only ever name options that can be struck, of their own item.
    c.struck.forEach((struck, i) => {
      expect(struck.every((id) => strikeableChoices(testItems[i]).includes(id))).toBe(true);
    });
    // The server's clock: its `serverNow` was 2 s ahead of this device.
    expect(c.clockOffsetMs).toBe(2000);
    // The shared item marks got every item's flag and note as served.
    expect(lastCall('itemMarks')).toEqual({
      marks: testItems.map((item) => ({ bank: item.bank, itemId: item.itemId, flagged: false, note: '' })),
    });
  };
  await replay({
    actor,
    clock,
    // The delay is the time left, read from the running test (its stored end and the time source).
    delays: {
      get timeUp() {
        return remainingMs(actor.getSnapshot().context);
      },
    },
    assertions: {
      'test-session.checkingAccess': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls[0]).toEqual({
          name: 'accessGate',
          input: { session: ada, signedOutRoute: 'login', notEntitledRoute: 'billing', onFailure: 'ask' },
        });
      },
      'test-session.redirecting': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(log.navigations).toEqual(['billing']);
        expect(fakes.calls.some((c) => c.name === 'loadCustomTest')).toBe(false);
      },
      'test-session.loading': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({ name: 'loadCustomTest', input: { testId: 't-tutor' } });
      },
      'test-session.empty': (s) => {
        expect(s.context.testId).toBeNull();
        expect(fakes.calls.some((c) => c.name === 'loadCustomTest')).toBe(false);
      },
      'test-session.loadFailed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'set.retry' })).toBe(true);
      },
      'test-session.answering.tutor.open': (s) => {
        expectAnswering(s);
        expect(s.context.test?.mode).toBe('tutor');
        const i = s.context.currentIndex;
        expect(s.context.test?.items[i]?.reveal).toBeNull();
        expect(s.can({ type: 'item.check' })).toBe(
          isItemAnswered(testItems[i] as never, s.context.responses[i]),
        );
        // A failed check leaves the item open with the backend's message (until another item opens).
        expect([null, 'Failed to fetch']).toContain(s.context.answerError);
        if (s.context.answerError)
          expect(fakes.calls.some((c) => c.name === 'answerCustomTestItem')).toBe(true);
      },
      'test-session.answering.tutor.checking': (s) => {
        const i = s.context.currentIndex;
        expect(lastCall('answerCustomTestItem')).toEqual({
          testId: 't-tutor',
          answer: { position: i + 1, response: s.context.responses[i], secondsSpent: 0 },
        });
        // Nothing moves while the answer is on its way.
        expect(s.can({ type: 'item.next' })).toBe(false);
        expect(s.can({ type: 'answer.pick', groupId: 'answer', choiceId: 'q1-right' })).toBe(false);
      },
      'test-session.answering.tutor.revealed': (s) => {
        expectAnswering(s);
        const item = s.context.test?.items[s.context.currentIndex];
        // The key and rationale as the server returned them; the item is locked.
        expect(item?.reveal).toEqual(checkedClassic.reveal);
        expect(item?.response).toEqual(checkedClassic.response);
        expect(s.can({ type: 'answer.pick', groupId: 'answer', choiceId: 'q1-right' })).toBe(false);
        expect(s.can({ type: 'answer.pick', groupId: 'options', choiceId: 'a' })).toBe(false);
      },
      'test-session.answering.timed': (s) => {
        expectAnswering(s);
        expect(s.context.test?.mode).toBe('timed');
        expect(s.can({ type: 'item.previous' })).toBe(s.context.currentIndex > 0);
        expect(s.can({ type: 'item.next' })).toBe(s.context.currentIndex < testItems.length - 1);
      },
      'test-session.submitting': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        // Only the clock running out marks a test timed out.
        const clockRanOut = path.steps.some((step) => step.event.type.startsWith('xstate.after.'));
        if (s.context.timedOut) expect(clockRanOut).toBe(true);
        // The shared delivery got every answer the server lacks (none it holds with its key).
        expect(lastCall('recordDelivery')).toEqual({
          record: {
            testId: s.context.test?.testId,
            answers: testItems.flatMap((item, i) =>
              s.context.test?.items[i]?.reveal === null && isItemAnswered(item, s.context.responses[i])
                ? [{ position: i + 1, response: s.context.responses[i], secondsSpent: 0 }]
                : [],
            ),
          },
        });
      },
      'test-session.results': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(s.context.test).toEqual(submittedTest);
        // A submitted test leaves nothing to resume on this device.
        expect(log.cleared).toBe(1);
      },
    },
  });
  actor.stop();
});

describe('test-session clock (simulated)', () => {
  const clocked = (test = timedTest, saved: TestProgress | null = null) => {
    const clock = new SimulatedClock();
    clock.set(Date.parse(TEST_NOW));
    const input: TestSessionInput = {
      session: ada,
      testId: test.testId,
      saved,
      now: () => new Date(clock.now()).toISOString(),
    };
    return { clock, ...start(input, clock) };
  };
  // endsAt 09:01:00 by the server, which was 2 s ahead at 09:00:00 here: 58 s are left.
  const left = 58_000;

  it('a timed test ends exactly when the server’s time is up, keeping the answers so far and the time per item', async () => {
    const { clock, actor, fakes } = clocked();
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCustomTest', { output: timedTest });
    expect(remainingMs(actor.getSnapshot().context)).toBe(left);
    clock.increment(20_000);
    actor.send({ type: 'answer.pick', groupId: 'answer', choiceId: 'q1-right' });
    actor.send({ type: 'item.next' });
    clock.increment(left - 20_000 - 1);
    expect(actor.getSnapshot().matches({ answering: 'timed' })).toBe(true);
    clock.increment(1);
    const s = actor.getSnapshot();
    expect(s.matches('submitting')).toBe(true);
    expect(s.context.timedOut).toBe(true);
    expect(fakes.calls.at(-1)).toEqual({
      name: 'recordDelivery',
      input: {
        record: {
          testId: 't-timed',
          answers: [{ position: 1, response: { answer: ['q1-right'] }, secondsSpent: 20 }],
        },
      },
    });
    expect(s.context.secondsPerItem).toEqual([20, left / 1000 - 20]);
  });

  it('a reload resumes from the stored end and this device’s answers and strike-outs', async () => {
    const { clock, actor, fakes } = clocked(timedTest, structuredClone(savedTimedProgress));
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCustomTest', { output: timedTest });
    const c = actor.getSnapshot().context;
    expect([c.responses, c.struck, c.currentIndex, c.secondsPerItem]).toEqual([
      savedTimedProgress.responses,
      savedTimedProgress.struck,
      1,
      [40, 0],
    ]);
    clock.increment(left - 1);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
  });

  it('another student’s or another test’s progress is not used', async () => {
    for (const saved of [
      { ...savedTimedProgress, userId: 'someone-else' },
      { ...savedTimedProgress, testId: 't-other' },
      { ...savedTimedProgress, currentIndex: 5 },
    ]) {
      const { actor, fakes } = clocked(timedTest, saved);
      await fakes.settle('accessGate', { output: grantedAccess });
      await fakes.settle('loadCustomTest', { output: timedTest });
      expect(actor.getSnapshot().context.responses).toEqual([{}, {}]);
      expect(actor.getSnapshot().context.currentIndex).toBe(0);
    }
  });

  it('a test whose time ran out while closed is submitted as soon as it opens', async () => {
    const { clock, actor, fakes } = clocked({ ...timedTest, endsAt: '2026-11-25T08:00:00.000Z' });
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCustomTest', { output: { ...timedTest, endsAt: '2026-11-25T08:00:00.000Z' } });
    clock.increment(0);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
  });

  it('tutor mode has no clock: an hour later the test is still open', async () => {
    const { clock, actor, fakes } = clocked(tutorTest);
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCustomTest', { output: tutorTest });
    clock.increment(3_600_000);
    expect(actor.getSnapshot().matches({ answering: { tutor: 'open' } })).toBe(true);
  });

  it('SERVER_NOW is ahead of TEST_NOW by the offset the tests assume', () => {
    expect(Date.parse(SERVER_NOW) - Date.parse(TEST_NOW)).toBe(2000);
  });
});

describe('test-session rules on served (keyless) items', () => {
  it('a keyless drag-and-drop item gets its blanks from the template', () => {
    const served = {
      ...testItems[1],
      ngn: {
        id: 'ngn-dd-901',
        type: 'drag-and-drop',
        template: 'Give {{1}} then {{2}}.',
        tokens: [
          { id: 'x', text: 'X' },
          { id: 'y', text: 'Y' },
          { id: 'z', text: 'Z' },
        ],
      },
    } as never;
    expect(isItemAnswered(served, { '1': ['x'] })).toBe(false);
    expect(isItemAnswered(served, { '1': ['x'], '2': ['y'] })).toBe(true);
    expect(Object.keys((pickableNgn(served) as { answers: object }).answers)).toEqual(['1', '2']);
  });
});
