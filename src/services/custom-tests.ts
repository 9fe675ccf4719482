// Custom tests over the backend's procedures (docs/decisions/220-custom-tests.md): the builder's
// counts, starting a test, answering (tutor mode reveals that item's key), submitting, reading a
// test back (resume after reload, review), the student's flags and notes, the review schedule's
// due count and the list of recent tests. The server picks, grades and records; every answer the
// client sends is only a choice.
import { z } from 'zod';
import { CLIENT_NEEDS, type ClientNeed } from '../../domain/client-needs';
import {
  CUSTOM_TEST_KINDS,
  CUSTOM_TEST_MODES,
  CUSTOM_TEST_POOLS,
  type CustomTest,
  type CustomTestCounts,
  type CustomTestItem,
  type CustomTestListing,
  type CustomTestResponse,
  type CustomTestSettings,
  type ItemMark,
  type ServedNgnItem,
} from '../../domain/custom-tests';
import { ngnItemSchema } from '../../domain/ngn-items';
import type { TestBuilderPort } from '../../machines/shared/ports';
import { practiceService } from './practice.service';
import { callRpc, type Decoder, decoderOf } from './rpc';

const category = z.enum(CLIENT_NEEDS.map((need) => need.name) as [ClientNeed, ...ClientNeed[]]);
const mode = z.enum(CUSTOM_TEST_MODES);
const pool = z.enum(CUSTOM_TEST_POOLS);
const kind = z.enum(CUSTOM_TEST_KINDS);
const bank = z.enum(['classic', 'ngn']);
const response = z.record(z.string(), z.array(z.string()));
const count = z.number().int().nonnegative();

/** The settings as the procedures take and return them (snake_case JSON). */
const settingsJson = z.object({
  categories: z.array(category),
  item_count: z.number().int(),
  pool,
  kinds: z.array(kind),
  mode,
  utc_offset_minutes: z.number().int(),
});

function settingsArg(settings: CustomTestSettings) {
  return {
    categories: settings.categories,
    item_count: settings.itemCount,
    pool: settings.pool,
    kinds: settings.kinds,
    mode: settings.mode,
    utc_offset_minutes: settings.utcOffsetMinutes,
  };
}

/** A served NGN item without its key: checked for the fields every view needs, the rest kept as sent. */
const servedNgnItem = z.looseObject({
  id: z.string(),
  type: z.enum(['multiple-response', 'matrix', 'drop-down', 'drag-and-drop', 'highlight', 'bow-tie']),
  stem: z.string(),
});

const reveal = z.object({
  points: count,
  max_points: count,
  rationale: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string(), is_correct: z.boolean() })).nullable(),
  item: ngnItemSchema.nullable(),
});

const item = z.object({
  position: z.number().int().positive(),
  bank,
  item_id: z.string(),
  category,
  case: z.object({ id: z.string(), title: z.string(), intro: z.string(), step: z.number().int() }).nullable(),
  classic: z
    .object({ stem: z.string(), options: z.array(z.object({ id: z.string(), label: z.string() })) })
    .nullable(),
  ngn: servedNgnItem.nullable(),
  response: response.nullable(),
  seconds_spent: count,
  flagged: z.boolean(),
  note: z.string(),
  reveal: reveal.nullable(),
});

const test = z.object({
  test_id: z.string(),
  mode,
  status: z.enum(['in_progress', 'submitted']),
  settings: settingsJson,
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  time_limit_seconds: count.nullable(),
  ends_at: z.string().nullable(),
  server_now: z.string(),
  content_available: z.boolean(),
  items: z.array(item),
  result: z.object({ points: count, max_points: count, answered: count, unanswered: count }).nullable(),
});

function toItem(row: z.output<typeof item>): CustomTestItem {
  return {
    position: row.position,
    bank: row.bank,
    itemId: row.item_id,
    category: row.category,
    caseStudy: row.case,
    classic: row.classic,
    // The server strips the same key fields ServedNgnItem leaves out (private.ngn_item_without_keys).
    ngn: row.ngn as ServedNgnItem | null,
    response: row.response,
    secondsSpent: row.seconds_spent,
    flagged: row.flagged,
    note: row.note,
    reveal: row.reveal && {
      points: row.reveal.points,
      maxPoints: row.reveal.max_points,
      rationale: row.reveal.rationale,
      options:
        row.reveal.options?.map((o) => ({ id: o.id, label: o.label, isCorrect: o.is_correct })) ?? null,
      item: row.reveal.item,
    },
  };
}

function toTest(row: z.output<typeof test>): CustomTest {
  return {
    testId: row.test_id,
    mode: row.mode,
    status: row.status,
    settings: {
      categories: row.settings.categories,
      itemCount: row.settings.item_count,
      pool: row.settings.pool,
      kinds: row.settings.kinds,
      mode: row.settings.mode,
      utcOffsetMinutes: row.settings.utc_offset_minutes,
    },
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    timeLimitSeconds: row.time_limit_seconds,
    endsAt: row.ends_at,
    serverNow: row.server_now,
    contentAvailable: row.content_available,
    items: row.items.map(toItem),
    result: row.result && {
      points: row.result.points,
      maxPoints: row.result.max_points,
      answered: row.result.answered,
      unanswered: row.result.unanswered,
    },
  };
}

