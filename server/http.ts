// Pieces shared by every route: the two error shapes (GoTrue's and PostgREST's), strict JSON body
// parsing, the body size limit and CORS as Supabase's API gateway answers it.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** supabase-js reads `error.code` only when the response carries this header (auth-js fetch.js). */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';
export const MAX_BODY_BYTES = 100 * 1024;
/**
 * Deepest JSON nesting a body may have. Far beyond any real request, and far below the depth at
 * which a recursive JSON.stringify (or Postgres' jsonb parser) runs out of stack, so a crafted body
 * is a 400, never a RangeError and a 500. (GoTrue's Go decoder stops at 10,000 levels.)
 */
export const MAX_JSON_DEPTH = 512;

/** A GoTrue error: `{ code, message }` plus the version header, so supabase-js exposes `error.code`. */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A PostgREST error: `{ code, details, hint, message }`. */
export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  c.header(API_VERSION_HEADER, API_VERSION);
  c.header('x-sb-error-code', error.code);
  return c.json(
    { code: error.code, error_code: error.code, message: error.message, ...error.extra },
    error.status,
  );
}

export function restErrorResponse(c: Context, error: RestError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(
    { code: error.code, details: error.details, hint: error.hint, message: error.message },
    error.status,
  );
}

/** Whether JSON text nests arrays and objects deeper than `limit` (brackets inside strings do not count). */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Parses the request body as JSON. An empty body counts as `{}` (supabase-js sends no body on
 * logout); anything that is not valid JSON, or nests deeper than MAX_JSON_DEPTH, is the caller's
 * fault, reported through `fail`.
 */
export async function readJson(c: Context, fail: (message: string) => Error): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw fail('exceeded max depth');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : 'invalid JSON');
  }
}

/** Whether a JSON value holds a NUL character in any string, key included (Postgres text cannot). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item));
  }
  return false;
}

/** Reads a JSON object body; arrays, strings and numbers are rejected through `fail`. */
export async function readJsonObject(
  c: Context,
  fail: (message: string) => Error,
): Promise<Record<string, unknown>> {
  const body = await readJson(c, fail);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw fail('the body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Rejects bodies over `maxSize` (declared or streamed) with 413 in the route's error shape. */
export function limitBody(
  onTooLarge: (c: Context) => Response,
  maxSize: number = MAX_BODY_BYTES,
): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is not read: the connection cannot carry another request.
      c.header('Connection', 'close');
      return onTooLarge(c);
    },
  });
}

/**
 * CORS as Kong answers for the hosted and CLI stacks: any origin, every header supabase-js sends
 * (auth, REST, retries, tracing) and X-Supabase-Api-Version exposed so auth error codes survive
 * cross-origin.
 */
export function supabaseCors(): MiddlewareHandler {
  return cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    allowHeaders: [
      'apikey',
      'authorization',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'content-profile',
      'accept-profile',
      'prefer',
      'accept',
      'range',
      'x-retry-count',
      'traceparent',
      'tracestate',
      'baggage',
      'x-region',
    ],
    exposeHeaders: [
      API_VERSION_HEADER,
      'Content-Range',
      'Content-Location',
      'Location',
      'Range-Unit',
      'Retry-After',
    ],
    maxAge: 3600,
  });
}

/** The Bearer token of the Authorization header, or null if absent or not a Bearer token. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  // fetch strips trailing whitespace, so an empty token arrives as a bare "Bearer".
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}
