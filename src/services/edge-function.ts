// Calls of the backend's Edge Functions (supabase.functions.invoke): their `{ error, message }`
// refusals become BackendErrors carrying the function's message and its error code, as callRpc
// does for remote procedures.
import { messages } from '../../machines/shared/messages';
import { BackendError } from '../../machines/shared/ports';
import { functionErrorBody } from './decoders';
import type { Decoder } from './rpc';
import { getSupabase } from './supabase';

/** The function's own `{ error, message }` body when it answered with an error status. */
export async function functionError(error: unknown): Promise<BackendError> {
  // supabase-js's FunctionsHttpError carries the response as `context` (its class is not imported:
  // supabase-js loads on first use, never with a page's own code).
  const response = error instanceof Error && 'context' in error ? error.context : null;
  if (response instanceof Response) {
    const body = functionErrorBody.safeParse(await response.json().catch(() => null));
    if (body.success) return new BackendError(body.data.message, body.data.error);
  }
  return new BackendError(error instanceof Error && error.message ? error.message : messages.unexpectedError);
}

/** POSTs `body` to the function `name` with the student's session and decodes the answer. */
export async function invokeFunction<T>(
  name: string,
  body: Record<string, unknown>,
  decode: Decoder<T>,
): Promise<T> {
  const { data, error } = await (await getSupabase()).functions.invoke(name, { method: 'POST', body });
  if (error) throw await functionError(error);
  return decode(data);
}
