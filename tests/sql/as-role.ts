// Run SQL as PostgREST would for a request: inside a transaction, with the API role and the JWT
// claims set locally, so RLS, grants and auth.uid() apply exactly as they do over HTTP.
import type { PGlite, Transaction } from '@electric-sql/pglite';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export function asRole<T>(
  db: PGlite,
  role: ApiRole,
  claims: Record<string, unknown>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      role,
      JSON.stringify({ ...claims, role }),
    ]);
    return work(tx);
  });
}

export const asUser = <T>(db: PGlite, userId: string, work: (tx: Transaction) => Promise<T>) =>
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
