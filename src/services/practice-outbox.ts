import type { PracticeSetRecord } from '../../machines/shared/ports';

/**
 * Submitted sets waiting on this device until the backend has them, per student (another student
 * signing in on the same browser never sends or sees them). A set is written here before it is sent,
 * so a failed send, a closed tab or an offline device loses nothing: the next visit sends it.
 * Storage may be unavailable or hold anything, so reads are checked and failures mean "empty".
 */
export const outboxStorageKey = (userId: string) => `pnprep.practice.outbox.${userId}`;

const isText = (value: unknown): value is string => typeof value === 'string';

function isSetRecord(value: unknown): value is PracticeSetRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    isText(r.setId) &&
    isText(r.userId) &&
    Array.isArray(r.questionIds) &&
    r.questionIds.every(isText) &&
    Array.isArray(r.chosenOptionIds) &&
    r.chosenOptionIds.every(isText) &&
    (r.layout === 'one' || r.layout === 'all') &&
    (r.focus === 'mixed' || r.focus === 'weakest' || r.focus === 'missed') &&
    isText(r.startedAt) &&
    isText(r.submittedAt)
  );
}

export function readOutbox(userId: string): PracticeSetRecord[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(outboxStorageKey(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter(isSetRecord).filter((r) => r.userId === userId) : [];
  } catch {
    return [];
  }
}

function writeOutbox(userId: string, records: PracticeSetRecord[]): void {
  try {
    if (records.length === 0) window.localStorage.removeItem(outboxStorageKey(userId));
    else window.localStorage.setItem(outboxStorageKey(userId), JSON.stringify(records));
  } catch {
    // Storage full or blocked: the set is still sent now; it just cannot wait for a later visit.
  }
}

/** Adds a set (once: the same set id replaces the earlier copy). */
export function addToOutbox(record: PracticeSetRecord): void {
  const others = readOutbox(record.userId).filter((r) => r.setId !== record.setId);
  writeOutbox(record.userId, [...others, record]);
}

export function removeFromOutbox(userId: string, setId: string): void {
  writeOutbox(
    userId,
    readOutbox(userId).filter((r) => r.setId !== setId),
  );
}

export function clearOutbox(userId: string): void {
  writeOutbox(userId, []);
}
