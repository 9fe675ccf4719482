import type { PostgrestError } from '@supabase/supabase-js';
import { BackendError, type PracticePort, type PracticeQuestion } from '../../machines/shared/ports';
import { getSupabase } from './supabase';

function fail(error: PostgrestError): never {
  throw new BackendError(error.message || 'An unexpected error occurred', error.code || undefined);
}

/** Practice port implemented with the backend's remote procedures. */
export const practiceService: PracticePort = {
  async checkEntitlement(userId) {
    const { data, error } = await (await getSupabase()).rpc('check_user_entitlement', {
      check_user_id: userId,
    });
    if (error) fail(error);
    return data === true;
  },

  async loadQuestions(limit) {
    const { data, error } = await (await getSupabase()).rpc('get_practice_questions', {
      question_limit: limit,
    });
    if (error) fail(error);
    const questions = (data as { questions?: PracticeQuestion[] } | null)?.questions;
    if (!Array.isArray(questions))
      throw new BackendError('The question set came back in an unexpected shape.');
    return questions;
  },
};
