import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { classesIn, criticalCss } from './lib/critical-css.ts';

/** One rendered page, as the child process reports it. */
interface RenderedPage {
  path: string;
  /** The route the markup stands for: the path, or '*' for the 404 page. */
  route: string;
  title: string;
  description: string;
  markup: string;
}

/**
 * The script run in a child process to render every page from the SSR build. A fresh Node process
 * with NODE_ENV=production loads one copy of React, the production one: a build started from a
 * process that already loaded React's development build (a test runner) would otherwise mix the
 * two and fail.
 */
const RENDER_SCRIPT = `
import { writeFileSync } from 'node:fs';
const entry = await import('./entry-server.js');
const pages = [
  ...Object.entries(entry.prerenderedPages).map(([path, meta]) => ({ path, route: path, meta })),
  { path: entry.notFoundPath, route: '*', meta: entry.notFoundMeta },
];
const rendered = [];
for (const page of pages) {
  rendered.push({
    path: page.path,
    route: page.route,
    title: entry.documentTitle(page.meta.title),
    description: page.meta.description,
    markup: await entry.renderPage(page.path),
  });
}
writeFileSync(process.argv[2], JSON.stringify(rendered));
`;

function renderInChild(serverDir: string): RenderedPage[] {
  const script = join(serverDir, 'render.mjs');
  const output = join(serverDir, 'pages.json');
  writeFileSync(script, RENDER_SCRIPT);
  execFileSync(process.execPath, [script, output], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return JSON.parse(readFileSync(output, 'utf8')) as RenderedPage[];
}

/** The client shell: what every route that is not prerendered is answered with (index.html's twin). */
export const SHELL_FILE = 'app.html';
/** The 404 page, under the name static hosts look for. */
export const NOT_FOUND_FILE = '404.html';
/** Where the site lives, for canonical URLs; set VITE_SITE_URL for a deployment. */
const DEFAULT_SITE_URL = 'https://pnpractice.example';

/** '/' → index.html, '/checkout/cancel' → checkout/cancel.html. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The data block naming a prerendered page's scripts; index.html's loader reads it. */
const APP_SCRIPTS_ID = 'app-scripts';

/**
 * A prerendered page is whole without its scripts, which only make it interactive. Their tags are
 * replaced by a data block naming them, which the small loader in index.html's head reads once the
 * page has painted (in a hidden tab, at once: it does not paint), so the first paint never waits
 * behind them on a slow connection. The loader's text does not depend on the build, so its hash
 * in the Content-Security-Policy comes from index.html like the colour-scheme script's.
 */
export function startScriptsAfterFirstPaint(html: string, styles: readonly string[] = []): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const withoutTags = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      entries.push(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (entries.length !== 1) throw new Error(`prerender: expected one entry script, found ${entries.length}`);
  const scripts = JSON.stringify({ entry: entries[0], preloads, styles }).replace(/</g, '\\u003c');
  const data = `<script type="application/json" id="${APP_SCRIPTS_ID}">${scripts}</script>`;
  return withoutTags.replace('</body>', () => `  ${data}\n  </body>`);
}

/**
 * Puts a rendered page into the built index.html: its title, description and canonical URL, the
 * markup in #root (marked with the route it was rendered for, which src/main.tsx checks before
 * hydrating), and the page's critical CSS inlined so the first paint waits for no request but the
 * page (scripts/lib/critical-css.ts).
 */
export function fillShell(
  shell: string,
  page: { markup: string; route: string; title: string; description: string; canonical: string | null },
  readAsset: (href: string) => string,
): string {
  const styles: string[] = [];
  let html = shell
    // Replacements are functions: page text may hold `$&` and the like, which a string would expand.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</title>', () =>
      page.canonical === null
        ? '</title>'
        : `</title>\n    <link rel="canonical" href="${escapeHtml(page.canonical)}" />`,
    )
    // Mantine's colours hang on this attribute, which its provider sets only once scripts run.
    // A colour-scheme script in the head, if there is one, still sets it first.
    .replace(/<html([^>]*)>/, (tag, attributes: string) =>
      attributes.includes('data-mantine-color-scheme')
        ? tag
        : `<html${attributes} data-mantine-color-scheme="light">`,
    )
    // Only the rules this page's markup can use are inlined; the whole stylesheet loads with the
    // scripts after the first paint (index.html's loader), before the app renders anything new.
    .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      styles.push(href);
      return `<style>${criticalCss(readAsset(href), classesIn(page.markup))}</style>`;
    });
  html = startScriptsAfterFirstPaint(html, styles);
  html = html.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="${escapeHtml(page.route)}">${page.markup}</div>`,
  );
  if (!html.includes('data-prerendered='))
    throw new Error('prerender: index.html has no empty <div id="root">');
  return html;
}

/**
 * After the client build, builds src/entry-server.tsx for Node, renders every public page with it
 * and writes each as HTML next to the client build (decision 080). index.html becomes the landing
 * page; the empty shell is kept as app.html for the other routes.
 */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-public-pages',
    configResolved(resolved) {
      config = resolved;
    },
    // `vite preview` answers as a configured static host does: a prerendered page for its path,
    // the client shell (not the landing page) for every other route.
    configurePreviewServer(server) {
      const outDir = resolve(config.root, config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://preview.invalid').pathname;
        const accepts = String(req.headers.accept ?? '');
        if (req.method === 'GET' && accepts.includes('text/html') && !/\.[a-z0-9]+$/i.test(pathname)) {
          const page = pathname === '/' ? 'index.html' : `${pathname.slice(1).replace(/\/+$/, '')}.html`;
          if (!existsSync(join(outDir, page)) && existsSync(join(outDir, SHELL_FILE)))
            req.url = `/${SHELL_FILE}`;
        }
        next();
      });
    },
    async closeBundle() {
      // The nested server build below loads this config (and plugin) again.
      if (config.command !== 'build' || config.build.ssr || process.env.SKIP_PRERENDER === '1') return;
      const started = Date.now();
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project so the server build's bare imports resolve from node_modules; one
      // folder per build, since builds may run side by side.
      const serverDir = join(config.root, 'node_modules', '.cache', `prerender-${process.pid}-${Date.now()}`);
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          // The login page computes its redirect address from the window during render; the
          // prerendered form does not send, so the origin is left empty there.
          define: { 'window.location.origin': '""' },
          build: {
            ssr: 'src/entry-server.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            sourcemap: false,
            copyPublicDir: false,
          },
        });
        const pages = renderInChild(serverDir);
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        writeFileSync(join(outDir, SHELL_FILE), shell);
        const siteUrl = (config.env.VITE_SITE_URL || DEFAULT_SITE_URL).replace(/\/$/, '');
        const readAsset = (href: string) => readFileSync(join(outDir, href.replace(/^\//, '')), 'utf8');
        for (const page of pages) {
          const html = fillShell(
            shell,
            {
              markup: page.markup,
              route: page.route,
              title: page.title,
              description: page.description,
              // The 404 page stands for any unknown address: it has no canonical one.
              canonical: page.route === '*' ? null : `${siteUrl}${page.path}`,
            },
            readAsset,
          );
          const file = join(outDir, page.route === '*' ? NOT_FOUND_FILE : prerenderedFile(page.path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, html);
        }
        config.logger.info(`prerendered ${pages.length} pages in ${Date.now() - started} ms`);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
