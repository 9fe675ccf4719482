import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ada } from '../../machines/shared/fixtures';
import {
  grantedAccess,
  SAVED_STARTED_AT,
  savedTimedTest,
  TEST_NOW,
  testItems,
  testSessionFixtures,
  timedRequest,
  tutorRequest,
} from '../../machines/test-session/test-session.fixtures';
import {
  remainingMs,
  type TestProgress,
  type TestSessionInput,
  testSessionMachine,
} from '../../machines/test-session/test-session.machine';
import {
  isItemAnswered,
  scoreTestItem,
  strikeableChoices,
  TIMED_SECONDS_PER_ITEM,
} from '../../machines/test-session/test-session.rules';
import { describeModel, FakeActors } from '../support/model';

function start(input: TestSessionInput, clock?: SimulatedClock) {
  const fakes = new FakeActors();
  const log = { navigations: [] as string[], progress: [] as (TestProgress | null)[], cleared: 0 };
  const actor = createActor(
    testSessionMachine.provide({
      actors: {
        // The shared parts stand in as promises: this flow sees the gate's answer and starts the
        // delivery; their own states are their model tests' (access-gate, record-delivery).
        accessGate: fakes.promise('accessGate') as never,
        recordDelivery: fakes.promise('recordDelivery') as never,
        loadCustomTest: fakes.promise('loadCustomTest'),
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

describeModel(testSessionMachine, testSessionFixtures, async ({ input, path, replay }) => {
  const clock = new SimulatedClock();
  const { actor, fakes, log } = start(input, clock);
  const expectProgressKept = (s: ReturnType<typeof actor.getSnapshot>) => {
    const c = s.context;
    expect(log.progress.at(-1)).toEqual({
      userId: ada.userId,
      request: c.request,
      items: c.items,
      responses: c.responses,
      checked: c.checked,
      currentIndex: c.currentIndex,
      secondsPerItem: c.secondsPerItem,
      flagged: c.flagged,
      notes: c.notes,
      struck: c.struck,
      setId: c.setId,
      startedAt: c.startedAt,
    });
  };
  const expectAnswering = (s: ReturnType<typeof actor.getSnapshot>) => {
    expect(s.hasTag('form')).toBe(true);
    expect(s.context.responses).toHaveLength(s.context.items.length);
    // Strike-outs only ever name options that can be struck, of their own item.
    for (const [itemId, struck] of Object.entries(s.context.struck)) {
      const item = testItems.find((i) => i.id === itemId);
      expect(struck.every((id) => item && strikeableChoices(item).includes(id))).toBe(true);
    }
    expectProgressKept(s);
    if (input.saved) {
      // Resumed where it was left: same test and marks, its start kept, no new draw.
      expect(s.context.items).toEqual(input.saved.items);
      expect(s.context.setId).toBe(input.saved.setId);
      expect(s.context.startedAt).toBe(SAVED_STARTED_AT);
      expect(s.context.checked).toEqual(['q1']);
      expect(fakes.calls.some((c) => c.name === 'loadCustomTest')).toBe(false);
    } else expect(s.context.items).toEqual(testItems);
  };
  await replay({
    actor,
    fakes,
    clock,
    // The delay is the time left, read from the running test (its start and the time source).
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
        expect(fakes.calls.at(-1)).toEqual({ name: 'loadCustomTest', input: { request: input.request } });
      },
      'test-session.empty': (s) => {
        expect(s.context.items).toEqual([]);
        expect(log.progress).toEqual([]);
      },
      'test-session.loadFailed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'set.retry' })).toBe(true);
      },
      'test-session.answering.tutor.open': (s) => {
        expectAnswering(s);
        expect(s.context.mode).toBe('tutor');
        const item = testItems[s.context.currentIndex];
        expect(s.context.checked).not.toContain(item?.id);
        expect(s.can({ type: 'item.check' })).toBe(
          isItemAnswered(item as never, s.context.responses[s.context.currentIndex]),
        );
      },
      'test-session.answering.tutor.revealed': (s) => {
        expectAnswering(s);
        const item = testItems[s.context.currentIndex];
        // Checked, answered, and locked: no pick reaches it.
        expect(s.context.checked).toContain(item?.id);
        expect(isItemAnswered(item as never, s.context.responses[s.context.currentIndex])).toBe(true);
        expect(s.can({ type: 'answer.pick', groupId: 'options', choiceId: 'q1-right' })).toBe(false);
        expect(s.can({ type: 'answer.pick', groupId: 'options', choiceId: 'a' })).toBe(false);
      },
      'test-session.answering.timed': (s) => {
        expectAnswering(s);
        expect(s.context.mode).toBe('timed');
        expect(s.context.checked).toEqual([]);
        expect(s.can({ type: 'item.previous' })).toBe(s.context.currentIndex > 0);
        expect(s.can({ type: 'item.next' })).toBe(s.context.currentIndex < testItems.length - 1);
      },
      'test-session.results': (s) => {
        expect(s.hasTag('done')).toBe(true);
        expect(log.cleared).toBe(1);
        const timedOut = path.steps.at(-1)?.event.type.startsWith('xstate.after.') ?? false;
        expect(s.context.timedOut).toBe(timedOut);
        // The shared delivery got the test as the backend records it: every answer so far, the rest empty.
        const sent = fakes.calls.filter((c) => c.name === 'recordDelivery').at(-1)?.input;
        const resumed = input.saved;
        expect(sent).toEqual({
          record: {
            setId: resumed ? 't-0' : 't-1',
            userId: ada.userId,
            mode: s.context.mode,
            settings: (resumed?.request ?? input.request)?.settings,
            itemIds: (resumed?.items ?? testItems).map((i) => i.id),
            responses: s.context.responses,
            secondsPerItem: resumed?.secondsPerItem ?? [0, 0],
            flaggedItemIds: s.context.flagged,
            notes: s.context.notes,
            timedOut,
            startedAt: resumed ? SAVED_STARTED_AT : TEST_NOW,
            submittedAt: TEST_NOW,
          },
        });
      },
    },
  });
  actor.stop();
});

describe('test-session clock (simulated)', () => {
  const clocked = (request = timedRequest, saved: TestProgress | null = null) => {
    const clock = new SimulatedClock();
    clock.set(Date.parse(TEST_NOW));
    const input: TestSessionInput = {
      session: ada,
      request,
      saved,
      newSetId: () => 't-1',
      now: () => new Date(clock.now()).toISOString(),
    };
    return { clock, ...start(input, clock) };
  };
  const limit = testItems.length * TIMED_SECONDS_PER_ITEM * 1000;

  it('a timed test ends exactly when its time is up, keeping the answers so far and the time per item', async () => {
    const { clock, actor, fakes } = clocked();
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCustomTest', { output: testItems });
    clock.increment(30_000);
    actor.send({ type: 'answer.pick', groupId: 'options', choiceId: 'q1-right' });
    actor.send({ type: 'item.next' });
    clock.increment(limit - 30_000 - 1);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    expect(remainingMs(actor.getSnapshot().context)).toBe(1);
    clock.increment(1);
    const s = actor.getSnapshot();
    expect(s.matches('results')).toBe(true);
    expect(s.context.timedOut).toBe(true);
    expect(s.context.responses).toEqual([{ options: ['q1-right'] }, {}]);
    expect(s.context.secondsPerItem).toEqual([30, limit / 1000 - 30]);
    expect(testItems.map((item, i) => scoreTestItem(item, s.context.responses[i]))).toEqual([
      { points: 1, max: 1, answered: true },
      { points: 0, max: 3, answered: false },
    ]);
  });

  it('a reload resumes the clock from the stored start, not from the reload', async () => {
    const { clock, actor, fakes } = clocked(timedRequest, savedTimedTest);
    await fakes.settle('accessGate', { output: grantedAccess });
    expect(remainingMs(actor.getSnapshot().context)).toBe(60_000);
    clock.increment(59_999);
    expect(actor.getSnapshot().matches({ answering: 'timed' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('results')).toBe(true);
  });

  it('a test whose time ran out while closed ends as soon as it opens', async () => {
    const { clock, actor, fakes } = clocked(timedRequest, {
      ...savedTimedTest,
      startedAt: '2026-11-25T06:00:00.000Z',
    });
    await fakes.settle('accessGate', { output: grantedAccess });
    clock.increment(0);
    expect(actor.getSnapshot().matches('results')).toBe(true);
    expect(actor.getSnapshot().context.responses).toEqual(savedTimedTest.responses);
  });

  it('tutor mode has no clock: an hour later the test is still open', async () => {
    const { clock, actor, fakes } = clocked(tutorRequest);
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCustomTest', { output: testItems });
    clock.increment(3_600_000);
    expect(actor.getSnapshot().matches({ answering: { tutor: 'open' } })).toBe(true);
  });
});

describe('test-session: which test in progress resumes', () => {
  const started = (saved: TestProgress) =>
    createActor(testSessionMachine, {
      input: { session: ada, request: null, saved, newSetId: () => 't-1', now: () => TEST_NOW },
    }).getSnapshot().context;

  it('the same student’s test resumes at its item with its answers, marks and start', () => {
    const c = started(structuredClone(savedTimedTest));
    expect([c.setId, c.currentIndex, c.responses, c.flagged, c.notes, c.struck, c.startedAt]).toEqual([
      't-0',
      1,
      savedTimedTest.responses,
      ['q1'],
      { q1: 'Check the potassium range' },
      { q1: ['q1-right'] },
      SAVED_STARTED_AT,
    ]);
  });

  it.each([
    ['another student’s', { ...savedTimedTest, userId: 'someone-else' }],
    ['an index past the test', { ...savedTimedTest, currentIndex: 2 }],
    ['responses that do not match the items', { ...savedTimedTest, responses: [{}] }],
    ['an unreadable start', { ...savedTimedTest, startedAt: 'soon' }],
  ] as const)('%s test is not resumed', (_, saved) => {
    const c = started(structuredClone(saved) as TestProgress);
    expect([c.items, c.setId]).toEqual([[], 't-1']);
  });
});
