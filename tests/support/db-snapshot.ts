// A migrated database snapshot shared by every test that needs the local backend.
//
//   ensureMigratedSnapshot(): Promise<string>
//     Returns the path of a dumped PGlite data dir (tar) with the Supabase shim, every migration
//     and the question banks (multiple-choice and NGN) applied. Built once and cached under .cache/,
//     keyed by a hash of the shim, the migrations, the bank files and the code that loads them, so
//     it is rebuilt only when one of those changes. Pass the path as `snapshot` to startLocalBackend (or use
//     startTestBackend from ./backend.ts): starting from it takes ~1 s instead of ~4 s+.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR, migrationFiles, openDatabase, SHIM_FILE } from '../../server/db/database.ts';
import { DEFAULT_NGN_BANK_DIR, ngnBankFiles } from '../../server/db/ngn-bank.ts';
import { DEFAULT_BANK_DIR } from '../../server/db/question-bank.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_DIR = join(ROOT, '.cache');
const SNAPSHOT_PREFIX = 'db-snapshot-';

async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  const bankFiles = (await readdir(DEFAULT_BANK_DIR))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(DEFAULT_BANK_DIR, name));
  const ngnFiles = ngnBankFiles().map((name) => join(DEFAULT_NGN_BANK_DIR, name));
  const files = [
    SHIM_FILE,
    fileURLToPath(new URL('../../server/db/database.ts', import.meta.url)),
    fileURLToPath(new URL('../../server/db/question-bank.ts', import.meta.url)),
    fileURLToPath(new URL('../../server/db/ngn-bank.ts', import.meta.url)),
    fileURLToPath(new URL('../../domain/ngn-items.ts', import.meta.url)),
    fileURLToPath(new URL('../../domain/ngn-scoring.ts', import.meta.url)),
    ...(await migrationFiles()).map((migration) => migration.path),
    ...bankFiles,
    ...ngnFiles,
  ];
  for (const file of files) {
    hash
      .update(file.slice(ROOT.length))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  hash.update(MIGRATIONS_DIR.slice(ROOT.length));
  return hash.digest('hex').slice(0, 16);
}

export async function ensureMigratedSnapshot(): Promise<string> {
  const path = join(CACHE_DIR, `${SNAPSHOT_PREFIX}${await inputsHash()}.tar`);
  if (await stat(path).catch(() => null)) return path;

  await mkdir(CACHE_DIR, { recursive: true });
  const db = await openDatabase({ dataDir: 'memory', log: () => {} });
  const dump = await db.dumpDataDir('none');
  await db.close();
  // Write then rename, so a concurrent run never reads a half-written file.
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, path);

  // Drop snapshots of older inputs.
  for (const name of await readdir(CACHE_DIR)) {
    if (name.startsWith(SNAPSHOT_PREFIX) && join(CACHE_DIR, name) !== path && name.endsWith('.tar')) {
      await rm(join(CACHE_DIR, name), { force: true });
    }
  }
  return path;
}
