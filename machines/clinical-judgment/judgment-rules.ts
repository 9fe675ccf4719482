import type { NgnItem } from '../../domain/ngn-items';
import { type NgnResponse, type ScoringGroup, scoringKeyOf } from '../../domain/ngn-scoring';

/**
 * How a pick changes an item's response, for every item type at once, from its scoring key:
 * - a group that takes one choice (a matrix row, a drop-down, a drag-and-drop blank, the bow-tie's
 *   condition) replaces its pick;
 * - a group that takes N (select N, the bow-tie's actions and parameters) adds until N are picked;
 *   a further pick is refused (`canPick`);
 * - a group without a limit (select all that apply, highlight, a matrix row with several choices)
 *   toggles;
 * - a drag-and-drop token sits in one blank only: placing it in another moves it.
 * Picking a choice already picked takes it back.
 */
function groupOf(item: NgnItem, groupId: string): ScoringGroup | undefined {
  return scoringKeyOf(item).groups.find((g) => g.id === groupId);
}

/** Whether picking `choiceId` in `groupId` is allowed now (a real choice, and room left for it). */
export function canPick(item: NgnItem, response: NgnResponse, groupId: string, choiceId: string): boolean {
  const group = groupOf(item, groupId);
  if (!group?.choices.includes(choiceId)) return false;
  const picks = response[groupId] ?? [];
  if (picks.includes(choiceId) || group.maxPicks === undefined || group.maxPicks === 1) return true;
  return picks.length < group.maxPicks;
}

/** The item's response after picking (or taking back) `choiceId` in `groupId`. */
export function pick(item: NgnItem, response: NgnResponse, groupId: string, choiceId: string): NgnResponse {
  const group = groupOf(item, groupId);
  if (!group || !canPick(item, response, groupId, choiceId)) return response;
  const picks = response[groupId] ?? [];
  const next: NgnResponse = { ...response };
  if (picks.includes(choiceId)) next[groupId] = picks.filter((id) => id !== choiceId);
  else if (group.maxPicks === 1) next[groupId] = [choiceId];
  else next[groupId] = [...picks, choiceId];
  if (item.type === 'drag-and-drop' && !picks.includes(choiceId)) {
    for (const other of Object.keys(next)) {
      if (other !== groupId) next[other] = (next[other] ?? []).filter((id) => id !== choiceId);
    }
  }
  return next;
}

/** An item is answered when every part has a pick (every row, blank and list of the bow-tie). */
export function isAnswered(item: NgnItem, response: NgnResponse | undefined): boolean {
  return scoringKeyOf(item).groups.every((g) => (response?.[g.id]?.length ?? 0) > 0);
}
