/**
 * The mock exam's keys for tests: what the server knows about an item it served (its key, its
 * difficulty label and points), read from the database as only the server may, so a test can answer
 * right or wrong on purpose. Used by the HTTP tests (tests/server) and the browser tests (tests/ui).
 */
import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse, ScoringKey } from '../../domain/ngn-scoring';
import type { LocalBackend } from './backend';

/** An item as the mock-exam function serves it (the rest is the database's). */
export interface ServedItem {
  ordinal: number;
  token: string;
  itemId: string;
  bank: 'classic' | 'ngn';
}

export interface ItemKey {
  right: { optionIds: string[] } | { picks: NgnResponse };
  wrong: { optionIds: string[] } | { picks: NgnResponse };
  /** Its difficulty label and most points (the engine's label prior). */
  difficulty: string;
  maxPoints: number;
  /** Classic: its options in order (label and id); NGN: the whole item and its scoring key. */
  options?: Array<{ id: string; label: string; isCorrect: boolean }>;
  ngn?: { item: NgnItem; scoring: ScoringKey };
}

/** A wrong pick in every part: the first choice that is not the key (a drag-and-drop word used once). */
function wrongPicks(item: NgnItem, scoring: ScoringKey): NgnResponse {
  const used = new Set<string>();
  return Object.fromEntries(
    scoring.groups.map((group) => {
      const wrong = group.choices.find((id) => !group.correct.includes(id) && !used.has(id)) ?? '';
      if (item.type === 'drag-and-drop') used.add(wrong);
      return [group.id, [wrong]];
    }),
  );
}

/** The item's key, from the database. */
export async function keyOf(backend: LocalBackend, item: ServedItem): Promise<ItemKey> {
  if (item.bank === 'classic') {
    const { rows } = await backend.db.query<{
      id: string;
      label: string;
      is_correct: boolean;
      difficulty: string;
    }>(
      `select o.id, o.label, o.is_correct, q.difficulty from public.question_options o
         join public.questions q on q.id = o.question_id where o.question_id = $1 order by o.position`,
      [item.itemId],
    );
    const options = rows.map((r) => ({ id: r.id, label: r.label, isCorrect: r.is_correct }));
    return {
      right: { optionIds: options.filter((o) => o.isCorrect).map((o) => o.id) },
      wrong: { optionIds: [options.find((o) => !o.isCorrect)?.id ?? ''] },
      difficulty: rows[0]?.difficulty ?? 'medium',
      maxPoints: 1,
      options,
    };
  }
  const { rows } = await backend.db.query<{
    item: NgnItem;
    scoring: ScoringKey;
    difficulty: string;
    max_points: number;
  }>('select item, scoring, difficulty, max_points from public.ngn_items where id = $1', [item.itemId]);
  const row = rows[0];
  if (!row) throw new Error(`no NGN item ${item.itemId}`);
  return {
    right: { picks: Object.fromEntries(row.scoring.groups.map((g) => [g.id, g.correct])) },
    wrong: { picks: wrongPicks(row.item, row.scoring) },
    difficulty: row.difficulty,
    maxPoints: row.max_points,
    ngn: { item: row.item, scoring: row.scoring },
  };
}
