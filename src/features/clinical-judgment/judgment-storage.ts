import type { JudgmentProgress } from '../../../machines/clinical-judgment/clinical-judgment.types';
import type { JudgmentSetKind } from '../../../machines/shared/ports';

/**
 * The clinical-judgment set in progress kept on this device, per student and kind (another student signing
 * in on the same browser never sees it; a case study left open does not end a standalone set), as practice sets are (decisions 023 and 150). Storage can be
 * unavailable or hold anything: every read is checked and every failure means "nothing stored".
 */
export const judgmentProgressKey = (userId: string, kind: JudgmentSetKind) =>
  `pnprep.judgment.progress.${userId}.${kind}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isResponse = (value: unknown) =>
  isRecord(value) &&
  Object.values(value).every((picks) => Array.isArray(picks) && picks.every((p) => typeof p === 'string'));

/** The stored set in progress of this student, or null when there is none or it is unreadable. */
export function readJudgmentProgress(userId: string, kind: JudgmentSetKind): JudgmentProgress | null {
  try {
    const raw = window.localStorage.getItem(judgmentProgressKey(userId, kind));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (
      isRecord(value) &&
      value.userId === userId &&
      value.kind === kind &&
      isRecord(value.set) &&
      Array.isArray(value.set.items) &&
      value.set.items.every(
        (item) => isRecord(item) && typeof item.id === 'string' && typeof item.type === 'string',
      ) &&
      Array.isArray(value.responses) &&
      value.responses.every(isResponse) &&
      Number.isInteger(value.currentIndex) &&
      typeof value.setId === 'string' &&
      typeof value.startedAt === 'string'
    ) {
      return value as unknown as JudgmentProgress;
    }
  } catch {
    // Unavailable storage or unparseable data: start afresh.
  }
  return null;
}

export function writeJudgmentProgress(progress: JudgmentProgress | null): void {
  if (!progress) return;
  try {
    window.localStorage.setItem(
      judgmentProgressKey(progress.userId, progress.kind),
      JSON.stringify(progress),
    );
  } catch {
    // Storage full or blocked: the set still works, it just will not survive a reload.
  }
}

export function clearJudgmentProgress(userId: string, kind: JudgmentSetKind): void {
  try {
    window.localStorage.removeItem(judgmentProgressKey(userId, kind));
  } catch {
    // Nothing to clear.
  }
}
