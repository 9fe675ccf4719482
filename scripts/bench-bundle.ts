/**
 * What the browser downloads to start the app: builds the production app and sums the gzip size
 * of the entry script, the CSS and every chunk the client shell preloads (a prerendered page
 * requests the same scripts once it has painted and carries the CSS inline, decision 080).
 * Prints the figures and writes the "Bundle" section of docs/performance.md.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { initialAssets } from './lib/initial-assets.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(join(tmpdir(), 'bundle-'));
process.env.NODE_ENV = 'production';
await build({ root, logLevel: 'warn', build: { outDir, sourcemap: false } });

// The client shell names the stylesheet and scripts as Vite emitted them; the prerendered pages
// carry the same CSS inline (decision 080), so it is counted either way.
const shell = existsSync(join(outDir, 'app.html')) ? 'app.html' : 'index.html';
const sizes = initialAssets(outDir, shell).files;
const total = (key: 'raw' | 'gzip', ext?: string) =>
  sizes.filter((s) => !ext || s.file.endsWith(ext)).reduce((sum, s) => sum + s[key], 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
rmSync(outDir, { recursive: true, force: true });

for (const s of sizes)
  console.log(`${s.file.padEnd(40)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
console.log(`initial JavaScript: ${kb(total('gzip', '.js'))} gzip; CSS: ${kb(total('gzip', '.css'))} gzip`);

const section = [
  '## Bundle',
  '',
  `Measured by \`npx tsx scripts/bench-bundle.ts\` on ${new Date().toISOString().slice(0, 10)}: the production build's`,
  'files that start the app: the entry script, the chunks it preloads and the stylesheet, as the client shell',
  '(app.html) names them (gzip level 9). A prerendered page requests the same scripts once it has painted',
  'and carries the CSS inline (decision 080).',
  '',
  '| Measure | Result |',
  '|---|---|',
  `| Initial JavaScript (entry + preloaded chunks) | ${kb(total('gzip', '.js'))} gzip (${kb(total('raw', '.js'))} raw) |`,
  `| Initial CSS | ${kb(total('gzip', '.css'))} gzip |`,
  `| Files | ${sizes.length} |`,
  '',
  'For reference: 208.8 KB gzip of initial JavaScript on 2026-11-22, before supabase-js was loaded on first',
  'use instead of with the entry script.',
  '',
].join('\n');
await writePerformanceSection('Bundle', section);
