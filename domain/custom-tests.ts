/**
 * Custom tests (docs/decisions/220-custom-tests.md): the choices a student builds a test from, its
 * limits, and the shapes the backend serves. The server picks, serves, grades and records; these
 * are the facts both the builder, the test session and the service read.
 */
import type { ClientNeed } from './client-needs';
import type { NgnItem } from './ngn-items';
import type { NgnResponse } from './ngn-scoring';

/** Tutor: each item's key and rationale right after it is answered, then it is locked. Timed: the exam's pace, keys after submit. */
export const CUSTOM_TEST_MODES = ['tutor', 'timed'] as const;
export type CustomTestMode = (typeof CUSTOM_TEST_MODES)[number];

/** Which of the student's items a test draws from (per student, across practice, judgment sets and custom tests). */
export const CUSTOM_TEST_POOLS = ['all', 'unused', 'incorrect', 'flagged', 'due'] as const;
export type CustomTestPool = (typeof CUSTOM_TEST_POOLS)[number];

/** Classic multiple-choice questions, stand-alone NGN items, whole six-item case studies. Several = a mix. */
export const CUSTOM_TEST_KINDS = ['classic', 'standalone', 'case'] as const;
export type CustomTestKind = (typeof CUSTOM_TEST_KINDS)[number];

export const CUSTOM_TEST_MIN_ITEMS = 10;
export const CUSTOM_TEST_MAX_ITEMS = 85;
/** A timed test's pace: about the exam's (NCLEX-PN: 5 hours for up to 150 items → 120 s; tighter by choice, issue 29). */
export const TIMED_SECONDS_PER_ITEM = 80;
/** A case study is served whole: its six steps in order. */
export const CASE_STUDY_ITEMS = 6;
/** The longest private note kept per item. */
export const NOTE_MAX_LENGTH = 2000;

export interface CustomTestSettings {
  /** One or more of the eight client-need categories (all eight = all). */
  categories: ClientNeed[];
  /** 10–85: the test holds at most this many items (case studies whole, so a case-only test may hold fewer). */
  itemCount: number;
  pool: CustomTestPool;
  /** One or more kinds. */
  kinds: CustomTestKind[];
  mode: CustomTestMode;
  /**
   * The student's offset from UTC in minutes (`-new Date().getTimezoneOffset()`): "due" means due
   * by the end of the student's today.
   */
  utcOffsetMinutes: number;
}

/** What the builder shows before starting: each figure is what start would serve or draw from. */
export interface CustomTestCounts {
  /** The number of items start_custom_test serves for exactly these settings (0: nothing to serve). */
  items: number;
  /** Items matching the settings (case studies count six each), before the item count caps them. */
  available: number;
  /** Per category: the items available with that category alone and the other choices as given. */
  byCategory: Array<{ category: ClientNeed; available: number }>;
  /** Per pool, the other choices as given. */
  byPool: Record<CustomTestPool, number>;
  /** Per kind alone, the other choices as given. */
  byKind: Record<CustomTestKind, number>;
}

/** NGN key fields the server strips from an item it serves without its key (as the mock exam does). */
export type NgnKeyField = 'correct' | 'answers' | 'rationale' | 'scoring' | 'difficulty';
type Keyless<T> = T extends readonly (infer U)[]
  ? Keyless<U>[]
  : T extends object
    ? { [K in keyof T as K extends NgnKeyField ? never : K]: Keyless<T[K]> }
    : T;
/** An NGN item as a candidate sees it before answering: no key, rationale or difficulty. */
export type ServedNgnItem = Keyless<NgnItem>;

/**
 * A response, for every item kind in one shape: NGN items as NgnResponse (part id → choice ids);
 * a classic question as `{ answer: [optionId] }`.
 */
export type CustomTestResponse = NgnResponse;
export const CLASSIC_RESPONSE_PART = 'answer';

/** What a served item reveals once answered in tutor mode, or for every item once the test is submitted. */
export interface CustomTestReveal {
  points: number;
  maxPoints: number;
  rationale: string;
  /** Classic: the options with their key. */
  options: Array<{ id: string; label: string; isCorrect: boolean }> | null;
  /** NGN: the whole item with its key. */
  item: NgnItem | null;
}

export interface CustomTestItem {
  /** 1-based, the order of the test. */
  position: number;
  bank: 'classic' | 'ngn';
  itemId: string;
  category: ClientNeed;
  /** The case study the item belongs to (its step = the item's place in it), else null. */
  caseStudy: { id: string; title: string; intro: string; step: number } | null;
  /** Null once the student's access has ended (then only answers and points are shown). */
  classic: { stem: string; options: Array<{ id: string; label: string }> } | null;
  ngn: ServedNgnItem | null;
  /** The stored answer, null when not answered. */
  response: CustomTestResponse | null;
  /** Seconds spent on the item so far (as the client last reported). */
  secondsSpent: number;
  /** The student's flag and private note on this item (kept across tests). */
  flagged: boolean;
  note: string;
  /** Tutor mode: once answered. Both modes: once submitted. Else null. */
  reveal: CustomTestReveal | null;
}

export interface CustomTest {
  testId: string;
  mode: CustomTestMode;
  status: 'in_progress' | 'submitted';
  settings: CustomTestSettings;
  startedAt: string;
  submittedAt: string | null;
  /** Timed mode: items × 80 s, and the instant the clock runs out (from the stored start). Tutor: null. */
  timeLimitSeconds: number | null;
  endsAt: string | null;
  /** The server's clock when it answered (the client may correct its own clock by the difference). */
  serverNow: string;
  contentAvailable: boolean;
  items: CustomTestItem[];
  /** Once submitted. */
  result: { points: number; maxPoints: number; answered: number; unanswered: number } | null;
}

/** One row of the student's recent custom tests. */
export interface CustomTestListing {
  testId: string;
  mode: CustomTestMode;
  status: 'in_progress' | 'submitted';
  startedAt: string;
  submittedAt: string | null;
  items: number;
  answered: number;
  points: number;
  maxPoints: number;
}

/** The student's flag and note on one item. */
export interface ItemMark {
  bank: 'classic' | 'ngn';
  itemId: string;
  flagged: boolean;
  note: string;
}
