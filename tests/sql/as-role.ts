// Run SQL as PostgREST would for a request: inside a transaction, with the role's own settings
// (statement_timeout and the like, which PostgREST applies when it impersonates a role), the API
// role and the JWT claims set locally, so RLS, grants, timeouts and auth.uid() apply exactly as
// they do over HTTP. Pass the backend's apiDb (PostgREST's login role on the real engine).
import type { SqlDatabase, SqlTransaction } from '../support/sql-backend.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export function asRole<T>(
  db: SqlDatabase,
  role: ApiRole,
  claims: Record<string, unknown>,
  work: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // PostgREST's session logs in as authenticator (statement and lock timeouts) and applies the
    // impersonated role's own settings on top.
    await tx.query(
      `select set_config(split_part(setting, '=', 1), substr(setting, strpos(setting, '=') + 1), true)
         from unnest(array['authenticator', $1]) with ordinality as r(name, n)
         join pg_roles on rolname = r.name, unnest(rolconfig) as setting
        where split_part(setting, '=', 1) <> 'search_path'
        order by r.n`,
      [role],
    );
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      role,
      JSON.stringify({ ...claims, role }),
    ]);
    return work(tx);
  });
}

export const asUser = <T>(db: SqlDatabase, userId: string, work: (tx: SqlTransaction) => Promise<T>) =>
  asRole(db, 'authenticated', { sub: userId, aud: 'authenticated' }, work);

/** The SQLSTATE of the error the promise rejects with (fails the test if it resolves). */
export async function sqlStateOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  throw new Error('expected the statement to fail');
}
