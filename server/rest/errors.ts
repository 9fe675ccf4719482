// SQLSTATE -> HTTP status, as PostgREST maps them (src/PostgREST/Error.hs mapSQLtoHTTP).

export interface DatabaseError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isDatabaseError(error: unknown): error is DatabaseError {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** `authenticated` is true when the request role is not the anon role (42501 is 403 then, else 401). */
export function httpStatusForSqlState(
  code: string,
  authenticated: boolean,
): 400 | 401 | 403 | 404 | 405 | 409 | 500 | 503 {
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === 'P0001') return 400;
  if (code.startsWith('P0')) return 500;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '23505' || code === '23503') return 409;
  if (code === '25006') return 405;
  if (code.startsWith('28') || code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code.startsWith('08') || code.startsWith('53') || code === '57P01') return 503;
  if (code === '21000') return 500;
  if (['XX', 'F0', 'HV', '38', '39', '3B', '40', '54', '55', '57', '58'].includes(code.slice(0, 2)))
    return 500;
  return 400;
}
