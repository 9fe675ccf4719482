/**
 * The rules of answering any item of a custom test, classic or NGN, in one place: how a pick
 * changes the response, when an item counts as answered, which choices can be struck out, and how
 * an answer scores. NGN items follow the clinical-judgment rules (machines/clinical-judgment/judgment-rules.ts).
 */
import { maxPoints, scoreResponse, scoringKeyOf } from '../../domain/ngn-scoring';
import {
  canPick as canPickNgn,
  isAnswered as isNgnAnswered,
  pick as pickNgn,
} from '../clinical-judgment/judgment-rules';
import type { TestItem, TestResponse } from './test-session.ports';

/** The exam's pace: about 80 seconds per item (the NCLEX-PN allows 5 hours for up to 150 items, breaks included). */
export const TIMED_SECONDS_PER_ITEM = 80;

/** A note longer than this is cut (a note is a reminder, not an essay; it travels with the record). */
export const NOTE_MAX_LENGTH = 1000;

/** The group a classic question's single answer sits in. */
export const CLASSIC_GROUP = 'options';

export function canPickIn(
  item: TestItem,
  response: TestResponse,
  groupId: string,
  choiceId: string,
): boolean {
  if (item.kind === 'ngn') return canPickNgn(item.item, response, groupId, choiceId);
  return groupId === CLASSIC_GROUP && item.question.options.some((o) => o.id === choiceId);
}

/** A classic question takes one option (another pick replaces it); an NGN item follows its type. */
export function pickIn(
  item: TestItem,
  response: TestResponse,
  groupId: string,
  choiceId: string,
): TestResponse {
  if (!canPickIn(item, response, groupId, choiceId)) return response;
  if (item.kind === 'ngn') return pickNgn(item.item, response, groupId, choiceId);
  return { [CLASSIC_GROUP]: [choiceId] };
}

export function isItemAnswered(item: TestItem, response: TestResponse | undefined): boolean {
  if (item.kind === 'ngn') return isNgnAnswered(item.item, response);
  return (response?.[CLASSIC_GROUP]?.length ?? 0) > 0;
}

/** The choices that can be struck out: the options of a classic question or of a multiple-response item. */
export function strikeableChoices(item: TestItem): string[] {
  if (item.kind === 'classic') return item.question.options.map((o) => o.id);
  return item.item.type === 'multiple-response' ? item.item.options.map((o) => o.id) : [];
}

export interface TestItemScore {
  points: number;
  max: number;
  answered: boolean;
}

/** How an item scores: a classic question 1 point for its correct option; an NGN item as NCSBN scores it. */
export function scoreTestItem(item: TestItem, response: TestResponse | undefined): TestItemScore {
  const answered = isItemAnswered(item, response);
  if (item.kind === 'ngn') {
    const key = scoringKeyOf(item.item);
    return {
      points: answered ? scoreResponse(key, response ?? {}).points : 0,
      max: maxPoints(key),
      answered,
    };
  }
  const chosen = response?.[CLASSIC_GROUP]?.[0];
  const correct = item.question.options.some((o) => o.id === chosen && o.is_correct);
  return { points: correct ? 1 : 0, max: 1, answered };
}
