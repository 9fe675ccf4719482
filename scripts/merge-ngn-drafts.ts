/**
 * `npm run ngn:merge`: moves reviewed clinical-judgment drafts (verdict agree or fixed) from
 * supabase/questions/ngn/drafts/<file>.json into supabase/questions/ngn/<file>.json, with their review
 * records (drafts/reviews/<file>.json → reviews/<file>.json). Case studies move whole: only when
 * all six items are reviewed and none is dropped. Dropped and unreviewed drafts stay and are
 * listed. Refuses, writing nothing, an id the NGN bank already uses and a merged file or record
 * that fails its checks.
 *
 *   npm run ngn:merge -- --from supabase/questions/ngn/drafts/round2   drafts from another folder
 *                                                                      (reviews in <from>/reviews/)
 *   npm run ngn:merge -- --dry-run                                     print, write nothing
 *   npm run ngn:merge -- --bank <folder>                               another bank folder (a copy
 *                                                                      to try a merge on)
 */
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ngnFileSchema } from '../domain/ngn-items.ts';
import { formatNgnStats, validateNgnBank } from './lib/ngn-bank.ts';
import { mergeNgnDrafts, type NgnFolder, readNgnFolder, writeNgnFolder } from './lib/ngn-merge.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: 'supabase/questions/ngn/drafts' },
    bank: { type: 'string', default: 'supabase/questions/ngn' },
    'dry-run': { type: 'boolean', default: false },
  },
});

function printList(title: string, lines: string[]): void {
  if (lines.length === 0) return;
  console.log(`${title} (${lines.length}):`);
  for (const line of lines) console.log(`  ${line}`);
}

/** Ids ten to a line. */
function printIds(title: string, ids: string[]): void {
  const lines: string[] = [];
  for (let i = 0; i < ids.length; i += 10) lines.push(ids.slice(i, i + 10).join(', '));
  if (ids.length > 0) console.log(`${title} (${ids.length}):\n  ${lines.join('\n  ')}`);
}

/** The statistics and review errors of the bank as merged (in memory: a dry run shows them too). */
function printBankSummary(bank: NgnFolder): void {
  const files = [...bank.files].map(([name, data]) => ({ name, ...ngnFileSchema.parse(data) }));
  const { errors, stats } = validateNgnBank(files, { reviews: Object.fromEntries(bank.reviews) });
  console.log(`\n${formatNgnStats(stats)}`);
  if (errors.length > 0) {
    console.log(`\nThe NGN bank has ${errors.length} review errors:`);
    for (const error of errors) console.log(`  ${error}`);
  }
}

function run(): void {
  const bankDir = resolve(ROOT, values.bank);
  const draftDir = resolve(ROOT, values.from);
  const bankReviewDir = join(bankDir, 'reviews');
  const draftReviewDir = join(draftDir, 'reviews');
  const { bank, drafts, report } = mergeNgnDrafts(
    readNgnFolder(bankDir, bankReviewDir),
    readNgnFolder(draftDir, draftReviewDir),
  );
  const standalone = report.merged.length - report.mergedCases.length * 6;
  console.log(
    `${values['dry-run'] ? 'Would merge' : 'Merged'} ${report.merged.length} items from ${relative(ROOT, draftDir)} (${standalone} standalone; ${report.mergedCases.length} case studies${report.mergedCases.length ? `: ${report.mergedCases.join(', ')}` : ''}).`,
  );
  printList(
    'Skipped, dropped by the review (left in the drafts)',
    report.dropped.map(({ id, note }) => `${id}: ${note}`),
  );
  printIds('Skipped, no review record yet (left in the drafts)', report.unreviewed);
  printIds('Case studies left whole in the drafts (an item is dropped or unreviewed)', report.heldCases);
  printBankSummary(bank);
  if (values['dry-run']) {
    console.log('\nDry run: nothing written.');
    return;
  }
  writeNgnFolder(bankDir, bankReviewDir, bank, report.bankFiles);
  writeNgnFolder(draftDir, draftReviewDir, drafts, report.draftFiles);
  if (report.bankFiles.length > 0) {
    console.log(
      `Wrote ${report.bankFiles.map((name) => relative(ROOT, join(bankDir, name))).join(', ')} and their reviews.`,
    );
  }
  console.log('Run `npm run bank:export` to regenerate supabase/seed.sql and the bank statistics.');
}

try {
  run();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
