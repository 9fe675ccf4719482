// Web benchmark: builds the production app (public pages prerendered), serves it gzip-compressed on
// 127.0.0.1 with the local backend beside it, and in one run measures
//  - Lighthouse 12 (mobile and desktop presets), several runs each, on /, /pricing, /faq and /login
//    and on a plain static HTML page holding the landing page's visible text (the physical baseline);
//  - "click Practice → first question visible" for a signed-in student on a trial, with Chromium's
//    network emulated at 150 ms round trip and 1.6 Mbps down (a phone on a mobile network).
// Prints medians and the budgets, and writes the "Web" section of docs/performance.md.
//
//   npm run bench:web -- [--runs 3] [--practice-runs 7] [--no-doc]
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { grantTrial, startTestBackend } from '../tests/support/backend.ts';
import { CHROMIUM_ARGS, fullChromiumPath, launchBrowser } from '../tests/support/browser.ts';
import { serveStatic } from '../tests/support/static-server.ts';
import { signInContext } from '../tests/support/ui-backend.ts';
import { initialAssets } from './lib/initial-assets.ts';
import { writePerformanceSection } from './lib/performance-doc.ts';
import { practiceElapsed, practiceProbe } from './lib/practice-probe.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SECTION_TITLE = 'Web';
const ROUTES = ['/', '/pricing', '/faq', '/login'];
const BASELINE = '/static-baseline.html';
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The issue's budgets (reported here, not asserted in npm test). */
const BUDGET = {
  mobilePerformance: 98,
  otherCategories: 100,
  landingLcpVsBaseline: 1.25,
  /** No single run's landing LCP above this multiple of the baseline's median. */
  landingLcpWorstRun: 1.5,
  landingInitialJsKb: 90,
  practiceMs: 600,
};
/** A phone on a mobile network: Lighthouse's mobile throttling figures. */
const NETWORK = { latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = numberArg('--runs', 3);
const PRACTICE_RUNS = numberArg('--practice-runs', 7);
const writeDoc = !args.includes('--no-doc');
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface LighthouseSample {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Transfer sizes of what the page loaded during the run. */
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  /** Audits that lost points outside performance, to say what holds a score back. */
  failing: string[];
}

function runLighthouse(url: string, preset: Preset): Promise<LighthouseSample> {
  const cli = join(ROOT, 'node_modules/lighthouse/cli/index.js');
  const lighthouseArgs = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, lighthouseArgs, {
      env: { ...process.env, CHROME_PATH: fullChromiumPath() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('close', (code) => {
      if (code !== 0)
        return reject(new Error(`lighthouse ${url} (${preset}) exited ${code}: ${err.slice(-2000)}`));
      const report = JSON.parse(out) as {
        categories: Record<string, { score: number; auditRefs: Array<{ id: string; weight: number }> }>;
        audits: Record<
          string,
          {
            score: number | null;
            scoreDisplayMode: string;
            numericValue?: number;
            details?: { items?: Array<{ resourceType: string; transferSize: number }> };
          }
        >;
        runtimeError?: { message: string };
      };
      if (report.runtimeError) return reject(new Error(`lighthouse ${url}: ${report.runtimeError.message}`));
      const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      const resources = report.audits['resource-summary']?.details?.items ?? [];
      const bytesOf = (type: string) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
      const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((category) =>
        (report.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .filter((ref) => {
            const a = report.audits[ref.id];
            return a && a.scoreDisplayMode === 'binary' && a.score !== null && a.score < 1;
          })
          .map((ref) => `${category}: ${ref.id}`),
      );
      resolve({
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
        ) as LighthouseSample['scores'],
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        jsBytes: bytesOf('script'),
        cssBytes: bytesOf('stylesheet'),
        htmlBytes: bytesOf('document'),
        failing,
      });
    });
  });
}

/** One page and preset: the medians of its samples (failing: every audit that lost points in any run). */
interface PageSummary extends LighthouseSample {
  page: string;
  preset: Preset;
}

function summarise(page: string, preset: Preset, samples: LighthouseSample[]): PageSummary {
  const of = (pick: (s: LighthouseSample) => number) => median(samples.map(pick));
  return {
    page,
    preset,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, of((s) => s.scores[c])])) as PageSummary['scores'],
    fcp: of((s) => s.fcp),
    lcp: of((s) => s.lcp),
    tbt: of((s) => s.tbt),
    cls: of((s) => s.cls),
    jsBytes: of((s) => s.jsBytes),
    cssBytes: of((s) => s.cssBytes),
    htmlBytes: of((s) => s.htmlBytes),
    failing: [...new Set(samples.flatMap((s) => s.failing))],
  };
}

