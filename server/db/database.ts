// Opens the embedded Postgres (PGlite) and brings it up to date: the Supabase shim, then every
// supabase/migrations file not yet applied (each in its own transaction, recorded like the CLI
// does), then the question bank and the clinical-judgment (NGN) bank (skipped when their hash is
// unchanged, so restarts stay fast; a malformed NGN file stops start-up with its problems listed).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { loadNgnBank, ngnItemCount } from './ngn-bank.ts';
import { loadBank, toSeedSql } from './question-bank.ts';

export const SHIM_FILE = fileURLToPath(new URL('./shim.sql', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));
/** The name the bank is recorded under in supabase_migrations.seed_files. */
const BANK_SEED_PATH = 'supabase/questions';

export interface OpenDatabaseOptions {
  /** A directory to persist to, or 'memory' for a throw-away database. */
  dataDir: string;
  /** A dumped data dir (tar) to start from instead of running initdb. */
  snapshot?: Blob;
  log: (line: string) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<PGlite> {
  const db = await PGlite.create({
    ...(options.dataDir === 'memory' ? {} : { dataDir: options.dataDir }),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  try {
    await db.exec(await readFile(SHIM_FILE, 'utf8'));
    await applyMigrations(db, options.log);
    await loadQuestionBank(db, options.log);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

export async function migrationFiles(): Promise<{ version: string; name: string; path: string }[]> {
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return names.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match?.[1] || !match[2])
      throw new Error(`migration file name must be <version>_<name>.sql: ${file}`);
    return { version: match[1], name: match[2], path: join(MIGRATIONS_DIR, file) };
  });
}

async function applyMigrations(db: PGlite, log: (line: string) => void): Promise<void> {
  const applied = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((row) => row.version),
  );
  for (const migration of await migrationFiles()) {
    if (applied.has(migration.version)) continue;
    const sql = await readFile(migration.path, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
    log(`applied migration ${migration.version}_${migration.name}`);
  }
}

async function loadQuestionBank(db: PGlite, log: (line: string) => void): Promise<void> {
  const bank = loadBank();
  const ngn = loadNgnBank();
  // Without its own begin/commit: the upsert and its hash record below commit together or not at all.
  const sql = toSeedSql(bank, { transaction: false, ngn });
  const hash = createHash('sha256').update(sql).digest('hex');
  const stored = await db.query<{ hash: string }>(
    'select hash from supabase_migrations.seed_files where path = $1',
    [BANK_SEED_PATH],
  );
  if (stored.rows[0]?.hash === hash) return;
  await db.transaction(async (tx) => {
    if (sql) await tx.exec(sql);
    await tx.query(
      `insert into supabase_migrations.seed_files (path, hash) values ($1, $2)
       on conflict (path) do update set hash = excluded.hash`,
      [BANK_SEED_PATH, hash],
    );
  });
  log(
    `loaded ${bank.length} questions and ${ngnItemCount(ngn)} clinical-judgment items (${ngn.cases.length} case studies)`,
  );
}
