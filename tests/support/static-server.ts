import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';
import { builtPages, type SecurityHeaderEnv, securityHeaders } from '../../scripts/lib/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.png': 'image/png',
};

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * The file answering `pathname`, as a static host configured for the build answers it: the file
 * itself, else a prerendered page (`/pricing` → `pricing.html`, `/` → `index.html`), else the
 * client shell `app.html` that every other route falls back to (decision 080; `index.html` in a
 * build without prerendered pages).
 */
export function fileFor(root: string, pathname: string): string {
  const candidate = normalize(join(root, pathname));
  if (!candidate.startsWith(root)) return join(root, 'index.html');
  if (isFile(candidate)) return candidate;
  const page = pathname === '/' ? join(root, 'index.html') : `${candidate.replace(/\/+$/, '')}.html`;
  if (isFile(page)) return page;
  const shell = join(root, 'app.html');
  return isFile(shell) ? shell : join(root, 'index.html');
}

/**
 * Serves a built app directory: prerendered pages, and the single-page-app fallback for the rest.
 * `gzip`: compress text as production hosts do (the web benchmark measures transfer sizes).
 * `buildEnv`: the variables the build was made with (default: this process's environment).
 */
export async function serveStatic(
  root: string,
  port = 0,
  options: { gzip?: boolean; buildEnv?: SecurityHeaderEnv } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  // The production headers, CSP included (with the hashes of this build's own inline scripts), so
  // every browser test runs under them. Made on the first request: callers set VITE_SUPABASE_URL
  // for the build after starting the server.
  let productionHeaders: Record<string, string> | undefined;
  const server: Server = createServer((req, res) => {
    productionHeaders ??= securityHeaders(options.buildEnv ?? process.env, builtPages(root));
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = fileFor(root, pathname);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const compress =
      options.gzip === true &&
      String(req.headers['accept-encoding'] ?? '').includes('gzip') &&
      /text|json|svg/.test(type);
    res.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-store',
      ...(compress ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      ...productionHeaders,
    });
    const body = createReadStream(file);
    if (compress) body.pipe(createGzip()).pipe(res);
    else body.pipe(res);
  });
  // A port in use rejects (the caller may try again) instead of crashing the worker.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
