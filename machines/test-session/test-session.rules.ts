/**
 * The rules of answering any item of a custom test, classic or NGN, in one place: how a pick
 * changes the response, when an item counts as answered, and which choices can be struck out. NGN
 * items follow the clinical-judgment rules (machines/clinical-judgment/judgment-rules.ts).
 */
import {
  CLASSIC_RESPONSE_PART,
  type CustomTestItem,
  type CustomTestResponse,
} from '../../domain/custom-tests';
import type { NgnItem } from '../../domain/ngn-items';
import {
  canPick as canPickNgn,
  isAnswered as isNgnAnswered,
  pick as pickNgn,
} from '../clinical-judgment/judgment-rules';

export { CLASSIC_RESPONSE_PART };

/**
 * A served NGN item has no key. Its parts and their limits come from its structure, except a
 * drag-and-drop item's, whose blanks the key (`answers`) lists: they are read from the template
 * instead, so the judgment rules work on the keyless item unchanged.
 */
export function pickableNgn(item: CustomTestItem): NgnItem | null {
  const ngn = item.ngn as unknown as (NgnItem & { answers?: Record<string, string> }) | null;
  if (!ngn) return null;
  if (ngn.type !== 'drag-and-drop' || ngn.answers) return ngn;
  const blanks = [...ngn.template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '');
  return { ...ngn, answers: Object.fromEntries(blanks.map((b) => [b, ngn.tokens[0]?.id ?? ''])) };
}

export function canPickIn(
  item: CustomTestItem,
  response: CustomTestResponse,
  groupId: string,
  choiceId: string,
) {
  const ngn = pickableNgn(item);
  if (ngn) return canPickNgn(ngn, response, groupId, choiceId);
  return groupId === CLASSIC_RESPONSE_PART && (item.classic?.options.some((o) => o.id === choiceId) ?? false);
}

/** A classic question takes one option (another pick replaces it); an NGN item follows its type. */
export function pickIn(
  item: CustomTestItem,
  response: CustomTestResponse,
  groupId: string,
  choiceId: string,
): CustomTestResponse {
  if (!canPickIn(item, response, groupId, choiceId)) return response;
  const ngn = pickableNgn(item);
  return ngn ? pickNgn(ngn, response, groupId, choiceId) : { [CLASSIC_RESPONSE_PART]: [choiceId] };
}

export function isItemAnswered(item: CustomTestItem, response: CustomTestResponse | undefined): boolean {
  const ngn = pickableNgn(item);
  if (ngn) return isNgnAnswered(ngn, response);
  return (response?.[CLASSIC_RESPONSE_PART]?.length ?? 0) > 0;
}

/** The choices that can be struck out: the options of a classic question or of a multiple-response item. */
export function strikeableChoices(item: CustomTestItem | undefined): string[] {
  if (item?.classic) return item.classic.options.map((o) => o.id);
  return item?.ngn?.type === 'multiple-response' ? item.ngn.options.map((o) => o.id) : [];
}
