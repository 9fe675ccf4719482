import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  emptySummary,
  learningRecordFixtures,
  reviewedSet,
  setNotFound,
  twoSetSummary,
} from '../../machines/learning-record/learning-record.fixtures';
import {
  accuracy,
  type LearningRecordInput,
  learningRecordMachine,
} from '../../machines/learning-record/learning-record.machine';
import { ada } from '../../machines/shared/fixtures';
import { describeModel, FakeActors } from '../support/model';

function start(input: LearningRecordInput) {
  const fakes = new FakeActors();
  const actor = createActor(
    learningRecordMachine.provide({
      actors: {
        deliverOutbox: fakes.promise('deliverOutbox'),
        loadSummary: fakes.promise('loadSummary'),
        loadSet: fakes.promise('loadSet'),
      },
    }),
    { input },
  ).start();
  return { actor, fakes };
}

describeModel(learningRecordMachine, learningRecordFixtures, async ({ input, replay }) => {
  const { actor, fakes } = start(input);
  const lastCall = () => fakes.calls.at(-1);
  await replay({
    actor,
    fakes,
    assertions: {
      'learning-record.deliveringOutbox': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastCall()).toEqual({ name: 'deliverOutbox', input: { userId: ada.userId } });
      },
      'learning-record.loadingSummary': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastCall()?.name).toBe('loadSummary');
        // The summary is asked for only after the waiting sets were sent (or could not be).
        expect(fakes.calls.map((c) => c.name).slice(-2)).toEqual(['deliverOutbox', 'loadSummary']);
      },
      'learning-record.failed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'summary.retry' })).toBe(true);
      },
      'learning-record.empty': (s) => {
        expect(s.context.summary).toEqual(emptySummary);
        expect(s.can({ type: 'set.open', setId: 'set-a' })).toBe(false);
      },
      'learning-record.ready.browsing': (s) => {
        expect(s.context.summary).toEqual(twoSetSummary);
        expect(s.context.openSet).toBeNull();
        expect(s.can({ type: 'set.open', setId: 'set-a' })).toBe(true);
      },
      'learning-record.ready.loadingSet': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastCall()).toEqual({ name: 'loadSet', input: { setId: s.context.openSetId } });
        // The numbers stay loaded while a set loads; another set opens only from the list.
        expect(s.context.summary).toEqual(twoSetSummary);
        expect(s.can({ type: 'set.open', setId: 'set-a' })).toBe(false);
      },
      'learning-record.ready.reviewingSet': (s) => {
        expect(s.context.openSet).toEqual(reviewedSet);
        expect(s.can({ type: 'set.close' })).toBe(true);
      },
      'learning-record.ready.setFailed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe(setNotFound.message);
        expect(s.can({ type: 'set.retry' })).toBe(true);
        expect(s.can({ type: 'set.close' })).toBe(true);
      },
    },
  });
  actor.stop();
});

describe('learning-record machine (behaviour)', () => {
  it('opens the set named in the address once the summary is in', async () => {
    const { actor, fakes } = start({ userId: ada.userId, openSetId: 'set-b' });
    await fakes.settle('deliverOutbox', { output: { delivered: 0, waiting: 2 } });
    await fakes.settle('loadSummary', { output: twoSetSummary });
    expect(actor.getSnapshot().matches({ ready: 'loadingSet' })).toBe(true);
    expect(fakes.calls.at(-1)).toEqual({ name: 'loadSet', input: { setId: 'set-b' } });
    expect(actor.getSnapshot().context.waitingSets).toBe(2);
  });

  it('rounds accuracy to whole percent and has none without answers', () => {
    expect(accuracy(14, 20)).toBe(70);
    expect(accuracy(2, 3)).toBe(67);
    expect(accuracy(0, 0)).toBeNull();
  });
});
