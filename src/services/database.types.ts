// GENERATED FILE: do not edit. Source: the migrated database's catalog (supabase/migrations).
// Regenerate with `npm run db:types` (scripts/gen-db-types.ts); npm test checks it is fresh.
// Only what the app may call: the functions of schema public that an API role may execute. json
// results are Json here: each service decodes them (src/services/rpc.ts).
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: Record<never, never>;
    Views: Record<never, never>;
    Functions: {
      answer_custom_test_item: {
        Args: {
          test_id: string | null;
          position: number | null;
          response: Json | null;
          seconds_spent: number | null;
        };
        Returns: Json;
      };
      check_user_entitlement: { Args: { check_user_id: string | null }; Returns: boolean | null };
      customer_for_portal: { Args: { p_user_id: string | null }; Returns: string | null };
      get_billing_status: { Args: Record<PropertyKey, never>; Returns: Json };
      get_clinical_judgment_set: { Args: { kind: string | null; item_limit?: number | null }; Returns: Json };
      get_custom_test: { Args: { test_id: string | null }; Returns: Json };
      get_custom_test_counts: { Args: { settings: Json | null }; Returns: Json };
      get_focused_practice_questions: {
        Args: { focus: string | null; question_limit?: number | null };
        Returns: Json;
      };
      get_judgment_set_review: { Args: { set_id: string | null }; Returns: Json };
      get_practice_questions: { Args: { question_limit?: number | null }; Returns: Json };
      get_practice_set: { Args: { set_id: string | null }; Returns: Json };
      get_results_summary: { Args: Record<PropertyKey, never>; Returns: Json };
      get_review_due_count: { Args: { utc_offset_minutes?: number | null }; Returns: Json };
      list_custom_tests: { Args: Record<PropertyKey, never>; Returns: Json };
      list_judgment_sets: { Args: Record<PropertyKey, never>; Returns: Json };
      mock_exam_access: { Args: { p_user: string | null }; Returns: boolean | null };
      mock_exam_answer: {
        Args: {
          p_user: string | null;
          p_exam: string | null;
          p_ordinal: number | null;
          p_token: string | null;
          p_response: Json | null;
          p_points: number | null;
          p_max_points: number | null;
          p_state: Json | null;
          p_pending: Json | null;
          p_next: Json | null;
          p_result: Json | null;
        };
        Returns: Json;
      };
      mock_exam_bank: { Args: Record<PropertyKey, never>; Returns: Json };
      mock_exam_finish: {
        Args: { p_user: string | null; p_exam: string | null; p_state: Json | null; p_result: Json | null };
        Returns: Json;
      };
      mock_exam_get: {
        Args: { p_user: string | null; p_exam: string | null; p_finished: boolean | null };
        Returns: Json;
      };
      mock_exam_history: { Args: { p_user: string | null }; Returns: Json };
      mock_exam_item_content: { Args: { p_ids: Json | null }; Returns: Json };
      mock_exam_start: {
        Args: { p_user: string | null; p_state: Json | null; p_pending: Json | null; p_first: Json | null };
        Returns: Json;
      };
      record_clinical_judgment_set: {
        Args: {
          set_id: string | null;
          kind: string | null;
          case_id: string | null;
          item_ids: Json | null;
          responses: Json | null;
          started_at: string | null;
          submitted_at: string | null;
        };
        Returns: Json;
      };
      record_practice_set: {
        Args: {
          set_id: string | null;
          question_ids: Json | null;
          chosen_option_ids: Json | null;
          layout: string | null;
          started_at: string | null;
          submitted_at: string | null;
          focus?: string | null;
        };
        Returns: Json;
      };
      reset_practice_history: { Args: Record<PropertyKey, never>; Returns: Json };
      set_item_mark: {
        Args: { bank: string | null; item_id: string | null; flagged: boolean | null; note: string | null };
        Returns: Json;
      };
      start_custom_test: { Args: { settings: Json | null }; Returns: Json };
      stripe_apply_subscription: {
        Args: {
          p_event_id: string | null;
          p_event_type: string | null;
          p_event_created: string | null;
          p_subscription: Json | null;
          p_source_version: string | null;
          p_user_id?: string | null;
          p_checkout_email?: string | null;
        };
        Returns: string | null;
      };
      submit_custom_test: { Args: { test_id: string | null }; Returns: Json };
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};
