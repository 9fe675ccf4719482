import type {
  PracticeLayout,
  PracticeProgress,
} from '../../../machines/practice-session/practice-session.machine';
import type { PracticeQuestion } from '../../../machines/shared/ports';

/**
 * What the practice page keeps on this device: the chosen layout (for every student on the device)
 * and the session in progress (per student, so another student signing in on the same browser never
 * sees it). Storage can be unavailable or hold anything, so every read is checked and every failure
 * is treated as "nothing stored".
 */
export const LAYOUT_STORAGE_KEY = 'pnprep.practice.layout';
export const progressStorageKey = (userId: string) => `pnprep.practice.progress.${userId}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the session still works, it just will not survive a reload.
  }
}

export function readLayout(): PracticeLayout {
  return read(LAYOUT_STORAGE_KEY) === 'all' ? 'all' : 'one';
}

export function writeLayout(layout: PracticeLayout): void {
  write(LAYOUT_STORAGE_KEY, layout);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isQuestion(value: unknown): value is PracticeQuestion {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.stem === 'string' &&
    (value.category === null || typeof value.category === 'string') &&
    Array.isArray(value.options) &&
    value.options.every(
      (o) =>
        isRecord(o) &&
        typeof o.id === 'string' &&
        typeof o.label === 'string' &&
        typeof o.is_correct === 'boolean',
    )
  );
}

/** The stored session in progress of this student, or null when there is none or it is unreadable. */
export function readProgress(userId: string): PracticeProgress | null {
  const raw = read(progressStorageKey(userId));
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      isRecord(value) &&
      value.userId === userId &&
      Array.isArray(value.questions) &&
      value.questions.every(isQuestion) &&
      isRecord(value.answers) &&
      Object.values(value.answers).every((a) => typeof a === 'string') &&
      Number.isInteger(value.currentIndex) &&
      (value.layout === 'one' || value.layout === 'all') &&
      // Progress stored before sets had ids lacks these; the session then gives it a new id.
      (value.setId === undefined || typeof value.setId === 'string') &&
      (value.startedAt === undefined || typeof value.startedAt === 'string') &&
      (value.focus === undefined ||
        value.focus === 'mixed' ||
        value.focus === 'weakest' ||
        value.focus === 'missed')
    ) {
      return value as unknown as PracticeProgress;
    }
  } catch {
    // Unparseable: start afresh.
  }
  return null;
}

export function writeProgress(progress: PracticeProgress): void {
  write(progressStorageKey(progress.userId), JSON.stringify(progress));
}

export function clearProgress(userId: string): void {
  write(progressStorageKey(userId), null);
}
