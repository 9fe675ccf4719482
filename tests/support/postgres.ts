// The real-PostgreSQL test tier: a throw-away cluster set up like hosted Supabase, migrated once per
// run and cloned per test file.
//
//   startCluster(): Promise<Cluster>
//       initdb in a temp folder, postgres on a free loopback port (as the `postgres` OS user when
//       run as root, since initdb refuses root), hosted-supabase.sql applied, then every migration
//       as `postgres` and the seed, into database TEMPLATE_DB. cluster.stop() removes it all.
//   openClonedDatabase(url): Promise<PgBackend>
//       CREATE DATABASE … TEMPLATE TEMPLATE_DB (milliseconds) and three pools on it: `db` as the
//       superuser (what PGlite's tests use), `authDb` as supabase_auth_admin (GoTrue's role: writes
//       to auth.users fire triggers as it does on hosted), `apiDb` as authenticator (PostgREST's
//       login role, with its statement and lock timeouts). close() drops the clone.
//   pgDatabase(pool): SqlDatabase
//       PGlite's query/exec/transaction over a pg Pool, with PGlite's value parsing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationFiles } from '../../server/db/database.ts';

export const TEMPLATE_DB = 'migrated';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const HOSTED_SETUP_FILE = fileURLToPath(new URL('./hosted-supabase.sql', import.meta.url));
const SUPERUSER = 'supabase_admin';

// Values come back as PGlite returns them, so one test file reads both engines alike: bigint as a
// number while it is safe, dates and timestamps as Date from their text.
const bigint = (text: string) => {
  const value = BigInt(text);
  return value < Number.MIN_SAFE_INTEGER || value > Number.MAX_SAFE_INTEGER ? value : Number(value);
};
pg.types.setTypeParser(pg.types.builtins.INT8, bigint);
pg.types.setTypeParser(pg.types.builtins.DATE, (text) => new Date(text));
const INT8_ARRAY = 1016 as (typeof pg.types.builtins)[keyof typeof pg.types.builtins];
pg.types.setTypeParser(INT8_ARRAY, (text: string) => pg.types.arrayParser(text, bigint));

export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}
export interface SqlTransaction {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<unknown>;
}
export interface SqlDatabase extends SqlTransaction {
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
}

/**
 * PGlite serializes a parameter by the type the statement gives it, so a JS array bound to a json
 * or jsonb parameter goes as JSON; node-postgres would send it as an array literal. For a statement
 * with array parameters, ask the server for the parameter types (PREPARE) and send those as JSON.
 */
async function serializeLikePglite(
  client: pg.PoolClient,
  sql: string,
  params: unknown[],
): Promise<unknown[]> {
  if (!params.some(Array.isArray)) return params;
  await client.query(`prepare pnprep_describe as ${sql}`);
  try {
    const { rows } = await client.query<{ types: string[] }>(
      `select parameter_types::text[] as types from pg_prepared_statements where name = 'pnprep_describe'`,
    );
    const types = rows[0]?.types ?? [];
    return params.map((value, i) =>
      Array.isArray(value) && ['json', 'jsonb'].includes(types[i] ?? '') ? JSON.stringify(value) : value,
    );
  } finally {
    await client.query('deallocate pnprep_describe');
  }
}

function clientApi(connect: () => Promise<{ client: pg.PoolClient; release(): void }>): SqlTransaction {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const { client, release } = await connect();
      try {
        const result = await client.query(sql, await serializeLikePglite(client, sql, params));
        return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
      } finally {
        release();
      }
    },
    async exec(sql: string) {
      const { client, release } = await connect();
      try {
        return await client.query(sql);
      } finally {
        release();
      }
    },
  };
}

