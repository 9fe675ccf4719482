// The one way services call the backend's remote procedures: typed by the generated Database
// (names and arguments from the migrated catalog), the error turned into a BackendError, and the
// result decoded, so a response of the wrong shape is a clear BackendError rather than a TypeError
// somewhere in a page. Loaded only with the pages that call procedures (zod stays out of the
// public pages' bundle).
import type { z } from 'zod';
import { fail, unexpectedShape } from './backend-error';
import type { Database } from './database.types';
import { getSupabase } from './supabase';

type Functions = Database['public']['Functions'];
export type RpcName = keyof Functions;
export type RpcArgs<Name extends RpcName> = Functions[Name]['Args'];

/** Turns a procedure's result into what the service returns; throws a BackendError when it cannot. */
export type Decoder<T> = (data: unknown) => T;

/** A decoder from a zod schema; `subject` names the result in the error ("The practice set came back …"). */
export function decoderOf<Schema extends z.ZodType>(
  subject: string,
  schema: Schema,
): Decoder<z.output<Schema>> {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) unexpectedShape(subject);
    return result.data;
  };
}

/** For procedures whose answer the app does not use (the call succeeding is the answer). */
export const ignoreResult: Decoder<void> = () => undefined;

export async function callRpc<Name extends RpcName, T>(
  name: Name,
  args: RpcArgs<Name>,
  decode: Decoder<T>,
): Promise<T> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(name, args);
  if (error) fail(error);
  return decode(data);
}
