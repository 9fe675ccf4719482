// PostgREST's RPC endpoint, mounted at /rest/v1: POST (or GET) /rpc/<fn> calls public.<fn> with
// named arguments, in one transaction with the caller's role and JWT claims applied as PostgREST
// applies them, so RLS, grants and auth.uid() behave as on hosted Supabase.
import type { PGlite } from '@electric-sql/pglite';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JWTPayload } from 'jose';
import type { ServerContext } from '../context.ts';
import { bearerToken, limitBody, RestError, readJson, restErrorResponse } from '../http.ts';
import { apiKeyRole, apiRoleJwt } from '../keys.ts';
import { httpStatusForSqlState, isDatabaseError, raisedError } from './errors.ts';

const EXPOSED_SCHEMA = 'public';
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

interface FunctionInfo {
  name: string;
  argNames: string[];
  argTypes: string[];
  /** How many trailing arguments have defaults and may be omitted. */
  defaults: number;
  returnsSet: boolean;
  returnsVoid: boolean;
  volatility: 'i' | 's' | 'v';
}

/** The "schema cache": public functions by name, reloaded when a lookup misses. */
class FunctionCache {
  private byName = new Map<string, FunctionInfo[]>();
  private loadedAt = 0;

  constructor(private readonly db: PGlite) {}

  async load(): Promise<void> {
    const result = await this.db.query<{
      name: string;
      arg_names: string[] | null;
      arg_types: string[];
      arg_modes: string[] | null;
      defaults: number;
      returns_set: boolean;
      returns_void: boolean;
      volatility: 'i' | 's' | 'v';
    }>(
      `select p.proname as name, p.proargnames as arg_names,
              array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
              p.proargmodes::text[] as arg_modes, p.pronargdefaults as defaults,
              p.proretset as returns_set, p.prorettype = 'void'::regtype as returns_void,
              p.provolatile::text as volatility
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = $1 and p.prokind = 'f'`,
      [EXPOSED_SCHEMA],
    );
    const byName = new Map<string, FunctionInfo[]>();
    for (const row of result.rows) {
      // proargnames covers every argument; keep the input ones (modes i, b, v; all when modes is null).
      const names = (row.arg_names ?? []).filter(
        (_, i) => !row.arg_modes || ['i', 'b', 'v'].includes(row.arg_modes[i] ?? ''),
      );
      const info: FunctionInfo = {
        name: row.name,
        argNames: row.arg_types.map((_, i) => names[i] ?? ''),
        argTypes: row.arg_types,
        defaults: row.defaults,
        returnsSet: row.returns_set,
        returnsVoid: row.returns_void,
        volatility: row.volatility,
      };
      byName.set(row.name, [...(byName.get(row.name) ?? []), info]);
    }
    this.byName = byName;
    this.loadedAt = Date.now();
  }

  /** PostgREST's overload choice: every required argument given, no argument unknown. */
  async find(name: string, keys: string[]): Promise<FunctionInfo | null> {
    let found = this.match(name, keys);
    // A miss may mean a function was created after start-up; reload at most once a second.
    if (!found && Date.now() - this.loadedAt > 1000) {
      await this.load();
      found = this.match(name, keys);
    }
    return found;
  }

  private match(name: string, keys: string[]): FunctionInfo | null {
    const given = new Set(keys);
    for (const fn of this.byName.get(name) ?? []) {
      const required = fn.argNames.slice(0, fn.argNames.length - fn.defaults);
      if (required.every((arg) => given.has(arg)) && keys.every((key) => fn.argNames.includes(key)))
        return fn;
    }
    return null;
  }
}

