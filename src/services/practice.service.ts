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

  async loadQuestions(limit, focus) {
    const supabase = await getSupabase();
    // The spec's call for an ordinary set; the record's focused sets have their own procedure.
    const { data, error } =
      focus === 'mixed'
        ? await supabase.rpc('get_practice_questions', { question_limit: limit })
        : await supabase.rpc('get_focused_practice_questions', { focus, question_limit: limit });
    if (error) fail(error);
    const questions = (data as { questions?: PracticeQuestion[] } | null)?.questions;
    if (!Array.isArray(questions))
      throw new BackendError('The question set came back in an unexpected shape.');
    return questions;
  },
};