export function pgDatabase(pool: pg.Pool): SqlDatabase {
  const fromPool = async () => {
    const client = await pool.connect();
    return { client, release: () => client.release() };
  };
  return {
    ...clientApi(fromPool),
    async transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(clientApi(async () => ({ client, release: () => {} })));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  return join(base, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The path of a PostgreSQL program (pg_dump, psql, …) of the newest installed version. */
export const postgresProgram = (program: string) => join(binDir(), program);

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the `postgres` OS user when we are root. */
function run(program: string, args: string[]): void {
  const path = join(binDir(), program);
  const [command, commandArgs] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
    : [path, args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface Cluster {
  port: number;
  url(database: string, user?: string): string;
  stop(): void;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pnprep-pg-'));
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const stop = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not running (start failed): only the folder is left to remove.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', dataDir, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    // Durability is irrelevant for a throw-away cluster; these only make it faster.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c deadlock_timeout=200ms`;
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  } catch (error) {
    stop();
    throw error;
  }
  const url = (database: string, user = SUPERUSER) => `postgres://${user}@127.0.0.1:${port}/${database}`;
  try {
    await migrateTemplate(url);
  } catch (error) {
    stop();
    throw error;
  }
  return { port, url, stop };
}

async function migrateTemplate(url: (database: string, user?: string) => string): Promise<void> {
  await withClient(url('postgres'), async (client) => {
    // The project database is owned by postgres, as on hosted (hosted-supabase.sql sets the role up).
    await client.query(`create role postgres login`);
    await client.query(`create database ${TEMPLATE_DB} owner postgres`);
  });
  await withClient(url(TEMPLATE_DB), (client) => client.query(readFileSync(HOSTED_SETUP_FILE, 'utf8')));
  await withClient(url(TEMPLATE_DB, 'postgres'), async (client) => {
    // What `supabase db push` keeps: the applied versions, in a schema it creates as postgres.
    await client.query(`create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (version text primary key, name text not null,
        applied_at timestamptz not null default now())`);
    for (const migration of await migrationFiles()) {
      const sql = readFileSync(migration.path, 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [migration.version, migration.name],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${migration.version}_${migration.name}: ${(error as Error).message}`);
      }
    }
    // The seed (its own begin/commit), as `supabase db reset` runs it after the migrations.
    await client.query(readFileSync(join(ROOT, 'supabase', 'seed.sql'), 'utf8'));
  });
}

export interface PgBackend {
  /** The superuser: what the PGlite tier's tests use for setup and inspection. */
  db: SqlDatabase;
  /** GoTrue's role (supabase_auth_admin): writes to auth tables. */
  authDb: SqlDatabase;
  /** For API calls with asRole (which applies PostgREST's login and API role settings). */
  apiDb: SqlDatabase;
  engine: 'postgres';
  close(): Promise<void>;
}

let cloneCounter = 0;

export async function openClonedDatabase(
  urlOf: (database: string, user?: string) => string,
): Promise<PgBackend> {
  const name = `test_${process.pid}_${++cloneCounter}_${Date.now().toString(36)}`;
  await withClient(urlOf('postgres'), async (client) => {
    // Two files cloning at once collide on the template ("being accessed by other users"): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${TEMPLATE_DB} owner postgres`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  const pool = (user: string, max: number) => {
    const created = new pg.Pool({ connectionString: urlOf(name, user), max });
    // An idle connection ended by the server (the clone dropped at close) is not a test failure.
    created.on('error', () => {});
    return created;
  };
  // API calls get their own pool, large enough for a race's 40 concurrent calls. It logs in as the
  // superuser, like PGlite's only connection: asRole applies authenticator's settings and then the
  // API role's, as PostgREST's session does, and tests' shortcuts may still switch roles.
  const pools = [pool('supabase_admin', 4), pool('supabase_auth_admin', 4), pool('supabase_admin', 48)];
  const [admin, auth, api] = pools as [pg.Pool, pg.Pool, pg.Pool];
  return {
    db: pgDatabase(admin),
    authDb: pgDatabase(auth),
    apiDb: pgDatabase(api),
    engine: 'postgres',
    async close() {
      await Promise.all(pools.map((p) => p.end()));
      await withClient(urlOf('postgres'), (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}