/** A JSON value as the text Postgres will cast to the argument type (PostgREST passes json through). */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  // A JSON string for a json/jsonb parameter is a JSON string value, as PostgREST passes it (never
  // text to parse: "[[[[…" 20,000 deep would overflow the parser's stack).
  if (typeof value === 'string') return type === 'json' || type === 'jsonb' ? JSON.stringify(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && type.endsWith('[]')) {
    const items = value.map((item) =>
      item === null
        ? 'NULL'
        : `"${String(typeof item === 'object' ? JSON.stringify(item) : item).replace(/["\\]/g, '\\$&')}"`,
    );
    return `{${items.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Identifiers only ever come from the catalog (function and argument names, format_type). */
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(name: string, keys: string[]): RestError {
  const sorted = [...keys].sort();
  const signature = sorted.length ? `(${sorted.join(', ')})` : ' without parameters';
  const searched = sorted.length ? `with parameters ${sorted.join(', ')}` : 'without parameters';
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${EXPOSED_SCHEMA}.${name}${signature} in the schema cache`,
    `Searched for the function ${EXPOSED_SCHEMA}.${name} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

function jwtError(code: 'PGRST301' | 'PGRST303', message: string): RestError {
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

const sessionNotFound = () => jwtError('PGRST303', 'Session from session_id claim in JWT does not exist');

export function restRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const functions = new FunctionCache(ctx.db);
  const ready = functions.load();

  app.onError((error, c) => {
    if (error instanceof RestError) return restErrorResponse(c, error);
    ctx.log(`rest: unexpected error on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return restErrorResponse(
      c,
      new RestError(500, 'PGRST000', 'Unexpected failure, please check server logs'),
    );
  });
  app.notFound((c) =>
    restErrorResponse(c, new RestError(404, 'PGRST125', `Invalid path specified in request URL`)),
  );
  app.use(limitBody((c) => restErrorResponse(c, new RestError(413, 'PGRST413', 'Request body too large'))));

  /** Kong's key check, then PostgREST's JWT check: the role and claims the call runs with. */
  async function callerClaims(c: Context): Promise<JWTPayload & { role: string }> {
    const apikey = c.req.header('apikey') ?? c.req.query('apikey');
    if (!apikey) throw new RestError(401, 'PGRST301', 'No API key found in request');
    const keyRole = apiKeyRole(apikey, ctx.keys);
    if (!keyRole) throw new RestError(401, 'PGRST301', 'Invalid API key');
    // Kong replaces a missing or new-style (sb_...) bearer with the legacy JWT of the apikey's role.
    const bearer = bearerToken(c);
    const token = bearer === null || bearer.startsWith('sb_') ? apiRoleJwt(keyRole, ctx.keys) : bearer;
    if (token === '') throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
    const verified = ctx.jwt.verify(token);
    if (!verified.ok) {
      if (verified.reason === 'expired') throw jwtError('PGRST303', 'JWT expired');
      if (verified.reason === 'claims') throw jwtError('PGRST303', verified.message);
      if (verified.reason === 'malformed' && verified.message.startsWith('Expected')) {
        throw jwtError('PGRST301', verified.message);
      }
      throw jwtError('PGRST301', 'JWT cryptographic operation failed');
    }
    const role = typeof verified.claims.role === 'string' ? verified.claims.role : 'anon';
    if (!API_ROLES.has(role)) throw new RestError(401, '22023', `role "${role}" does not exist`);
    return { ...verified.claims, role };
  }

  async function callFunction(c: Context, name: string, args: Record<string, unknown>): Promise<Response> {
    const claims = await callerClaims(c);
    const profile = c.req.header(c.req.method === 'POST' ? 'content-profile' : 'accept-profile');
    if (profile && profile !== EXPOSED_SCHEMA) {
      throw new RestError(
        406,
        'PGRST106',
        `Invalid schema: ${profile}`,
        null,
        `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
      );
    }
    await ready;
    const keys = Object.keys(args);
    const fn = await functions.find(name, keys);
    if (!fn) throw notFound(name, keys);

    // Every value travels as a bound parameter (one text[] whose elements the call casts, as
    // PostgREST's literals are cast): the SQL text holds only catalog identifiers and types, so no
    // escaping mistake can ever run as the superuser. The driver's own per-type serializers
    // (booleans, json) would reinterpret the text or throw outside SQL, hence text throughout.
    const argValues: (string | null)[] = [];
    const namedArgs = keys.map((key) => {
      const type = fn.argTypes[fn.argNames.indexOf(key)] ?? 'text';
      argValues.push(argumentText(args[key], type));
      return `${quoteIdent(key)} := $1[${argValues.length}]::text::${type}`;
    });
    const call = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(fn.name)}(${namedArgs.join(', ')})`;
    const main = fn.returnsVoid
      ? `select true, null::text from (select ${call}) as _r`
      : fn.returnsSet
        ? `select true, coalesce(json_agg(_r), '[]')::text from ${call} as _r`
        : `select true, to_json(_r)::text from ${call} as _r`;

    const headers: Record<string, string> = {};
    for (const [header, value] of Object.entries(c.req.header())) headers[header.toLowerCase()] = value;
    // Fixed names (this list), values bound; `role` last, so the others are set while still superuser.
    const settings: [string, string][] = [
      ['search_path', 'public, extensions'],
      ['request.jwt.claims', JSON.stringify(claims)],
      ['request.method', c.req.method],
      ['request.path', `/rpc/${name}`],
      ['request.headers', JSON.stringify(headers)],
    ];
    // PostgREST runs stable and immutable functions (and every GET) read-only.
    if (fn.volatility !== 'v' || c.req.method === 'GET') settings.push(['transaction_read_only', 'on']);
    settings.push(['role', claims.role]);
    // A user's access token works only while its session exists (as on /auth/v1/user): a signed-out
    // token is refused before the role changes.
    const sessionId = claims.session_id;
    if (sessionId !== undefined && (typeof sessionId !== 'string' || !UUID_PATTERN.test(sessionId))) {
      throw sessionNotFound();
    }

    try {
      // One statement, so one implicit transaction: see local_rest.call in server/db/shim.sql.
      const result = await ctx.db.query<{ session_found: boolean; body: string | null }>(
        'select session_found, body from local_rest.call($1::text[], $2::text[], $3::uuid, $4::text, $5::text[])',
        [
          settings.map(([key]) => key),
          settings.map(([, value]) => value),
          sessionId ?? null,
          main,
          argValues,
        ],
      );
      if (result.rows[0]?.session_found === false) throw sessionNotFound();
      if (fn.returnsVoid) return c.body(null, 204);
      return c.body(result.rows[0]?.body ?? 'null', 200, {
        'Content-Type': 'application/json; charset=utf-8',
      });
    } catch (error) {
      if (!isDatabaseError(error)) throw error;
      const raised = raisedError(error);
      if (raised) {
        throw new RestError(
          raised.status as ContentfulStatusCode,
          raised.code,
          raised.message,
          raised.details,
          raised.hint,
          raised.headers,
        );
      }
      const status = httpStatusForSqlState(error.code, claims.role !== 'anon');
      const extraHeaders: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
      throw new RestError(
        status,
        error.code,
        error.message,
        error.detail ?? null,
        error.hint ?? null,
        extraHeaders,
      );
    }
  }

  app.post('/rpc/:fn', async (c) => {
    const body = await readJson(c, () => new RestError(400, 'PGRST102', 'Empty or invalid json'));
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new RestError(
        400,
        'PGRST102',
        'Empty or invalid json',
        'The body must be a JSON object of named arguments',
      );
    }
    return callFunction(c, c.req.param('fn'), body as Record<string, unknown>);
  });

  app.get('/rpc/:fn', (c) => callFunction(c, c.req.param('fn'), c.req.query()));

  return app;
}
