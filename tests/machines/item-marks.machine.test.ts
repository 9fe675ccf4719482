import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { itemMarksFixtures, twoMarks } from '../../machines/item-marks/item-marks.fixtures';
import { itemMarksMachine } from '../../machines/item-marks/item-marks.machine';
import { describeModel } from '../support/model';

describeModel(itemMarksMachine, itemMarksFixtures, async ({ input, replay, fakes }) => {
  const actor = createActor(
    itemMarksMachine.provide({ actors: { saveItemMark: fakes.promise('saveItemMark') } }),
    {
      input,
    },
  ).start();
  const expectMarksValid = (marks: typeof twoMarks.marks) => {
    // Only flags and notes change: the items stay the ones served, in order.
    expect(marks.map((m) => [m.bank, m.itemId])).toEqual(twoMarks.marks.map((m) => [m.bank, m.itemId]));
    expect(
      marks.every(
        (m) => m.note === '' || m.note === 'Check the potassium range' || m.note === 'Review bow-ties',
      ),
    ).toBe(true);
  };
  await replay({
    actor,
    assertions: {
      'item-marks.idle': (s) => {
        expect(s.context.pending).toEqual([]);
        expectMarksValid(s.context.marks);
      },
      'item-marks.saving': (s) => {
        expectMarksValid(s.context.marks);
        // The oldest change goes first (its mark as it was when the save started).
        const index = s.context.pending[0] as number;
        const sent = (fakes.calls.at(-1) as { input: { mark: (typeof twoMarks.marks)[number] } }).input.mark;
        expect([sent.bank, sent.itemId]).toEqual([
          s.context.marks[index]?.bank,
          s.context.marks[index]?.itemId,
        ]);
        expect(new Set(s.context.pending).size).toBe(s.context.pending.length);
      },
      'item-marks.failed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.context.pending.length).toBeGreaterThan(0);
        expect(s.can({ type: 'mark.retry' })).toBe(true);
      },
    },
  });
  actor.stop();
});

it('a flag changed again while its save is on the way is saved again, as it is now', async () => {
  const { FakeActors } = await import('../support/model');
  const fakes = new FakeActors();
  const actor = createActor(
    itemMarksMachine.provide({ actors: { saveItemMark: fakes.promise('saveItemMark') } }),
    {
      input: structuredClone(twoMarks),
    },
  ).start();
  actor.send({ type: 'flag.toggle', index: 0 });
  actor.send({ type: 'flag.toggle', index: 0 });
  await fakes.settle('saveItemMark', { output: { ...twoMarks.marks[0], flagged: true } });
  expect(fakes.calls.at(-1)?.input).toEqual({ mark: { ...twoMarks.marks[0], flagged: false } });
  await fakes.settle('saveItemMark', { output: { ...twoMarks.marks[0], flagged: false } });
  expect(actor.getSnapshot().value).toBe('idle');
});
