import type { NgnResponse } from '../../domain/ngn-scoring';
import { canPick, isAnswered, pick } from '../clinical-judgment/judgment-rules';
import type { ExamAnswer, ExamResponse, ShownItem } from './mock-exam.ports';
import type { MockExamContext } from './mock-exam.types';

/**
 * How a pick changes the response to the item on screen. NGN items follow the practice pick rules
 * (machines/clinical-judgment/judgment-rules.ts); a classic item's one option is the part
 * `options`, where a pick replaces the last.
 */
export const CLASSIC_PART = 'options';

export function canPickIn(
  item: ShownItem,
  response: NgnResponse,
  groupId: string,
  choiceId: string,
): boolean {
  if (item.bank === 'ngn') return canPick(item.item, response, groupId, choiceId);
  return groupId === CLASSIC_PART && item.options.some((option) => option.id === choiceId);
}

export function pickIn(
  item: ShownItem,
  response: NgnResponse,
  groupId: string,
  choiceId: string,
): NgnResponse {
  if (!canPickIn(item, response, groupId, choiceId)) return response;
  if (item.bank === 'ngn') return pick(item.item, response, groupId, choiceId);
  return { [CLASSIC_PART]: [choiceId] };
}

/** Every part has a pick: the answer may be submitted. */
export function isAnsweredIn(item: ShownItem, response: NgnResponse): boolean {
  if (item.bank === 'ngn') return isAnswered(item.item, response);
  return (response[CLASSIC_PART]?.length ?? 0) === 1;
}

/** The response as the mock-exam function takes it. */
export function examResponseOf(item: ShownItem, response: NgnResponse): ExamResponse {
  return item.bank === 'classic' ? { optionIds: response[CLASSIC_PART] ?? [] } : { picks: response };
}

/** The answer to the item on screen as the function takes it. */
export function answerOf(context: Pick<MockExamContext, 'exam' | 'response'>): ExamAnswer {
  const item = context.exam?.item;
  if (!item) throw new Error('No item on screen to answer');
  return {
    ordinal: item.ordinal,
    token: item.token,
    itemId: item.itemId,
    response: examResponseOf(item, context.response),
  };
}
