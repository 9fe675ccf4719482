import { SET_RECORD_WINDOW_HOURS } from '../../domain/business-rules';
import { deliveryRefusals } from '../../machines/record-delivery/record-delivery.ports';
import { BackendError, type JudgmentSetRecord, type PracticeSetRecord } from '../../machines/shared/ports';
import { isRecord, readStoredJson, writeStoredJson } from './device-storage';

/**
 * Finished sets waiting on this device until the backend has them, per student (another student
 * signing in on the same browser never sends or sees them). A set is written here before it is sent,
 * so a failed send, a closed tab or an offline device loses nothing: the next visit sends it.
 * Storage may be unavailable or hold anything, so reads are checked and failures mean "empty".
 */
interface Outbox<T extends { setId: string; userId: string }> {
  storageKey(userId: string): string;
  read(userId: string): T[];
  /** Adds a set (once: the same set id replaces the earlier copy). */
  add(record: T): void;
  remove(userId: string, setId: string): void;
  clear(userId: string): void;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

function createOutbox<T extends { setId: string; userId: string }>(
  name: string,
  hasOwnFields: (value: Record<string, unknown>) => boolean,
): Outbox<T> {
  const storageKey = (userId: string) => `pnprep.${name}.outbox.${userId}`;
  // Storage full or blocked: the set is still sent now; it just cannot wait for a later visit.
  const write = (userId: string, records: T[]) =>
    writeStoredJson(storageKey(userId), records.length === 0 ? null : records);
  const read = (userId: string): T[] =>
    (readStoredJson<unknown[]>(storageKey(userId), Array.isArray) ?? []).filter(
      (r): r is T =>
        isRecord(r) &&
        isText(r.setId) &&
        r.userId === userId &&
        isText(r.startedAt) &&
        isText(r.submittedAt) &&
        hasOwnFields(r),
    );
  return {
    storageKey,
    read,
    add: (record) =>
      write(record.userId, [...read(record.userId).filter((r) => r.setId !== record.setId), record]),
    remove: (userId, setId) =>
      write(
        userId,
        read(userId).filter((r) => r.setId !== setId),
      ),
    clear: (userId) => write(userId, []),
  };
}

type OutboxRecord = { setId: string; userId: string; startedAt: string };

/**
 * Sends a set that waits in `outbox` and takes it out once the backend has it. A refused set leaves
 * the outbox too, since sending it again cannot succeed (nothing loops); it is reported as too old
 * when it was started more than SET_RECORD_WINDOW_HOURS ago (decision 192). Any other failure,
 * a 429 included, leaves the set waiting for the next attempt.
 */
export async function sendFromOutbox<T extends OutboxRecord>(
  outbox: Outbox<T>,
  record: T,
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (error instanceof BackendError && error.code === deliveryRefusals.refused) {
      outbox.remove(record.userId, record.setId);
      const ageMs = Date.now() - Date.parse(record.startedAt);
      if (ageMs > SET_RECORD_WINDOW_HOURS * 3_600_000) {
        throw new BackendError(error.message, deliveryRefusals.tooOld);
      }
    }
    throw error;
  }
  outbox.remove(record.userId, record.setId);
}

/** Multiple-choice sets from /practice. */
export const practiceOutbox = createOutbox<PracticeSetRecord>(
  'practice',
  (r) =>
    isTextList(r.questionIds) &&
    isTextList(r.chosenOptionIds) &&
    (r.layout === 'one' || r.layout === 'all') &&
    (r.focus === 'mixed' || r.focus === 'weakest' || r.focus === 'missed'),
);

/** Clinical-judgment sets from /clinical-judgment. */
export const judgmentOutbox = createOutbox<JudgmentSetRecord>(
  'judgment',
  (r) =>
    (r.kind === 'standalone' || r.kind === 'case') &&
    (r.caseId === null || isText(r.caseId)) &&
    isTextList(r.itemIds) &&
    Array.isArray(r.responses) &&
    r.responses.length === r.itemIds.length,
);
