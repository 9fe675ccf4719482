/**
 * The item marks: the student's flag and private note on each item of a test, kept on the server
 * (`set_item_mark`, docs/decisions/220-custom-tests.md). A child machine the test session invokes
 * while the test is answered, so a slow or failed save never holds up answering.
 *
 * - Input (`ItemMarksInput`): `{ marks }`, one per item in order, as the server served them.
 * - Events (views send them to the child's own actor, id `itemMarks`): `flag.toggle` and
 *   `note.save` ({ index }) change an item and queue it; `note.change` ({ index, text }) keeps the
 *   note as typed; `mark.retry` after a failed save.
 * - Saves go one at a time, oldest change first; each sends the item's mark as it is then, and an
 *   item changed again while its save was on the way is saved again.
 * - Actors: `saveItemMark` ({ mark } → mark), from `createItemMarksImplementations(port)`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { type ItemMark, NOTE_MAX_LENGTH } from '../../domain/custom-tests';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';

export interface ItemMarksInput {
  marks: ItemMark[];
}

export interface ItemMarksContext extends ItemMarksInput {
  /** Items whose flag or note changed and is not yet on the server, oldest first. */
  pending: number[];
  /** Why the last save failed (the change is kept here, with Try again). */
  error: string | null;
}

export type ItemMarksEvent =
  | { type: 'flag.toggle'; index: number }
  | { type: 'note.change'; index: number; text: string }
  | { type: 'note.save'; index: number }
  | { type: 'mark.retry' };

export interface ItemMarksPort {
  saveItemMark(mark: ItemMark): Promise<ItemMark>;
}

export function createItemMarksImplementations(port: ItemMarksPort) {
  return {
    actors: {
      saveItemMark: fromPromise<ItemMark, { mark: ItemMark }>(({ input }) => port.saveItemMark(input.mark)),
    },
  };
}

const queued = (pending: number[], index: number) =>
  pending.includes(index) ? pending : [...pending, index];
const indexParams = ({ event }: { event: ItemMarksEvent }) => ({ index: (event as { index: number }).index });

export const itemMarksMachine = setup({
  types: {
    context: {} as ItemMarksContext,
    events: {} as ItemMarksEvent,
    input: {} as ItemMarksInput,
  },
  actors: placeholdersFor('item-marks', createItemMarksImplementations),
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
    isItem: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < context.marks.length,
  },
  actions: {
    toggleFlag: assign(({ context }, { index }: { index: number }) => ({
      marks: context.marks.map((m, i) => (i === index ? { ...m, flagged: !m.flagged } : m)),
      pending: queued(context.pending, index),
    })),
    changeNote: assign({
      marks: ({ context, event }) => {
        const { index, text } = event as Extract<ItemMarksEvent, { type: 'note.change' }>;
        return context.marks.map((m, i) =>
          i === index ? { ...m, note: text.slice(0, NOTE_MAX_LENGTH) } : m,
        );
      },
    }),
    queueNote: assign({
      pending: ({ context }, { index }: { index: number }) => queued(context.pending, index),
    }),
    /** The oldest change is on the server, unless it changed again meanwhile: then it is saved again. */
    markSaved: assign(({ context }, { saved }: { saved: ItemMark }) => {
      const [first = 0, ...rest] = context.pending;
      const now = context.marks[first];
      const current = now?.flagged === saved.flagged && now?.note === saved.note;
      return { pending: current ? rest : [...rest, first], error: null };
    }),
    ...errorActions<ItemMarksContext, ItemMarksEvent>(),
  },
}).createMachine({
  id: 'item-marks',
  description:
    "The student's flag and note on each item of a test, saved to the server one change at a time.",
  context: ({ input }) => ({ marks: input.marks, pending: [], error: null }),
  on: {
    'flag.toggle': {
      guard: { type: 'isItem', params: indexParams },
      actions: { type: 'toggleFlag', params: indexParams },
    },
    'note.change': { guard: { type: 'isItem', params: indexParams }, actions: 'changeNote' },
    'note.save': {
      guard: { type: 'isItem', params: indexParams },
      actions: { type: 'queueNote', params: indexParams },
    },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Every flag and note is on the server (or none changed).',
      always: { guard: 'hasPending', target: 'saving' },
    },
    saving: {
      description: 'Saving the oldest changed flag or note, as it is now.',
      invoke: {
        id: 'saveItemMark',
        src: 'saveItemMark',
        input: ({ context }) => ({ mark: context.marks[context.pending[0] ?? 0] as ItemMark }),
        onDone: {
          target: 'idle',
          actions: { type: 'markSaved', params: ({ event }) => ({ saved: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: rememberFailure,
        },
      },
    },
    failed: {
      description: 'A flag or note could not be saved: it is kept here, with Try again.',
      on: { 'mark.retry': { target: 'saving' } },
    },
  },
});
