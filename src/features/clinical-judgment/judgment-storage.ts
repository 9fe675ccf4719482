import type { JudgmentProgress } from '../../../machines/clinical-judgment/clinical-judgment.types';
import type { JudgmentSetKind } from '../../../machines/shared/ports';
import { isRecord, readStoredJson, writeStoredJson, writeStoredText } from '../../services/device-storage';

/**
 * The clinical-judgment set in progress kept on this device, per student and kind (another student
 * signing in on the same browser never sees it; a case study left open does not end a standalone
 * set), as practice sets are (decisions 023 and 150), through the device storage's checked reads
 * (src/services/device-storage.ts).
 */
export const judgmentProgressKey = (userId: string, kind: JudgmentSetKind) =>
  `pnprep.judgment.progress.${userId}.${kind}`;

const isResponse = (value: unknown) =>
  isRecord(value) &&
  Object.values(value).every((picks) => Array.isArray(picks) && picks.every((p) => typeof p === 'string'));

/** The stored set in progress of this student, or null when there is none or it is unreadable. */
export function readJudgmentProgress(userId: string, kind: JudgmentSetKind): JudgmentProgress | null {
  return readStoredJson<JudgmentProgress>(
    judgmentProgressKey(userId, kind),
    (value) =>
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
      typeof value.startedAt === 'string',
  );
}

export function writeJudgmentProgress(progress: JudgmentProgress | null): void {
  if (progress) writeStoredJson(judgmentProgressKey(progress.userId, progress.kind), progress);
}

export function clearJudgmentProgress(userId: string, kind: JudgmentSetKind): void {
  writeStoredText(judgmentProgressKey(userId, kind), null);
}
