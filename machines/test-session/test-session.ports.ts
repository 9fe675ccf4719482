import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';
import type { PracticeQuestion } from '../practice-session/practice-session.ports';

/** Tutor: the key and rationale after each item, which is then locked. Timed: the exam's pace, results at the end. */
export type TestMode = 'tutor' | 'timed';

/**
 * The test the student built at /practice/custom, as the answering page receives it. The machine
 * reads only `mode`; the rest goes to the backend, which draws the items.
 */
export interface CustomTestRequest {
  mode: TestMode;
  /** Everything else the builder chose (categories, count, pool, item kinds), passed on as is. */
  settings: Record<string, unknown>;
}

/** A case study an NGN item belongs to: its scenario shows above each of its items. */
export interface TestCaseStudy {
  id: string;
  title: string;
  intro: string;
}

/**
 * One item of a custom test, whatever its kind: a classic question (one option) or an NGN item
 * (standalone or part of a case study). Both answer as an NgnResponse: a classic question's
 * response has one group, `options`, with the chosen option.
 */
export type TestItem =
  | { kind: 'classic'; id: string; question: PracticeQuestion }
  | { kind: 'ngn'; id: string; item: NgnItem; caseStudy: TestCaseStudy | null };

export type TestResponse = NgnResponse;

/** A finished custom test as the backend records it (it grades the responses itself). */
export interface CustomTestRecord {
  setId: string;
  userId: string;
  mode: TestMode;
  settings: Record<string, unknown>;
  itemIds: string[];
  /** One response per item, in order; `{}` for an item left unanswered. */
  responses: TestResponse[];
  /** Seconds spent on each item, in order. */
  secondsPerItem: number[];
  flaggedItemIds: string[];
  /** The student's private notes by item id (items without a note are absent). */
  notes: Record<string, string>;
  /** The timed test ended because its time ran out (answers so far kept). */
  timedOut: boolean;
  startedAt: string;
  submittedAt: string;
}

export interface CustomTestPort {
  checkEntitlement(userId: string): Promise<boolean>;
  /** Draws the test's items (none when the settings yield none, or without access). */
  loadCustomTest(request: CustomTestRequest): Promise<TestItem[]>;
  /** Keeps the finished test on this device until the backend has it. */
  queueCustomTest(record: CustomTestRecord): void;
  /** Sends the finished test to the learning record. */
  recordCustomTest(record: CustomTestRecord): Promise<void>;
}
