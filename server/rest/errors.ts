// SQLSTATE -> HTTP status, as PostgREST maps them (src/PostgREST/Error.hs mapSQLtoHTTP), and
// PostgREST's RAISE SQLSTATE 'PGRST' (a function choosing its own status and error body).

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

/** An error response a function asked for with RAISE SQLSTATE 'PGRST'. */
export interface RaisedError {
  status: number;
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
  headers: Record<string, string>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const optionalText = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * PostgREST's parseRaisePGRST: for SQLSTATE 'PGRST' the MESSAGE is the body as a JSON object
 * ({ code, message } required, details and hint optional) and the DETAIL a JSON object
 * ({ status, headers } required, status_text optional). A payload it cannot parse is its
 * 500 PGRST121. Returns null for every other SQLSTATE.
 */
export function raisedError(error: DatabaseError): RaisedError | null {
  if (error.code !== 'PGRST') return null;
  const parseError = (details: string, hint: string): RaisedError => ({
    status: 500,
    code: 'PGRST121',
    message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
    details,
    hint,
    headers: {},
  });
  const body = parseJson(error.message);
  if (!isObject(body) || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return parseError(
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (error.detail === undefined || error.detail === null) {
    return parseError('DETAIL is missing in the RAISE statement', detailHint);
  }
  const detail = parseJson(error.detail);
  if (
    !isObject(detail) ||
    !Number.isInteger(detail.status) ||
    (detail.status as number) < 100 ||
    (detail.status as number) > 599 ||
    !isObject(detail.headers) ||
    !Object.values(detail.headers).every((value) => typeof value === 'string')
  ) {
    return parseError(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint);
  }
  return {
    status: detail.status as number,
    code: body.code,
    message: body.message,
    details: optionalText(body.details),
    hint: optionalText(body.hint),
    headers: detail.headers as Record<string, string>,
  };
}
