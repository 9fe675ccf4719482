/**
 * How a finished set reaches the learning record: first into the device outbox (so a set that
 * cannot be sent — offline, backend down, tab closed — is sent on the next visit), then to the
 * backend, which grades it and stores it once (the set id makes a resend harmless).
 */
export interface RecordDeliveryPort<TRecord> {
  /** Keeps the record on this device until the backend has it. */
  queue(record: TRecord): void;
  /**
   * Sends the record now; once stored, it leaves the outbox. It rejects with a BackendError whose
   * code is one of `deliveryRefusals` when sending again now cannot help, any other error otherwise.
   */
  send(record: TRecord): Promise<void>;
}

/** The BackendError codes of a send that sending again now cannot fix. */
export const deliveryRefusals = {
  /**
   * The backend refuses the set as it is (SQLSTATE 22023: e.g. a question retired since it was
   * drawn). Sending it again cannot succeed, so it leaves the outbox (decision 060).
   */
  refused: '22023',
  /**
   * A refusal of a set started more than SET_RECORD_WINDOW_HOURS ago: the record takes no set that
   * old. It leaves the outbox too (decision 192).
   */
  tooOld: 'set_too_old',
  /**
   * Too many saves in the last hour (HTTP 429, PostgREST body code P0429): the set stays in the
   * outbox, and the error's `retryAfterSeconds` says when the backend takes saves again.
   */
  rateLimited: 'P0429',
} as const;
