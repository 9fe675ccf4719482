// The production app's security headers, in one place: `vite preview` sends them (vite.config.ts),
// the browser tests' static server sends them (tests/support/static-server.ts), docs/deploy.md
// shows them for a static host, and tests/server/production-build.test.ts checks them.
// Decision 072 explains each directive.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The build-time variables the policy depends on (the same ones src/config/config.ts reads). */
export interface SecurityHeaderEnv {
  VITE_SUPABASE_URL?: string | undefined;
  VITE_STRIPE_PAYMENT_LINK?: string | undefined;
}

/** src/config/config.ts's default when VITE_SUPABASE_URL is unset: the local backend. */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/** The page template every built HTML file comes from. */
const INDEX_HTML = fileURLToPath(new URL('../../index.html', import.meta.url));

/**
 * Every HTML page of a build directory (the shell and the prerendered pages), or none if it has
 * none. Serving a build, hash its own pages: the template may have changed since it was built.
 */
export function builtPages(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

/**
 * 'sha256-…' sources for every inline script of a page (the colour-scheme script and the script
 * loader in the head). Data blocks (`type="application/json"`) are not scripts: no policy applies.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/.test(attributes) || body === '') continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && !['module', 'text/javascript', 'application/javascript'].includes(type))
      continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The Supabase API origin and its realtime WebSocket origin (https → wss, http → ws). */
function supabaseOrigins(env: SecurityHeaderEnv): string[] {
  const api = new URL(env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL);
  const socket = new URL(api.href);
  socket.protocol = api.protocol === 'https:' ? 'wss:' : 'ws:';
  return [api.origin, socket.origin];
}

/** The payment link's origin (src/config/config.ts defaults it to the local backend's /_checkout). */
function paymentOrigin(env: SecurityHeaderEnv): string {
  const link = env.VITE_STRIPE_PAYMENT_LINK || `${env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL}/_checkout`;
  return new URL(link).origin;
}

/**
 * The Content-Security-Policy for a build made with `env` whose pages are `pages` (default: the
 * source index.html). Scripts only from the app's origin plus the hashes of the pages' inline
 * scripts; styles also inline, because Mantine injects <style> elements and React style
 * attributes at run time; connections to the app and Supabase only.
 */
export function contentSecurityPolicy(env: SecurityHeaderEnv, pages: string[] = []): string {
  const html = pages.length > 0 ? pages : [readFileSync(INDEX_HTML, 'utf8')];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...html.flatMap(inlineScriptHashes)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...supabaseOrigins(env)],
    'form-action': ["'self'", paymentOrigin(env)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Every header a host serving the production build should send with each response. */
export function securityHeaders(env: SecurityHeaderEnv, pages?: string[]) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, pages),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Sign-in links carry tokens in the URL: other sites get the origin at most.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
