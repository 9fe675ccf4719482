import type {
  PracticeLayout,
  PracticeProgress,
} from '../../../machines/practice-session/practice-session.machine';
import type { PracticeQuestion } from '../../../machines/shared/ports';
import {
  isRecord,
  readStoredJson,
  readStoredText,
  writeStoredJson,
  writeStoredText,
} from '../../services/device-storage';

/**
 * What the practice page keeps on this device: the chosen layout (for every student on the device)
 * and the session in progress (per student, so another student signing in on the same browser never
 * sees it), through the device storage's checked reads (src/services/device-storage.ts).
 */
export const LAYOUT_STORAGE_KEY = 'pnprep.practice.layout';
export const progressStorageKey = (userId: string) => `pnprep.practice.progress.${userId}`;

export function readLayout(): PracticeLayout {
  return readStoredText(LAYOUT_STORAGE_KEY) === 'all' ? 'all' : 'one';
}

export function writeLayout(layout: PracticeLayout): void {
  writeStoredText(LAYOUT_STORAGE_KEY, layout);
}

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
  return readStoredJson<PracticeProgress>(
    progressStorageKey(userId),
    (value) =>
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
        value.focus === 'missed'),
  );
}

export function writeProgress(progress: PracticeProgress): void {
  writeStoredJson(progressStorageKey(progress.userId), progress);
}

export function clearProgress(userId: string): void {
  writeStoredText(progressStorageKey(userId), null);
}
