/** What the views and the machine read from a test session, computed in one place. */
import type { CustomTestRecord, TestItem, TestResponse } from './test-session.ports';
import { isItemAnswered, TIMED_SECONDS_PER_ITEM } from './test-session.rules';
import type { TestProgress, TestSessionContext, TestSessionInput } from './test-session.types';

type WithContext = { context: TestSessionContext };

export const currentItem = ({ context }: WithContext): TestItem | undefined =>
  context.items[context.currentIndex];
export const currentResponse = ({ context }: WithContext): TestResponse =>
  context.responses[context.currentIndex] ?? {};
export const isFirstItem = ({ context }: WithContext) => context.currentIndex === 0;
export const isLastItem = ({ context }: WithContext) => context.currentIndex === context.items.length - 1;
export const isCurrentAnswered = ({ context }: WithContext) => {
  const item = currentItem({ context });
  return item !== undefined && isItemAnswered(item, currentResponse({ context }));
};
/** Tutor mode: the item on screen shows its key and is locked. */
export const isCurrentChecked = ({ context }: WithContext) =>
  context.checked.includes(currentItem({ context })?.id ?? '');
export const answeredCount = ({ context }: WithContext) =>
  context.items.filter((item, i) => isItemAnswered(item, context.responses[i])).length;

/** The timed test's length: the exam's pace for every item. */
export const timeLimitMs = (context: Pick<TestSessionContext, 'items'>) =>
  context.items.length * TIMED_SECONDS_PER_ITEM * 1000;

/** Time left, from the stored start and the time source, never below zero (a reload resumes exactly). */
export function remainingMs(context: Pick<TestSessionContext, 'items' | 'startedAt' | 'now'>): number {
  const elapsed = Date.parse(context.now()) - Date.parse(context.startedAt);
  return Math.max(0, timeLimitMs(context) - elapsed);
}

/** Seconds per item with the time on the item on screen added (when the student leaves it or submits). */
export function secondsWithCurrent(context: TestSessionContext): number[] {
  const spent = Math.max(0, Date.parse(context.now()) - Date.parse(context.itemOpenedAt)) / 1000;
  return context.secondsPerItem.map((s, i) => (i === context.currentIndex ? Math.round(s + spent) : s));
}

export function progressOf(context: TestSessionContext): TestProgress | null {
  if (!context.session || !context.request) return null;
  return {
    userId: context.session.userId,
    request: context.request,
    items: context.items,
    responses: context.responses,
    checked: context.checked,
    currentIndex: context.currentIndex,
    secondsPerItem: context.secondsPerItem,
    flagged: context.flagged,
    notes: context.notes,
    struck: context.struck,
    setId: context.setId,
    startedAt: context.startedAt,
  };
}

/** The stored test resumes only for the student it belongs to. */
export function resumableTest(input: TestSessionInput): TestProgress | null {
  const { saved, session } = input;
  if (!saved || !session || saved.userId !== session.userId) return null;
  const n = saved.items.length;
  const consistent =
    n > 0 &&
    saved.responses.length === n &&
    saved.secondsPerItem.length === n &&
    Number.isInteger(saved.currentIndex) &&
    saved.currentIndex >= 0 &&
    saved.currentIndex < n &&
    !Number.isNaN(Date.parse(saved.startedAt));
  return consistent ? saved : null;
}

export function testRecordOf(context: TestSessionContext): CustomTestRecord {
  return {
    setId: context.setId,
    userId: context.session?.userId ?? '',
    mode: context.mode,
    settings: context.request?.settings ?? {},
    itemIds: context.items.map((item) => item.id),
    responses: context.responses,
    secondsPerItem: context.secondsPerItem,
    flaggedItemIds: context.flagged,
    notes: context.notes,
    timedOut: context.timedOut,
    startedAt: context.startedAt,
    submittedAt: context.submittedAt ?? context.now(),
  };
}
