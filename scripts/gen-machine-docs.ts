/**
 * Writes docs/machines/<id>.md (Mermaid chart + state table) for every machine in
 * machines/index.ts. With --check it writes nothing and fails when a committed chart is stale
 * or missing, so a machine cannot change without its chart.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machines } from '../machines/index';
import { machineMarkdown } from '../machines/shared/machine-chart';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');
const check = process.argv.includes('--check');
const stale: string[] = [];

mkdirSync(outDir, { recursive: true });
for (const [id, machine] of Object.entries(machines)) {
  const file = join(outDir, `${id}.md`);
  const markdown = machineMarkdown(machine);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current === markdown) continue;
  if (check) stale.push(`docs/machines/${id}.md`);
  else {
    writeFileSync(file, markdown);
    console.log(`wrote docs/machines/${id}.md`);
  }
}

if (stale.length > 0) {
  console.error(
    `Flow charts are stale: ${stale.join(', ')}. Run \`npm run docs:machines\` and commit the result.`,
  );
  process.exit(1);
}
if (check) console.log(`flow charts up to date (${Object.keys(machines).length} machines)`);
