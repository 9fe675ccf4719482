/**
 * The model-coverage table of a test run: per machine, states and transitions reached by the
 * machine-level and the browser-level model tests (each test writes its summary to
 * .cache/model-coverage/). Prints the table and writes it to docs/testing.md between markers.
 * `--reset` clears the previous run's summaries (the test script calls it first).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machines } from '../machines/index';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, '.cache', 'model-coverage');

if (process.argv.includes('--reset')) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.exit(0);
}

interface Summary {
  machine: string;
  layer: 'machine' | 'browser';
  states: { reached: number; total: number };
  transitions: { reached: number; total: number };
  missingStates: string[];
  missingTransitions: string[];
}

const summaries = new Map<string, Summary>();
if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const summary = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Summary;
    summaries.set(`${summary.machine}.${summary.layer}`, summary);
  }
}

const cell = (part?: { reached: number; total: number }) =>
  part
    ? `${part.reached}/${part.total} (${part.total ? Math.round((part.reached / part.total) * 100) : 100} %)`
    : 'not run';

const rows = Object.keys(machines).map((id) => {
  const m = summaries.get(`${id}.machine`);
  const b = summaries.get(`${id}.browser`);
  return { id, m, b };
});

const lines = [
  '| Machine | States (machine) | Transitions (machine) | States (browser) | Transitions (browser) |',
  '|---|---|---|---|---|',
  ...rows.map(
    ({ id, m, b }) =>
      `| \`${id}\` | ${cell(m?.states)} | ${cell(m?.transitions)} | ${cell(b?.states)} | ${cell(b?.transitions)} |`,
  ),
];
const unreached = rows.flatMap(({ id, b }) => (b?.missingTransitions ?? []).map((t) => `- \`${id}\`: ${t}`));

const table = lines.join('\n');
console.log('\nModel coverage (states and transitions reached):\n');
console.log(table);
if (unreached.length > 0) {
  console.log(
    `\nTransitions not driven through the browser: ${unreached.length} (listed in docs/testing.md)`,
  );
}

const testingDoc = join(root, 'docs', 'testing.md');
const begin = '<!-- coverage:begin -->';
const end = '<!-- coverage:end -->';
const generated = [
  begin,
  '',
  table,
  '',
  unreached.length > 0
    ? '**Transitions not driven through the browser** (each is reached at machine level):\n'
    : '',
  ...unreached,
  '',
  end,
].join('\n');
const current = existsSync(testingDoc) ? readFileSync(testingDoc, 'utf8') : '';
const next = current.includes(begin)
  ? current.replace(new RegExp(`${begin}[\\s\\S]*${end}`), generated)
  : `${current}\n${generated}\n`;
writeFileSync(testingDoc, next);

const incomplete = rows.filter(
  ({ m, b }) =>
    !m ||
    !b ||
    m.states.reached < m.states.total ||
    m.transitions.reached < m.transitions.total ||
    b.states.reached < b.states.total,
);
if (incomplete.length > 0) {
  console.log(
    `\nBelow the bar (100 % states at both layers, 100 % transitions at machine level): ${incomplete.map((r) => r.id).join(', ')}`,
  );
}