/** The landing page's visible text as plain HTML: no CSS, no script, nothing else to load. */
async function writeBaseline(appUrl: string, outDir: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${appUrl}/`);
    const { title, description, heading, lines } = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      heading: document.querySelector('h1')?.textContent ?? '',
      // biome-ignore lint/performance/useDomNodeTextContent: the baseline holds the text as rendered (visible only)
      lines: document.body.innerText
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    }));
    const escapeHtml = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const body = lines.map((line) =>
      line === heading ? `<h1>${escapeHtml(line)}</h1>` : `<p>${escapeHtml(line)}</p>`,
    );
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${escapeHtml(description)}">
<title>${escapeHtml(title)}</title>
</head>
<body>
${body.join('\n')}
</body>
</html>
`;
    await writeFile(join(outDir, BASELINE.slice(1)), html);
    await context.close();
  } finally {
    await browser.close();
  }
}

async function timePractice(appUrl: string, backend: Awaited<ReturnType<typeof startTestBackend>>) {
  const browser = await launchBrowser();
  const samples: number[] = [];
  try {
    for (let run = 0; run <= PRACTICE_RUNS; run++) {
      const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 412, height: 823 } });
      const user = await signInContext(context, backend, `bench-web-${run}-${Date.now()}@example.com`);
      await grantTrial(backend, user.id);
      await context.addInitScript(practiceProbe);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: NETWORK.latencyMs,
        downloadThroughput: (NETWORK.downKbps * 1024) / 8,
        uploadThroughput: (NETWORK.upKbps * 1024) / 8,
      });
      await page.goto('/dashboard');
      const practice = page.locator('main').getByRole('link', { name: 'Practice', exact: true });
      await practice.waitFor();
      // The dashboard fetches the practice page's code while idle; the click comes after, as a
      // student's would after reading the page.
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('/PracticePage-')),
      );
      await page.waitForLoadState('networkidle');
      await practice.click();
      const elapsed = await practiceElapsed(page, 30_000);
      // Run 0 warms up the backend (first queries, JIT); it is not counted.
      if (run > 0) samples.push(elapsed);
      console.log(`practice run ${run}${run === 0 ? ' (warm-up)' : ''}: ${elapsed.toFixed(0)} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return samples;
}

async function main() {
  const outDir = await mkdtemp(join(ROOT, '.cache', 'bench-web-'));
  const server = await serveStatic(outDir, 0, { gzip: true });
  const backend = await startTestBackend({ port: 0, siteUrl: server.url });
  try {
    process.env.VITE_SUPABASE_URL = backend.url;
    process.env.NODE_ENV = 'production';
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
    const landingInitial = initialAssets(outDir, 'index.html');
    await writeBaseline(server.url, outDir);

    const pages = [...ROUTES, BASELINE];
    const samples = new Map<string, LighthouseSample[]>();
    // Runs interleave pages and presets, so a burst of load on the machine hits them alike.
    for (let run = 1; run <= RUNS; run++) {
      for (const preset of PRESETS) {
        for (const page of pages) {
          const sample = await runLighthouse(`${server.url}${page}`, preset);
          const key = `${preset} ${page}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          console.log(
            `run ${run} ${preset.padEnd(7)} ${page.padEnd(22)} perf ${sample.scores.performance} a11y ${sample.scores.accessibility} bp ${sample.scores['best-practices']} seo ${sample.scores.seo} FCP ${seconds(sample.fcp)} LCP ${seconds(sample.lcp)} TBT ${sample.tbt.toFixed(0)} ms CLS ${sample.cls.toFixed(3)}`,
          );
        }
      }
    }
    const summaries = PRESETS.flatMap((preset) =>
      pages.map((page) => summarise(page, preset, samples.get(`${preset} ${page}`) ?? [])),
    );
    const practice = await timePractice(server.url, backend);
    const report = render(summaries, landingInitial, practice, samples);
    console.log(`\n${report}`);
    if (writeDoc) await writePerformanceSection(SECTION_TITLE, `## ${SECTION_TITLE}\n\n${report}\n`);
  } finally {
    await backend.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

function render(
  summaries: PageSummary[],
  landingInitial: ReturnType<typeof initialAssets>,
  practiceSamples: number[],
  samples: Map<string, LighthouseSample[]>,
): string {
  const find = (preset: Preset, page: string) =>
    summaries.find((s) => s.preset === preset && s.page === page) as PageSummary;
  const label = (page: string) => (page === BASELINE ? 'static baseline' : page);
  const table = (preset: Preset) => [
    `| ${preset} | Perf | A11y | BP | SEO | FCP | LCP | TBT | CLS | JS | CSS | HTML |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...summaries
      .filter((s) => s.preset === preset)
      .map(
        (s) =>
          `| ${label(s.page)} | ${s.scores.performance} | ${s.scores.accessibility} | ${s.scores['best-practices']} | ${s.scores.seo} | ${seconds(s.fcp)} | ${seconds(s.lcp)} | ${s.tbt.toFixed(0)} ms | ${s.cls.toFixed(3)} | ${kb(s.jsBytes)} | ${kb(s.cssBytes)} | ${kb(s.htmlBytes)} |`,
      ),
  ];
  const mobileRoutes = ROUTES.map((r) => find('mobile', r));
  const landing = find('mobile', '/');
  const baseline = find('mobile', BASELINE);
  const lcpRatio = landing.lcp / baseline.lcp;
  const practiceMedian = median(practiceSamples);
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const worstPerf = Math.min(...mobileRoutes.map((s) => s.scores.performance));
  const otherScores = PRESETS.flatMap((p) => ROUTES.map((r) => find(p, r))).flatMap((s) => [
    s.scores.accessibility,
    s.scores['best-practices'],
    s.scores.seo,
  ]);
  const worstOther = Math.min(...otherScores);
  const failing = [...new Set(summaries.filter((s) => s.page !== BASELINE).flatMap((s) => s.failing))];
  // Medians hide a bad run; the budgets also hold run by run.
  const landingRuns = samples.get('mobile /') ?? [];
  const runRatios = landingRuns.map((s) => s.lcp / baseline.lcp);
  const worstRunRatio = Math.max(...runRatios);
  const perfByRun = (page: string) => (samples.get(`mobile ${page}`) ?? []).map((s) => s.scores.performance);
  const worstRunPerf = Math.min(...ROUTES.flatMap(perfByRun));
  return [
    `Measured by \`npm run bench:web\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}, load average ${loadavg()[0]?.toFixed(1)} at the end.`,
    `Production build (public pages prerendered, decision 080) served gzip-compressed on 127.0.0.1; Lighthouse 12`,
    `(Debian Chromium, headless), ${RUNS} runs per page and preset, medians. The static baseline is a plain HTML page`,
    'with the landing page’s visible text and nothing else, measured in the same run. JS, CSS and HTML are the',
    'transfer sizes Lighthouse saw during the load (the prerendered pages carry their CSS inline, in the HTML).',
    '',
    ...table('mobile'),
    '',
    ...table('desktop'),
    '',
    `Click Practice → first question visible, signed-in student on a trial, network emulated at ${NETWORK.latencyMs} ms round trip and 1.6 Mbps down, practice code preloaded on the dashboard: median ${practiceMedian.toFixed(0)} ms of ${practiceSamples.length} (min ${Math.min(...practiceSamples).toFixed(0)}, max ${Math.max(...practiceSamples).toFixed(0)}).`,
    '',
    'Mobile, run by run (landing LCP as a multiple of the baseline’s median LCP; performance per route):',
    '',
    `| run | ${landingRuns.map((_, i) => i + 1).join(' | ')} |`,
    `|---|${landingRuns.map(() => '---').join('|')}|`,
    `| landing LCP | ${landingRuns.map((s, i) => `${seconds(s.lcp)} (${runRatios[i]?.toFixed(2)}×)`).join(' | ')} |`,
    ...ROUTES.map((page) => `| ${page} performance | ${perfByRun(page).join(' | ')} |`),
    '',
    '| Budget | Result | |',
    '|---|---|---|',
    `| Mobile performance ≥ ${BUDGET.mobilePerformance} on every measured public route (median) | lowest ${worstPerf} | ${met(worstPerf >= BUDGET.mobilePerformance)} |`,
    `| Mobile performance ≥ ${BUDGET.mobilePerformance} in every run of every route | lowest ${worstRunPerf} | ${met(worstRunPerf >= BUDGET.mobilePerformance)} |`,
    `| Accessibility, best practices, SEO = 100 (both presets) | lowest ${worstOther} | ${met(worstOther >= BUDGET.otherCategories)} |`,
    `| Landing LCP ≤ ${BUDGET.landingLcpVsBaseline}× the static baseline’s (mobile, medians) | ${seconds(landing.lcp)} vs ${seconds(baseline.lcp)} = ${lcpRatio.toFixed(2)}× | ${met(lcpRatio <= BUDGET.landingLcpVsBaseline)} |`,
    `| No run’s landing LCP above ${BUDGET.landingLcpWorstRun}× the baseline’s (mobile) | worst run ${worstRunRatio.toFixed(2)}× | ${met(worstRunRatio <= BUDGET.landingLcpWorstRun)} |`,
    `| Landing initial JS ≤ ${BUDGET.landingInitialJsKb} KB gzip (entry + preloaded chunks) | ${kb(landingInitial.jsGzip)} | ${met(landingInitial.jsGzip <= BUDGET.landingInitialJsKb * 1024)} |`,
    `| Click Practice → first question ≤ ${BUDGET.practiceMs} ms (emulated network) | ${practiceMedian.toFixed(0)} ms | ${met(practiceMedian <= BUDGET.practiceMs)} |`,
    ...(failing.length ? ['', `Audits that lost points (any run): ${failing.join(', ')}.`] : []),
  ].join('\n');
}

await main();
