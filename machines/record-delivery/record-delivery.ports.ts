/**
 * How a finished set reaches the learning record: first into the device outbox (so a set that
 * cannot be sent — offline, backend down, tab closed — is sent on the next visit), then to the
 * backend, which grades it and stores it once (the set id makes a resend harmless).
 */
export interface RecordDeliveryPort<TRecord> {
  /** Keeps the record on this device until the backend has it. */
  queue(record: TRecord): void;
  /** Sends the record now; once stored, it leaves the outbox. */
  send(record: TRecord): Promise<void>;
}
