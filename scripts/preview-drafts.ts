/**
 * `npm run bank:preview`: checks the multiple-choice drafts as if every one of them had been merged,
 * before any review exists, so a writer sees what the merge would reject: writing rules, topics and
 * stems that clash with the bank, new near-duplicate pairs, and the bank-wide shares and cue limits
 * with the drafts counted in. Missing review records (the drafts have none yet) and key-letter
 * sequences (the merge re-letters drafts) are left out. Exits 1 when a draft breaks a rule.
 *
 *   npm run bank:preview                         every draft folder (drafts/ and drafts/round*)
 *   npm run bank:preview -- --from <folder>      one draft folder only
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Bank, readBank } from '../server/db/question-bank.ts';
import { DEFAULT_BANK_DIR, formatStats, validateBank } from './lib/question-bank.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DRAFTS = join(DEFAULT_BANK_DIR, 'drafts');
const { values } = parseArgs({ options: { from: { type: 'string' } } });

function draftFolders(): string[] {
  if (values.from) return [resolve(ROOT, values.from)];
  const rounds = existsSync(DRAFTS)
    ? readdirSync(DRAFTS, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== 'reviews')
        .map((entry) => join(DRAFTS, entry.name))
    : [];
  return [DRAFTS, ...rounds];
}

const bank = readBank();
const drafts: Bank = draftFolders().flatMap((folder) => readBank(folder));
const draftIds = new Set(drafts.map((q) => q.id));
// The merge files a draft under its category's bank file, so the bank-wide checks see it there.
const merged: Bank = [
  ...bank,
  ...drafts.map((q) => ({ ...q, file: bank.find((b) => b.category === q.category)?.file ?? q.file })),
];

const { errors, stats } = validateBank(merged);
const mentionsDraft = (line: string) =>
  [...line.matchAll(/\b[a-z]{2,3}-\d{3}\b/g)].some((m) => draftIds.has(m[0]));
const relevant = errors.filter((line) => {
  // Records, letters and stale allow-list entries are the merge's business, not the writer's.
  if (/\[review-[a-z]+\]|\[key-sequence\]|\[answer-share\]|\[near-duplicate-stale\]/.test(line)) return false;
  // Item-level lines that name only bank items were there before the drafts.
  return line.startsWith('[') || mentionsDraft(line);
});

console.log(`${drafts.length} drafts checked against ${bank.length} bank items.\n`);
console.log(formatStats(stats));
if (relevant.length) {
  console.log(`\n${relevant.length} problem(s) the merge would bring into the bank:`);
  for (const line of relevant) console.log(`  ${line}`);
  process.exitCode = 1;
} else {
  console.log('\nNo draft breaks a rule.');
}
