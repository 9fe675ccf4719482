/**
 * `npm run bank:export`: writes supabase/seed.sql from supabase/questions/*.json.
 * `npm run bank:export -- --check`: exits 1 when the committed supabase/seed.sql differs from the bank.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadBank, SEED_FILE, toSeedSql, validateBank } from './lib/question-bank.ts';

const SEED_PATH = 'supabase/seed.sql';
const bank = loadBank();
const sql = toSeedSql(bank);

if (process.argv.includes('--check')) {
  const current = existsSync(SEED_FILE) ? readFileSync(SEED_FILE, 'utf8') : undefined;
  if (current === undefined) {
    console.error(`${SEED_PATH} is missing. Run \`npm run bank:export\` and commit it.`);
    process.exit(1);
  }
  if (current !== sql) {
    console.error(
      `${SEED_PATH} is out of date with supabase/questions/*.json. Run \`npm run bank:export\` and commit it.`,
    );
    process.exit(1);
  }
  console.log(`${SEED_PATH} is up to date (${bank.length} questions).`);
} else {
  writeFileSync(SEED_FILE, sql);
  console.log(`Wrote ${SEED_PATH}: ${bank.length} questions, ${bank.length * 4} options.`);
  const { errors } = validateBank(bank);
  if (errors.length > 0) {
    console.warn(
      `Note: the bank has ${errors.length} validation errors; run the content tests (tests/content) to list them.`,
    );
  }
}
