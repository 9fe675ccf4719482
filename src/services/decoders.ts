// One decoder per remote procedure the app reads: the JSON each returns (supabase/migrations; its
// signature in database.types.ts), checked before a service maps it to the port's types. A missing
// or mistyped field becomes "The … came back in an unexpected shape." (a BackendError).
import { z } from 'zod';
import { ngnItemSchema } from '../../domain/ngn-items';
import type { BillingKind, PracticeFocus } from '../../machines/shared/ports';
import { decoderOf } from './rpc';

const focus = z.enum(['mixed', 'weakest', 'missed'] satisfies PracticeFocus[]);
const option = z.object({ id: z.string(), label: z.string(), is_correct: z.boolean() });
const categoryScore = z.object({ category: z.string(), answered: z.number(), correct: z.number() });
const points = { points: z.number(), max_points: z.number() };
const judgmentKind = z.enum(['standalone', 'case']);
const caseHeading = z.object({ id: z.string(), title: z.string(), intro: z.string() }).nullable();

/** check_user_entitlement: a boolean (null only for a caller that is not the student: no access). */
export const decodeEntitlement = decoderOf('The entitlement check', z.boolean().nullable());

/** get_practice_questions and get_focused_practice_questions. */
export const decodePracticeQuestions = decoderOf(
  'The question set',
  z.object({
    questions: z.array(
      z.object({
        id: z.string(),
        stem: z.string(),
        category: z.string().nullable(),
        options: z.array(option),
        rationale: z.string().nullish(),
      }),
    ),
  }),
);

/** get_results_summary (the judgment block is absent from backends older than clinical judgment). */
export const decodeResultsSummary = decoderOf(
  'The results summary',
  z.object({
    totals: z.object({ sets: z.number(), answered: z.number(), correct: z.number() }),
    categories: z.array(categoryScore),
    over_time: z.array(
      z.object({ set_id: z.string(), submitted_at: z.string(), correct: z.number(), total: z.number() }),
    ),
    recent_sets: z.array(
      z.object({
        set_id: z.string(),
        submitted_at: z.string(),
        correct: z.number(),
        total: z.number(),
        focus,
        /** false: a repeat, listed but left out of every total (decision 103). */
        counted: z.boolean().optional(),
      }),
    ),
    weakest: z.array(categoryScore),
    missed_count: z.number(),
    seen_count: z.number(),
    bank_size: z.number(),
    judgment: z
      .object({
        sets: z.number(),
        ...points,
        by_step: z.array(z.object({ step: z.string(), ...points })),
        by_category: z.array(z.object({ category: z.string(), ...points })),
      })
      .optional(),
  }),
);

/** get_practice_set: one recorded set with its questions as answered. */
export const decodePracticeSet = decoderOf(
  'The practice set',
  z.object({
    set_id: z.string(),
    submitted_at: z.string(),
    started_at: z.string(),
    focus,
    correct: z.number(),
    total: z.number(),
    /** false once access has ended: answers and scores only, no question content. */
    content_available: z.boolean().optional(),
    questions: z.array(
      z.object({
        id: z.string(),
        stem: z.string().nullable(),
        category: z.string().nullable(),
        rationale: z.string().nullable(),
        chosen_option_id: z.string(),
        correct_option_id: z.string(),
        is_correct: z.boolean(),
        options: z.array(option),
      }),
    ),
  }),
);

/** get_clinical_judgment_set: standalone items, or a case study's six. */
export const decodeJudgmentSet = decoderOf(
  'The items',
  z.object({
    kind: judgmentKind,
    case: caseHeading,
    items: z.array(ngnItemSchema),
  }),
);

/** list_judgment_sets: the student's recorded judgment sets, newest first. */
export const decodeJudgmentListing = decoderOf(
  'The judgment sets',
  z.array(
    z.object({
      set_id: z.string(),
      kind: judgmentKind,
      case_title: z.string().nullable(),
      submitted_at: z.string(),
      items: z.number(),
      ...points,
    }),
  ),
);

/** get_judgment_set_review: one recorded set, each item beside the student's stored response. */
export const decodeJudgmentReview = decoderOf(
  'The judgment set',
  z.object({
    set_id: z.string(),
    kind: judgmentKind,
    case: caseHeading,
    submitted_at: z.string(),
    items: z.array(
      z.object({
        item_id: z.string(),
        /** Null once the item has been retired from the bank. */
        item: ngnItemSchema.nullable(),
        response: z.record(z.string(), z.array(z.string())),
      }),
    ),
  }),
);

/** get_billing_status. */
export const decodeBillingStatus = decoderOf(
  'Your subscription',
  z.object({
    kind: z.enum(['none', 'trialing', 'active', 'canceling', 'past_due', 'ended'] satisfies BillingKind[]),
    access_until: z.string().nullish(),
    renews_at: z.string().nullish(),
    ended_at: z.string().nullish(),
    had_trial: z.boolean().optional(),
  }),
);

/** create-portal-session's answer (an Edge Function, not a procedure): the portal's address. */
export const portalSession = z.object({ url: z.string().regex(/^https?:\/\//) });

/** An Edge Function's error body, `{ error, message }`. */
export const functionErrorBody = z.object({ message: z.string().min(1), error: z.string().optional() });
