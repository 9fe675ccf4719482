// One decoder per remote procedure the app reads: the JSON each returns (supabase/migrations; its
// signature in database.types.ts), checked before a service maps it to the port's types. A missing
// or mistyped field becomes "The … came back in an unexpected shape." (a BackendError).
import { z } from 'zod';
import { JUDGMENT_STEPS, ngnItemSchema } from '../../domain/ngn-items';
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

// ---- The mock-exam function (an Edge Function): the item on screen, without its key -------------

const shownChoice = z.object({ id: z.string(), text: z.string() });
const shownExhibitTab = z.union([
  z.object({ tab: z.string(), text: z.string() }),
  z.object({
    tab: z.string(),
    table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }),
  }),
]);
const shownNgnCommon = {
  id: z.string(),
  category: z.string(),
  step: z.enum(JUDGMENT_STEPS),
  setting: z.string(),
  topic: z.string(),
  trend: z.boolean().default(false),
  exhibit: z.array(shownExhibitTab).default([]),
  stem: z.string(),
};
/** An NGN item as the exam shows it: its shape, every key field (correct, answers, scoring) absent. */
export const shownNgnItem = z.discriminatedUnion('type', [
  z.object({
    ...shownNgnCommon,
    type: z.literal('multiple-response'),
    select: z.union([z.literal('all'), z.number().int()]),
    options: z.array(shownChoice),
  }),
  z.object({
    ...shownNgnCommon,
    type: z.literal('matrix'),
    columns: z.array(shownChoice),
    multiple: z.boolean(),
    rows: z.array(shownChoice),
  }),
  z.object({
    ...shownNgnCommon,
    type: z.literal('drop-down'),
    template: z.string(),
    blanks: z.array(z.object({ id: z.string(), options: z.array(shownChoice) })),
  }),
  z.object({
    ...shownNgnCommon,
    type: z.literal('drag-and-drop'),
    template: z.string(),
    tokens: z.array(shownChoice),
  }),
  z.object({ ...shownNgnCommon, type: z.literal('highlight'), segments: z.array(shownChoice) }),
  z.object({
    ...shownNgnCommon,
    type: z.literal('bow-tie'),
    condition: z.array(shownChoice),
    actions: z.array(shownChoice),
    parameters: z.array(shownChoice),
  }),
]);

const examItemBase = { ordinal: z.number().int(), token: z.string(), itemId: z.string() };
/** The mock-exam function's `{ exam }`: the clock, the count and the item on screen. */
export const mockExamBody = z.object({
  exam: z.object({
    id: z.string(),
    status: z.enum(['in_progress', 'finished']),
    timeLimitSeconds: z.number(),
    timeLeftSeconds: z.number(),
    itemsAnswered: z.number().int(),
    item: z
      .discriminatedUnion('bank', [
        z.object({
          ...examItemBase,
          bank: z.literal('classic'),
          stem: z.string(),
          options: z.array(z.object({ id: z.string(), label: z.string() })),
        }),
        z.object({
          ...examItemBase,
          bank: z.literal('ngn'),
          item: shownNgnItem,
          caseStudy: z
            .object({ id: z.string(), title: z.string(), intro: z.string(), step: z.number() })
            .nullable(),
        }),
      ])
      .nullable(),
  }),
});

/** A refusal of the mock-exam function: its code, its message and, for some, the exam as it is now. */
export const mockExamRefusalBody = z.object({
  error: z.string(),
  message: z.string().min(1),
  exam: mockExamBody.shape.exam.optional(),
});
