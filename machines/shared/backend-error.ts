/** Errors thrown by services carry the backend's message (or a generic one). */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** For a 429: seconds until the backend takes the request again (its Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}
