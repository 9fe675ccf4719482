import type { PracticePort } from '../../machines/shared/ports';
import { decodeEntitlement, decodePracticeQuestions } from './decoders';
import { callRpc } from './rpc';

/** Practice port implemented with the backend's remote procedures. */
export const practiceService: PracticePort = {
  async checkEntitlement(userId) {
    return (await callRpc('check_user_entitlement', { check_user_id: userId }, decodeEntitlement)) === true;
  },

  async loadQuestions(limit, focus) {
    // The spec's call for an ordinary set; the record's focused sets have their own procedure.
    const { questions } =
      focus === 'mixed'
        ? await callRpc('get_practice_questions', { question_limit: limit }, decodePracticeQuestions)
        : await callRpc(
            'get_focused_practice_questions',
            { focus, question_limit: limit },
            decodePracticeQuestions,
          );
    return questions;
  },
};