const rawCounts = decoderOf(
  'The item counts',
  z.object({
    items: count,
    available: count,
    by_category: z.array(z.object({ category, available: count })),
    by_pool: z.object({ all: count, unused: count, incorrect: count, flagged: count, due: count }),
    by_kind: z.object({ classic: count, standalone: count, case: count }),
  }),
);
const rawTest = decoderOf('The test', test);
const rawItem = decoderOf('The answer', item);
const rawListing = decoderOf(
  'Your tests',
  z.array(
    z.object({
      test_id: z.string(),
      mode,
      status: z.enum(['in_progress', 'submitted']),
      started_at: z.string(),
      submitted_at: z.string().nullable(),
      items: count,
      answered: count,
      points: count,
      max_points: count,
    }),
  ),
);
const rawMark = decoderOf(
  'The flag and note',
  z.object({ bank, item_id: z.string(), flagged: z.boolean(), note: z.string() }),
);
const rawDueCount = decoderOf('The review count', z.object({ due_today: count }));

// Each procedure's decoder: checks the JSON, then maps it to the domain's types (the tests decode
// the procedures' answers with these too).

/** get_custom_test_counts. */
export const decodeCustomTestCounts: Decoder<CustomTestCounts> = (data) => {
  const row = rawCounts(data);
  return {
    items: row.items,
    available: row.available,
    byCategory: row.by_category,
    byPool: row.by_pool,
    byKind: row.by_kind,
  };
};
/** start_custom_test, get_custom_test, submit_custom_test. */
export const decodeCustomTest: Decoder<CustomTest> = (data) => toTest(rawTest(data));
/** answer_custom_test_item: the answered item as get_custom_test shows it. */
export const decodeCustomTestItem: Decoder<CustomTestItem> = (data) => toItem(rawItem(data));
/** list_custom_tests. */
export const decodeCustomTestListing: Decoder<CustomTestListing[]> = (data) =>
  rawListing(data).map((row) => ({
    testId: row.test_id,
    mode: row.mode,
    status: row.status,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    items: row.items,
    answered: row.answered,
    points: row.points,
    maxPoints: row.max_points,
  }));
/** set_item_mark. */
export const decodeItemMark: Decoder<ItemMark> = (data) => {
  const row = rawMark(data);
  return { bank: row.bank, itemId: row.item_id, flagged: row.flagged, note: row.note };
};
/** get_review_due_count. */
export const decodeDueCount: Decoder<number> = (data) => rawDueCount(data).due_today;

/** What the settings would serve, and the counts of each choice beside them (no content, no entitlement needed). */
export async function loadCustomTestCounts(settings: CustomTestSettings): Promise<CustomTestCounts> {
  return callRpc('get_custom_test_counts', { settings: settingsArg(settings) }, decodeCustomTestCounts);
}

/** Serves a new test (entitlement required). Items come without keys; the id goes in the test page's URL. */
export async function startCustomTest(settings: CustomTestSettings): Promise<CustomTest> {
  return callRpc('start_custom_test', { settings: settingsArg(settings) }, decodeCustomTest);
}

/** One of the student's tests: in progress (resume, with the clock from the stored start) or submitted (review). */
export async function loadCustomTest(testId: string): Promise<CustomTest> {
  return callRpc('get_custom_test', { test_id: testId }, decodeCustomTest);
}

/**
 * Stores the answer to one item and the seconds spent on it so far. Tutor: the item comes back with
 * its reveal and is locked (a second answer is refused). Timed: the answer may change until submit
 * or time-out; the item comes back without a reveal.
 */
export async function answerCustomTestItem(
  testId: string,
  position: number,
  answer: CustomTestResponse,
  secondsSpent: number,
): Promise<CustomTestItem> {
  return callRpc(
    'answer_custom_test_item',
    { test_id: testId, position, response: answer, seconds_spent: Math.max(0, Math.round(secondsSpent)) },
    decodeCustomTestItem,
  );
}

/** Ends the test (the student's submit or the clock running out): graded, recorded, every key revealed. Idempotent. */
export async function submitCustomTest(testId: string): Promise<CustomTest> {
  return callRpc('submit_custom_test', { test_id: testId }, decodeCustomTest);
}

/** Flags or unflags an item and keeps a private note on it (an item served to the student). */
export async function saveItemMark(mark: ItemMark): Promise<ItemMark> {
  return callRpc(
    'set_item_mark',
    { bank: mark.bank, item_id: mark.itemId, flagged: mark.flagged, note: mark.note },
    decodeItemMark,
  );
}

/** How many items the review schedule has due by the end of the student's today. */
export async function loadDueCount(utcOffsetMinutes: number): Promise<number> {
  return callRpc('get_review_due_count', { utc_offset_minutes: utcOffsetMinutes }, decodeDueCount);
}

/** The student's recent custom tests, newest first (20). */
export async function listCustomTests(): Promise<CustomTestListing[]> {
  return callRpc('list_custom_tests', {}, decodeCustomTestListing);
}

/** The student's offset from UTC now, for the "due today" figures. */
export const localUtcOffsetMinutes = (): number => -new Date().getTimezoneOffset();

/** The custom-test builder's port (machines/test-builder): the shared entitlement check, the counts, the serve. */
export const testBuilderService: TestBuilderPort = {
  checkEntitlement: practiceService.checkEntitlement,
  loadCounts: loadCustomTestCounts,
  async startTest(settings) {
    return { testId: (await startCustomTest(settings)).testId };
  },
};
