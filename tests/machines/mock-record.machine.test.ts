import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  futureDate,
  mockRecordFixtures,
  oneExamRecord,
  passedNclex,
} from '../../machines/mock-record/mock-record.fixtures';
import { mockRecordMachine } from '../../machines/mock-record/mock-record.machine';
import { describeModel, FakeActors } from '../support/model';

function start(fakes = new FakeActors()) {
  const actor = createActor(
    mockRecordMachine.provide({
      actors: {
        loadRecord: fakes.promise('loadRecord'),
        saveNclexResult: fakes.promise('saveNclexResult'),
        removeNclexResult: fakes.promise('removeNclexResult'),
      },
    }),
  ).start();
  return { actor, fakes };
}

describeModel(mockRecordMachine, mockRecordFixtures, async ({ fakes, replay }) => {
  const { actor } = start(fakes);
  await replay({
    actor,
    assertions: {
      'mock-record.loading': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)?.name).toBe('loadRecord');
      },
      'mock-record.failed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'record.retry' })).toBe(true);
      },
      'mock-record.ready.viewing': (s) => {
        expect(s.context.record?.exams).toEqual(oneExamRecord.exams);
        expect(s.can({ type: 'result.edit' })).toBe(true);
        // A save never lands in viewing with its error (the form stays open), a removal may.
        if (s.context.error) expect(s.context.error).toBe('Failed to fetch');
      },
      'mock-record.ready.editing': (s) => {
        expect(s.hasTag('form')).toBe(true);
        if (s.context.error) expect(s.context.error).toBe(futureDate.message);
      },
      'mock-record.ready.saving': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({ name: 'saveNclexResult', input: { result: passedNclex } });
      },
      'mock-record.ready.removing': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)?.name).toBe('removeNclexResult');
      },
    },
  });
  actor.stop();
});

describe('mock-record machine (behaviour)', () => {
  it('shows the stored result after a save and none after a removal', async () => {
    const { actor, fakes } = start();
    await fakes.settle('loadRecord', { output: oneExamRecord });
    actor.send({ type: 'result.edit' });
    actor.send({ type: 'result.save', result: passedNclex });
    await fakes.settle('saveNclexResult', { output: passedNclex });
    expect(actor.getSnapshot().context.record?.nclexResult).toEqual(passedNclex);
    actor.send({ type: 'result.remove' });
    await fakes.settle('removeNclexResult', { output: undefined });
    expect(actor.getSnapshot().context.record?.nclexResult).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ ready: 'viewing' });
    actor.stop();
  });
});
