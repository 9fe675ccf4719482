// The local backend's database (PGlite: server/db/shim.sql, then the migrations) against the
// real-engine tier's (hosted Supabase's setup in tests/support/hosted-supabase.sql, then the same
// migrations): the catalog facts that decide what an API call may do must be the same, so code
// that works locally cannot fail in production over a grant, an RLS flag, an owner, a security mode
// or a timeout. A difference fails with a diff of the two lists. What PGlite cannot imitate is left
// out and says why: PGlite's only role is a superuser (so `postgres` is one there), and GoTrue's own
// tables and functions differ from the local auth server's (only tables both have are compared).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LocalBackend, startTestBackend } from '../support/backend.ts';
import type { SqlTransaction } from '../support/postgres.ts';
import { type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';

let hosted: SqlBackend;
let local: LocalBackend;

beforeAll(async () => {
  [hosted, local] = await Promise.all([startSqlBackend(), startTestBackend()]);
});
afterAll(async () => {
  await Promise.all([hosted?.close(), local?.close()]);
});

const API_ROLES = `('anon', 'authenticated', 'service_role')`;
/**
 * Every grant of an ACL to an API role or PUBLIC, as 'role:PRIVILEGE,…'. MAINTAIN is left out: it
 * exists from PostgreSQL 17 (PGlite) on and is in GRANT ALL there, a version difference only.
 */
const grantsOf = (acl: string) => `coalesce((
    select string_agg(g.grant, ',' order by g.grant)
      from (select case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end
                   || ':' || a.privilege_type as grant
              from aclexplode(${acl}) a
             where (a.grantee = 0 or pg_get_userbyid(a.grantee) in ${API_ROLES})
               and a.privilege_type <> 'MAINTAIN') g), '')`;

const TABLES = `
  select n.nspname || '.' || c.relname as object, c.relrowsecurity as rls, c.relforcerowsecurity as force_rls,
         ${grantsOf("coalesce(c.relacl, acldefault('r', c.relowner))")} as grants
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm') and n.nspname in ('public', 'private', 'auth')
   order by 1`;

const FUNCTIONS = `
  select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as object,
         case when n.nspname = 'auth' then '(GoTrue''s)' else pg_get_userbyid(p.proowner) end as owner,
         p.prosecdef as security_definer, p.provolatile as volatility,
         coalesce(array_to_string(p.proconfig, ','), '') as config,
         ${grantsOf("coalesce(p.proacl, acldefault('f', p.proowner))")} as grants
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private') or (n.nspname = 'auth' and p.proname in ('uid', 'role', 'email', 'jwt'))
   order by 1`;

const SCHEMAS = `
  select s.schema, r.rolname as role, has_schema_privilege(r.rolname, s.schema, 'USAGE') as usage,
         has_schema_privilege(r.rolname, s.schema, 'CREATE') as create
    from unnest(array['public', 'private', 'auth', 'extensions']) as s(schema), pg_roles r
   where r.rolname in ${API_ROLES}
   order by 1, 2`;

const ROLES = `
  select rolname as role, rolbypassrls as bypass_rls, rolinherit as inherit, rolcanlogin as login,
         coalesce(array_to_string(array(select unnest(rolconfig) order by 1), ','), '') as settings,
         array(select m.rolname from pg_auth_members am join pg_roles m on m.oid = am.roleid
                where am.member = r.oid order by 1)::text as member_of
    from pg_roles r where rolname in ('anon', 'authenticated', 'service_role', 'authenticator')
   order by 1`;

async function both<T>(sql: string): Promise<{ local: T[]; hosted: T[] }> {
  const run = (db: SqlTransaction) => db.query<T>(sql).then((result) => result.rows);
  return { local: await run(local.db), hosted: await run(hosted.db) };
}

test('tables: row level security and the API roles’ grants (auth: the tables both engines have)', async () => {
  const { local: l, hosted: h } = await both<{ object: string }>(TABLES);
  const inBoth = (rows: { object: string }[], other: { object: string }[]) =>
    rows.filter((row) => !row.object.startsWith('auth.') || other.some((o) => o.object === row.object));
  expect(inBoth(l, h)).toEqual(inBoth(h, l));
  expect(
    inBoth(h, l)
      .filter((row) => row.object.startsWith('auth.'))
      .map((row) => row.object),
  ).toEqual(expect.arrayContaining(['auth.users', 'auth.sessions']));
});

test('functions: owner, security mode, settings and EXECUTE grants', async () => {
  const { local: l, hosted: h } = await both(FUNCTIONS);
  expect(h.length).toBeGreaterThan(20);
  expect(l).toEqual(h);
});

test('schemas: what the API roles may use and create in', async () => {
  const { local: l, hosted: h } = await both(SCHEMAS);
  expect(l).toEqual(h);
});

test('API roles: bypass, inheritance, login, timeouts and memberships', async () => {
  const { local: l, hosted: h } = await both(ROLES);
  expect(h).toContainEqual(expect.objectContaining({ role: 'anon', settings: 'statement_timeout=3s' }));
  expect(l).toEqual(h);
});

test('auth.users: the same unique indexes (an address is unique as written, SSO accounts excepted)', async () => {
  const { local: l, hosted: h } = await both<{ definition: string }>(
    `select pg_get_indexdef(i.indexrelid) as definition from pg_index i
      where i.indrelid = 'auth.users'::regclass and i.indisunique order by 1`,
  );
  expect(h).toContainEqual({
    definition:
      'CREATE UNIQUE INDEX users_email_partial_key ON auth.users USING btree (email) WHERE (is_sso_user = false)',
  });
  expect(l).toEqual(h);
});
