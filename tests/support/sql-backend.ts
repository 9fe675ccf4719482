// The database a tests/sql file runs against, on either engine, chosen by the vitest project:
// `server` runs the files on PGlite (the local backend, as `npm start` does), `postgres` on a clone
// of the real-PostgreSQL cluster set up like hosted Supabase (tests/support/postgres.ts).
//
//   startSqlBackend(): Promise<SqlBackend>
//       db      the superuser, for setup and inspection
//       authDb  the role GoTrue writes auth tables as (PGlite: the superuser)
//       apiDb   the role PostgREST logs in as; pass it to asRole/asUser (PGlite: the superuser)
//       local   the local backend (HTTP, REST, supabase-js), only on PGlite
//   ON_POSTGRES: true in the `postgres` project (use with describe.skipIf for REST-only parts)
import { inject } from 'vitest';
import { type LocalBackend, startTestBackend } from './backend.ts';
import { openClonedDatabase, type SqlDatabase } from './postgres.ts';

export type { SqlDatabase, SqlTransaction } from './postgres.ts';

export const ON_POSTGRES = process.env.SQL_ENGINE === 'postgres';

export interface SqlBackend {
  engine: 'pglite' | 'postgres';
  db: SqlDatabase;
  authDb: SqlDatabase;
  apiDb: SqlDatabase;
  local: LocalBackend | null;
  close(): Promise<void>;
}

export async function startSqlBackend(): Promise<SqlBackend> {
  if (ON_POSTGRES) {
    const port = inject('postgresPort');
    const pg = await openClonedDatabase(
      (database, user = 'supabase_admin') => `postgres://${user}@127.0.0.1:${port}/${database}`,
    );
    return { ...pg, local: null };
  }
  const local = await startTestBackend();
  return {
    engine: 'pglite',
    db: local.db,
    authDb: local.db,
    apiDb: local.db,
    local,
    close: () => local.close(),
  };
}

/** The local backend, for the parts of a file that go through HTTP (skipped on the real engine). */
export function localBackend(backend: SqlBackend): LocalBackend {
  if (!backend.local) throw new Error('the local backend runs on PGlite only');
  return backend.local;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresPort: number;
  }
}
