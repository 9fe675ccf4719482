/**
 * `npm run bank:export`: writes the files generated from supabase/questions/*.json and the
 * clinical-judgment bank supabase/questions/ngn/*.json: supabase/seed.sql,
 * src/content/bank-stats.ts (the question count the FAQ states) and the statistics block of
 * docs/content.md (both banks' figures; the NGN review figures from supabase/questions/ngn/reviews/).
 * `npm run bank:export -- --check` (`npm run bank:check`): exits 1 when any of them is stale or an
 * NGN file is malformed (every problem listed), and when an exhibit of a bank or draft NGN item does
 * not add up (scripts/lib/exhibit-check.ts: times, tabs and columns, units, medicine schedules,
 * totals).
 */
import { writeFileSync } from 'node:fs';
import { loadNgnBank, type NgnBank, ngnItemCount } from '../server/db/ngn-bank.ts';
import { generatedFiles, staleFiles } from './lib/bank-exports.ts';
import { checkExhibits, draftNgnItems, draftNgnProblems } from './lib/exhibit-check.ts';
import { allNgnItems } from './lib/ngn-bank.ts';
import { loadBank, validateBank } from './lib/question-bank.ts';

const bank = loadBank();
const { errors, stats } = validateBank(bank);
let ngn: NgnBank;
try {
  ngn = loadNgnBank();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const ngnSummary = `${ngnItemCount(ngn)} clinical-judgment items, ${ngn.cases.length} case studies`;

if (process.argv.includes('--check')) {
  const draftProblems = draftNgnProblems();
  if (draftProblems.length > 0) {
    console.error(
      `NGN drafts the merge would refuse (${draftProblems.length}):\n${draftProblems.join('\n')}`,
    );
    process.exit(1);
  }
  const exhibitProblems = checkExhibits([...allNgnItems(ngn), ...draftNgnItems()]);
  if (exhibitProblems.length > 0) {
    console.error(`Exhibits that do not add up (${exhibitProblems.length}):\n${exhibitProblems.join('\n')}`);
    process.exit(1);
  }
  const stale = staleFiles(bank, stats, ngn);
  if (stale.length > 0) {
    console.error(
      `${stale.map((file) => file.name).join(', ')} ${stale.length === 1 ? 'is' : 'are'} out of date with supabase/questions/*.json and supabase/questions/ngn/*.json. Run \`npm run bank:export\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log(
    `The generated bank files are up to date (${bank.length} questions; ${ngnSummary}); every exhibit adds up.`,
  );
} else {
  for (const file of generatedFiles(bank, stats, ngn)) {
    writeFileSync(file.path, file.content);
    console.log(`Wrote ${file.name}`);
  }
  console.log(`${bank.length} questions, ${bank.length * 4} options; ${ngnSummary}.`);
  if (errors.length > 0) {
    console.warn(
      `Note: the bank has ${errors.length} validation errors; run the content tests (tests/content) to list them.`,
    );
  }
}
