// Benchmark of the practice page: the time from clicking Practice on the dashboard to the first
// question visible, median of 20 runs in Chromium against the local backend on 127.0.0.1, with the
// production build of the app. Each run uses a fresh browser context (its own storage and cache)
// with a new signed-in student who has a trial, so every run loads the practice page's code and a
// new set of questions. Prints the numbers and writes the "Practice" section of docs/performance.md.
//
//   npx tsx scripts/bench-practice.ts [--runs 20] [--no-doc]
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { grantTrial, startTestBackend } from '../tests/support/backend.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { serveStatic } from '../tests/support/static-server.ts';
import { signInContext } from '../tests/support/ui-backend.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';
import { practiceElapsed, practiceProbe } from './lib/practice-probe.ts';

const SECTION_TITLE = 'Practice';
const TARGET_MS = 300;

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 20;
const writeDoc = !args.includes('--no-doc');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
};
const fmt = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const outDir = await mkdtemp(join(tmpdir(), 'bench-practice-'));
  const server = await serveStatic(outDir, 0);
  const backend = await startTestBackend({ port: 0, siteUrl: server.url });
  const browser = await launchBrowser();
  try {
    process.env.VITE_SUPABASE_URL = backend.url;
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
    const samples: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1280, height: 800 },
      });
      const user = await signInContext(context, backend, `bench-${run}-${Date.now()}@example.com`);
      await grantTrial(backend, user.id);
      await context.addInitScript(practiceProbe);
      const page = await context.newPage();
      await page.goto('/dashboard');
      const practice = page.locator('main').getByRole('link', { name: 'Practice', exact: true });
      await practice.waitFor();
      await practice.click();
      const elapsed = await practiceElapsed(page, 15_000);
      // Run 0 warms up the backend and the server (first queries, JIT); it is not counted.
      if (run > 0) samples.push(elapsed);
      console.log(`run ${run}${run === 0 ? ' (warm-up)' : ''}: ${fmt(elapsed)}`);
      await context.close();
    }
    const median = percentile(samples, 50);
    const summary = {
      median,
      p90: percentile(samples, 90),
      min: Math.min(...samples),
      max: Math.max(...samples),
    };
    console.log(
      `Practice click → first question: median ${fmt(summary.median)} (p90 ${fmt(summary.p90)}, min ${fmt(summary.min)}, max ${fmt(summary.max)}) over ${samples.length} runs; target ≤ ${TARGET_MS} ms`,
    );
    if (writeDoc) await writeSection(summary, samples.length);
  } finally {
    await browser.close();
    await backend.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

async function writeSection(s: { median: number; p90: number; min: number; max: number }, runs: number) {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const met = s.median <= TARGET_MS ? 'met' : '**not met**';
  const section = `## ${SECTION_TITLE}

Measured by \`npx tsx scripts/bench-practice.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores
(${cpu}), Node ${process.versions.node}, load average ${loadavg()[0]?.toFixed(1)} at the end. Production build
served on 127.0.0.1, the local backend on 127.0.0.1, Debian Chromium (headless). Each run is a fresh browser
context with a new signed-in student on a trial, starting on /dashboard; the clock runs in the page from the
click on Practice to the first frame after the first question is in the document. That span includes loading
the practice page's code, the entitlement check and the question load (two remote procedure calls).

| Measure | Result | Target |
|---|---|---|
| Click on Practice → first question visible, median of ${runs} | ${fmt(s.median)} | ≤ ${TARGET_MS} ms (${met}) |
| … p90; min; max | ${fmt(s.p90)}; ${fmt(s.min)}; ${fmt(s.max)} | — |
`;
  await writePerformanceSection(SECTION_TITLE, section);
}

await main();
