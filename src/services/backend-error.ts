import { messages } from '../../machines/shared/messages';
import { BackendError } from '../../machines/shared/ports';

/**
 * Throws what the machines handle: a BackendError with the backend's own message (the generic one
 * when it gave none) and its code (a PostgREST SQLSTATE or a GoTrue error code). Every service
 * reports backend failures through this one function.
 */
export function fail(error: { message?: string; code?: unknown }): never {
  throw new BackendError(
    error.message || messages.unexpectedError,
    typeof error.code === 'string' && error.code ? error.code : undefined,
  );
}

/** A response that is not the shape the backend promises (a wrong or partial deployment). */
export function unexpectedShape(subject: string): never {
  throw new BackendError(`${subject} came back in an unexpected shape.`);
}
