import { messages } from '../../machines/shared/messages';
import { BackendError } from '../../machines/shared/ports';

/** The backend's code for too many writes in an hour (HTTP 429; the learning record's write quota). */
const RATE_LIMITED = 'P0429';
/** When a 429 does not say how long to wait. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Throws what the machines handle: a BackendError with the backend's own message (the generic one
 * when it gave none) and its code (a PostgREST SQLSTATE or a GoTrue error code). Every service
 * reports backend failures through this one function.
 */
export function fail(error: { message?: string; code?: unknown; hint?: unknown }): never {
  const code = typeof error.code === 'string' && error.code ? error.code : undefined;
  throw new BackendError(
    error.message || messages.unexpectedError,
    code,
    code === RATE_LIMITED ? retryAfterOf(error.hint) : undefined,
  );
}

/**
 * The wait of a 429 in seconds. supabase-js gives the body, not the Retry-After header, so it is
 * read from the body's hint, which the backend words from the same number ("Try again in 7
 * minutes."; supabase/migrations private.use_write_quota): rounded up to whole minutes.
 */
function retryAfterOf(hint: unknown): number {
  const minutes = typeof hint === 'string' ? /(\d+) minutes?/.exec(hint)?.[1] : undefined;
  return minutes ? Number(minutes) * 60 : DEFAULT_RETRY_AFTER_SECONDS;
}

/** A response that is not the shape the backend promises (a wrong or partial deployment). */
export function unexpectedShape(subject: string): never {
  throw new BackendError(`${subject} came back in an unexpected shape.`);
}
