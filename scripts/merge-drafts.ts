/**
 * `npm run bank:merge`: moves reviewed drafts (verdict agree or fixed) from supabase/questions/drafts
 * into the bank, with their review records, and gives the merged items key letters that keep each
 * file balanced and unpredictable. Dropped and unreviewed drafts stay in the drafts folder and are
 * listed. A draft file whose items all merged stays, with an empty items array, for the next round.
 *
 *   npm run bank:merge -- --from supabase/questions/drafts/round2   drafts from another folder
 *                                                                   (reviews in <from>/reviews/)
 *   npm run bank:merge -- --reletter-bank                           re-letter every bank item instead
 *   npm run bank:merge -- --date 2026-11-25                         date for the review notes
 *   npm run bank:merge -- --dry-run                                 print, write nothing
 */
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type Folder,
  type MergeReport,
  mergeDrafts,
  readFolder,
  reletterBank,
  writeFolder,
} from './lib/merge.ts';
import {
  DEFAULT_BANK_DIR,
  DEFAULT_REVIEW_DIR,
  formatStats,
  readBank,
  validateBank,
} from './lib/question-bank.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DEFAULT_DRAFTS = 'supabase/questions/drafts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: DEFAULT_DRAFTS },
    'reletter-bank': { type: 'boolean', default: false },
    date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    'dry-run': { type: 'boolean', default: false },
  },
});
const date = values.date;
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`--date must be YYYY-MM-DD, got "${date}"`);

function printList(title: string, lines: string[]): void {
  if (lines.length === 0) return;
  console.log(`${title} (${lines.length}):`);
  for (const line of lines) console.log(`  ${line}`);
}

function printKeptLetters(kept: MergeReport['keptLetters']): void {
  printList(
    'Kept their key letter (letters in the text cannot be moved safely; fix the wording to allow it)',
    kept.map(({ id, reason }) => `${id}: ${reason}`),
  );
}

function allFiles(folder: Folder): Set<string> {
  return new Set([...folder.categories.keys(), ...folder.reviews.keys()]);
}

function printBankSummary(): void {
  const { errors, stats } = validateBank(readBank());
  console.log(`\n${formatStats(stats)}`);
  if (errors.length > 0) {
    console.log(
      `\nThe bank has ${errors.length} validation errors; \`npx vitest run tests/content\` lists them.`,
    );
  }
  console.log('Run `npm run bank:export` to regenerate supabase/seed.sql and the bank statistics.');
}

function runReletter(): void {
  const bank = readFolder(DEFAULT_BANK_DIR, DEFAULT_REVIEW_DIR);
  const kept = reletterBank(bank, date);
  printKeptLetters(kept);
  if (values['dry-run']) {
    console.log('Dry run: nothing written.');
    return;
  }
  writeFolder(DEFAULT_BANK_DIR, DEFAULT_REVIEW_DIR, bank, allFiles(bank));
  console.log(`Re-lettered the bank files in ${relative(ROOT, DEFAULT_BANK_DIR)}.`);
  printBankSummary();
}

function runMerge(): void {
  const draftDir = resolve(ROOT, values.from);
  const draftReviewDir = join(draftDir, 'reviews');
  const bank = readFolder(DEFAULT_BANK_DIR, DEFAULT_REVIEW_DIR);
  const drafts = readFolder(draftDir, draftReviewDir);
  const report = mergeDrafts(bank, drafts, date);
  console.log(`Merged ${report.merged.length} drafts from ${values.from}.`);
  printList(
    'Skipped, dropped by the review (left in the drafts)',
    report.dropped.map(({ id, note }) => `${id}: ${note}`),
  );
  printList('Skipped, no review record yet (left in the drafts)', report.unreviewed);
  printKeptLetters(report.keptLetters);
  if (values['dry-run']) {
    console.log('Dry run: nothing written.');
    return;
  }
  writeFolder(DEFAULT_BANK_DIR, DEFAULT_REVIEW_DIR, bank, allFiles(bank));
  writeFolder(draftDir, draftReviewDir, drafts, allFiles(drafts));
  printBankSummary();
}

try {
  if (values['reletter-bank']) runReletter();
  else runMerge();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
