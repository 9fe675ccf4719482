// The Edge Functions under Deno, the runtime they deploy to: `deno check` on every
// supabase/functions/<name>/index.ts and `deno test` on the handler tests beside it, with each
// function's own deno.json (imports pinned to the app's versions) and its committed deno.lock
// (--frozen: a changed dependency fails until the lock is updated on purpose with --update-lock).
// Deno is the `deno` npm package (its binary ships in a platform package); the npm modules the
// functions import are fetched from the npm registry once into .cache/deno.
//   tsx scripts/check-edge-functions.ts [--update-lock]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FUNCTIONS_DIR = join(ROOT, 'supabase', 'functions');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const frozen = process.argv.includes('--update-lock') ? '--frozen=false' : '--frozen';

const functions = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(FUNCTIONS_DIR, entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .sort();
if (functions.length === 0) throw new Error('no Edge Function found in supabase/functions');

const env = {
  ...process.env,
  DENO_DIR: join(ROOT, '.cache', 'deno'),
  DENO_NO_UPDATE_CHECK: '1',
  NO_COLOR: '1',
};
for (const name of functions) {
  const cwd = join(FUNCTIONS_DIR, name);
  const tests = readdirSync(cwd).filter((file) => file.endsWith('_test.ts'));
  const run = (args: string[]) => execFileSync(DENO, args, { cwd, env, stdio: 'inherit' });
  run(['check', frozen, 'index.ts', ...tests]);
  if (tests.length > 0) run(['test', frozen, '--quiet', ...tests]);
  console.log(
    `edge function ${name}: deno check${tests.length > 0 ? ` and deno test (${tests.join(', ')})` : ''} passed`,
  );
}
