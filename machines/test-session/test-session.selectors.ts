/** What the views and the machine read from a test session, computed in one place. */
import type {
  CustomTest,
  CustomTestItem,
  CustomTestResponse,
  CustomTestSubmission,
} from './test-session.ports';
import { isItemAnswered } from './test-session.rules';
import type { TestProgress, TestSessionContext } from './test-session.types';

type WithContext = { context: TestSessionContext };

export const itemsOf = (context: TestSessionContext): CustomTestItem[] => context.test?.items ?? [];
export const currentItem = ({ context }: WithContext): CustomTestItem | undefined =>
  itemsOf(context)[context.currentIndex];
export const currentResponse = ({ context }: WithContext): CustomTestResponse =>
  context.responses[context.currentIndex] ?? {};
export const isFirstItem = ({ context }: WithContext) => context.currentIndex === 0;
export const isLastItem = ({ context }: WithContext) => context.currentIndex === itemsOf(context).length - 1;
export const isCurrentAnswered = ({ context }: WithContext) => {
  const item = currentItem({ context });
  return item !== undefined && isItemAnswered(item, currentResponse({ context }));
};
/** Tutor mode: the item on screen came back with its key and is locked. */
export const isCurrentChecked = ({ context }: WithContext) => Boolean(currentItem({ context })?.reveal);
export const isAnsweredAt = (context: TestSessionContext, index: number) => {
  const item = itemsOf(context)[index];
  return item !== undefined && isItemAnswered(item, context.responses[index]);
};
export const answeredCount = (context: TestSessionContext) =>
  itemsOf(context).filter((_, i) => isAnsweredAt(context, i)).length;

/** Time left on the server's clock (its stored end, this device's clock corrected), never below zero. */
export function remainingMs(context: Pick<TestSessionContext, 'test' | 'now' | 'clockOffsetMs'>): number {
  const endsAt = context.test?.endsAt;
  if (!endsAt) return 0;
  return Math.max(0, Date.parse(endsAt) - (Date.parse(context.now()) + context.clockOffsetMs));
}

/** Seconds per item with the time on the item on screen added (when the student leaves it or submits). */
export function secondsWithCurrent(context: TestSessionContext): number[] {
  const spent = Math.max(0, Date.parse(context.now()) - Date.parse(context.itemOpenedAt)) / 1000;
  return context.secondsPerItem.map((s, i) => (i === context.currentIndex ? Math.round(s + spent) : s));
}

/** This device's progress, stored after every change (null without a student or a test). */
export function progressOf(context: TestSessionContext): TestProgress | null {
  if (!context.session || !context.test) return null;
  return {
    userId: context.session.userId,
    testId: context.test.testId,
    responses: context.responses,
    struck: context.struck,
    currentIndex: context.currentIndex,
    secondsPerItem: context.secondsPerItem,
  };
}

/** The stored progress, if it belongs to this student and this test as served. */
function matchingProgress(context: TestSessionContext, test: CustomTest): TestProgress | null {
  const saved = context.saved;
  const n = test.items.length;
  const fits =
    saved !== null &&
    saved.userId === context.session?.userId &&
    saved.testId === test.testId &&
    saved.responses.length === n &&
    saved.struck.length === n &&
    saved.secondsPerItem.length === n &&
    Number.isInteger(saved.currentIndex) &&
    saved.currentIndex >= 0 &&
    saved.currentIndex < n;
  return fits ? saved : null;
}

/** The context of a test as loaded: the server's answers, flags and notes, this device's progress beside them. */
export function loadedTest(context: TestSessionContext, test: CustomTest) {
  const saved = matchingProgress(context, test);
  return {
    test,
    responses: test.items.map((item, i) => item.response ?? saved?.responses[i] ?? {}),
    struck: test.items.map((_, i) => saved?.struck[i] ?? []),
    currentIndex: saved?.currentIndex ?? 0,
    secondsPerItem: test.items.map((item, i) => Math.max(item.secondsSpent, saved?.secondsPerItem[i] ?? 0)),
    itemOpenedAt: context.now(),
    clockOffsetMs: Date.parse(test.serverNow) - Date.parse(context.now()),
  };
}

/** What submit sends: every answer the server does not hold with its key yet, then the submit itself. */
export function submissionOf(context: TestSessionContext): CustomTestSubmission {
  return {
    testId: context.test?.testId ?? context.testId ?? '',
    answers: itemsOf(context).flatMap((item, i) =>
      item.reveal === null && isAnsweredAt(context, i)
        ? [
            {
              position: item.position,
              response: context.responses[i] ?? {},
              secondsSpent: context.secondsPerItem[i] ?? 0,
            },
          ]
        : [],
    ),
  };
}
