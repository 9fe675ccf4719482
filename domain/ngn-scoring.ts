/**
 * Scoring of Next Generation NCLEX items as NCSBN publishes it, on one neutral shape every item type
 * compiles to (domain/ngn-items.ts: `scoringKeyOf`). Pure: the app shows the score with it, the
 * tests pin every rule, and the database grades with the same rules (supabase/migrations, tested
 * against this module on every bank item).
 *
 * - 0/1: each correct choice earns 1, a wrong one 0 (multiple choice, select N, matrix with one
 *   choice per row, drop-down and drag-and-drop cloze, bow-tie).
 * - +/-: each correct choice earns 1, each wrong one costs 1; a group never scores below 0 (select
 *   all that apply, highlight, matrix with several choices per row, per row).
 * - dyad: 1 point only when both groups are right. triad: 2 points, 1 when groups 1 and 2 are right,
 *   1 when groups 1 and 3 are right (drop-down and drag-and-drop rationale).
 */

import type { NgnItem } from './ngn-items';

export type ScoringRule = '0/1' | '+/-' | 'dyad' | 'triad';

/** One place a student answers: a row, a blank, a list of options; `correct` holds its key. */
export interface ScoringGroup {
  id: string;
  /** Every choice the student may pick in this group. */
  choices: string[];
  correct: string[];
  /** How many choices the student may pick here (one per row or blank, N for "select N"); none: any. */
  maxPicks?: number;
}

export interface ScoringKey {
  rule: ScoringRule;
  groups: ScoringGroup[];
}

/** The student's picks: group id → the choice ids picked there (none when left empty). */
export type NgnResponse = Record<string, string[]>;

export interface ItemScore {
  points: number;
  max: number;
}

function picksOf(response: NgnResponse, group: ScoringGroup): string[] {
  // Only real choices of the group count, each once: a forged or repeated id earns nothing, and
  // picking more than allowed (every option of a "select 2") earns nothing in that group.
  const picks = [...new Set(response[group.id] ?? [])].filter((id) => group.choices.includes(id));
  return group.maxPicks !== undefined && picks.length > group.maxPicks ? [] : picks;
}

/** Why a response does not fit the item (unknown group or choice, too many picks), or null. */
export function responseProblem(key: ScoringKey, response: NgnResponse): string | null {
  for (const [groupId, picks] of Object.entries(response)) {
    const group = key.groups.find((g) => g.id === groupId);
    if (!group) return `Unknown part "${groupId}".`;
    const unknown = picks.find((id) => !group.choices.includes(id));
    if (unknown !== undefined) return `Unknown choice "${unknown}" in part "${groupId}".`;
    if (new Set(picks).size !== picks.length) return `A choice is picked twice in part "${groupId}".`;
    if (group.maxPicks !== undefined && picks.length > group.maxPicks)
      return `Part "${groupId}" takes at most ${group.maxPicks} ${group.maxPicks === 1 ? 'choice' : 'choices'}.`;
  }
  return null;
}

function rightPicks(response: NgnResponse, group: ScoringGroup): number {
  return picksOf(response, group).filter((id) => group.correct.includes(id)).length;
}

function wrongPicks(response: NgnResponse, group: ScoringGroup): number {
  return picksOf(response, group).filter((id) => !group.correct.includes(id)).length;
}

/** A group is right when exactly its key is picked. */
function isRight(response: NgnResponse, group: ScoringGroup | undefined): boolean {
  if (!group) return false;
  const picks = picksOf(response, group);
  return picks.length === group.correct.length && picks.every((id) => group.correct.includes(id));
}

/** The most points an item can earn. */
export function maxPoints(key: ScoringKey): number {
  switch (key.rule) {
    case 'dyad':
      return 1;
    case 'triad':
      return 2;
    default:
      return key.groups.reduce((sum, group) => sum + group.correct.length, 0);
  }
}

/** Points earned by a response under the item's rule. */
export function scoreResponse(key: ScoringKey, response: NgnResponse): ItemScore {
  const max = maxPoints(key);
  const [first, second, third] = key.groups;
  let points: number;
  switch (key.rule) {
    case '0/1':
      points = key.groups.reduce((sum, group) => sum + rightPicks(response, group), 0);
      break;
    case '+/-':
      points = key.groups.reduce(
        (sum, group) => sum + Math.max(0, rightPicks(response, group) - wrongPicks(response, group)),
        0,
      );
      break;
    case 'dyad':
      points = isRight(response, first) && isRight(response, second) ? 1 : 0;
      break;
    case 'triad':
      points =
        (isRight(response, first) && isRight(response, second) ? 1 : 0) +
        (isRight(response, first) && isRight(response, third) ? 1 : 0);
      break;
  }
  return { points, max };
}

// The item's key in the neutral shape. Kept here, not beside the schemas, so the app can score
// without bundling the schema library (it imports the item types only).
const groupOf = (
  id: string,
  options: Array<{ id: string; correct: boolean }>,
  maxPicks?: number,
): ScoringGroup => ({
  id,
  choices: options.map((o) => o.id),
  correct: options.filter((o) => o.correct).map((o) => o.id),
  ...(maxPicks === undefined ? {} : { maxPicks }),
});

/** The item's key in the neutral scoring shape: which groups, which choices, which rule. */
export function scoringKeyOf(item: NgnItem): ScoringKey {
  switch (item.type) {
    case 'multiple-response':
      return item.select === 'all'
        ? { rule: '+/-', groups: [groupOf('options', item.options)] }
        : { rule: '0/1', groups: [groupOf('options', item.options, item.select)] };
    case 'matrix':
      return {
        rule: item.multiple ? '+/-' : '0/1',
        groups: item.rows.map((row) => ({
          id: row.id,
          choices: item.columns.map((c) => c.id),
          correct: row.correct,
          ...(item.multiple ? {} : { maxPicks: 1 }),
        })),
      };
    case 'drop-down':
      return { rule: item.scoring, groups: item.blanks.map((b) => groupOf(b.id, b.options, 1)) };
    case 'drag-and-drop':
      return {
        rule: item.scoring,
        groups: Object.entries(item.answers)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([blank, token]) => ({
            id: blank,
            choices: item.tokens.map((t) => t.id),
            correct: [token],
            maxPicks: 1,
          })),
      };
    case 'highlight':
      return { rule: '+/-', groups: [groupOf('segments', item.segments)] };
    case 'bow-tie':
      return {
        rule: '0/1',
        groups: [
          groupOf('condition', item.condition, 1),
          groupOf('actions', item.actions, 2),
          groupOf('parameters', item.parameters, 2),
        ],
      };
  }
}
