import type { TestProgress } from '../../../machines/test-session/test-session.types';

/**
 * This device's part of a custom test in progress (answers not yet sent, strike-outs, the item on
 * screen), per student and test: the server keeps the rest (docs/decisions/230-test-session.md).
 * Storage can be unavailable or hold anything: every failure means "nothing stored".
 */
const key = (userId: string, testId: string) => `pnprep.customTest.progress.${userId}.${testId}`;

const isStringLists = (value: unknown) =>
  Array.isArray(value) && value.every((l) => Array.isArray(l) && l.every((s) => typeof s === 'string'));

export function readTestProgress(userId: string, testId: string): TestProgress | null {
  try {
    const raw = window.localStorage.getItem(key(userId, testId));
    const value = raw ? (JSON.parse(raw) as Partial<TestProgress>) : null;
    if (
      value &&
      value.userId === userId &&
      value.testId === testId &&
      Array.isArray(value.responses) &&
      isStringLists(value.struck) &&
      Array.isArray(value.secondsPerItem) &&
      Number.isInteger(value.currentIndex)
    )
      return value as TestProgress;
  } catch {
    // Unavailable storage or unreadable data: nothing stored.
  }
  return null;
}

export function writeTestProgress(progress: TestProgress | null): void {
  if (!progress) return;
  try {
    window.localStorage.setItem(key(progress.userId, progress.testId), JSON.stringify(progress));
  } catch {
    // A full or unavailable storage only loses the resume on this device.
  }
}

export function clearTestProgress(userId: string, testId: string): void {
  try {
    window.localStorage.removeItem(key(userId, testId));
  } catch {
    // Nothing to clear.
  }
}
