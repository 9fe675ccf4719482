/**
 * The cold review round trip (scripts/lib/cold-review.ts, docs/content.md "Cold review packet"):
 *
 *   npm run bank:cold-packet -- --out <folder> [--changed <file of ids>] [--from <draft folder>]
 *     writes the key-less packet: every draft without a review record, and the revised bank items
 *     whose ids the file lists (one per line).
 *   npm run bank:cold-review -- --answers <folder> [--changed <file of ids>] [--from <draft folder>] --reviewer <name> --date <YYYY-MM-DD> [--dry-run]
 *     turns the cold answers into review records (`agree` only with full points and no blocking
 *     note) and lists the items to fix or drop; then `npm run bank:merge` and `npm run ngn:merge`.
 *
 * `--from` names a round's multiple-choice draft folder (e.g. supabase/questions/drafts/round4, its
 * records in <folder>/reviews/), as `bank:merge -- --from` does; NGN drafts are always ngn/drafts/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyColdAnswers, coldPacket, DEFAULT_PATHS, type ReviewPaths } from './lib/cold-review.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const changedFile = arg('changed');
const changedIds =
  changedFile === undefined
    ? []
    : existsSync(changedFile)
      ? readFileSync(changedFile, 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '' && !line.startsWith('#'))
      : fail(`--changed ${changedFile}: no such file`);

const from = arg('from');
const paths: ReviewPaths =
  from === undefined
    ? DEFAULT_PATHS
    : { ...DEFAULT_PATHS, drafts: resolve(from), draftReviews: join(resolve(from), 'reviews') };

if (process.argv.includes('packet')) {
  const out = arg('out') ?? fail('--out <folder> is required');
  const counts = coldPacket(out, [...new Set(changedIds)], paths);
  for (const [name, count] of Object.entries(counts)) console.log(`${name}: ${count} items`);
} else {
  const answers = arg('answers') ?? fail('--answers <folder> is required');
  const reviewer = arg('reviewer') ?? fail('--reviewer <name> is required');
  const date = arg('date') ?? fail('--date <YYYY-MM-DD> is required');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail('--date must be YYYY-MM-DD');
  const dryRun = process.argv.includes('--dry-run');
  const result = applyColdAnswers(answers, [...new Set(changedIds)], { reviewer, date, dryRun }, paths);
  console.log(`Agreed (${result.agreed.length}): ${result.agreed.join(', ')}`);
  console.log(`To fix and answer cold again, or drop (${result.followUp.length}):`);
  for (const v of result.followUp) console.log(`  ${v.id}: ${v.reason}`);
  if (result.unanswered.length > 0)
    console.log(`Not answered (${result.unanswered.length}): ${result.unanswered.join(', ')}`);
  console.log(dryRun ? 'Dry run: nothing written.' : 'Review records written for the agreed items.');
  if (result.followUp.length > 0 || result.unanswered.length > 0) process.exitCode = 2;
}
