/**
 * The production build as it ships: built once here with production-like settings and with every
 * server-side secret planted in the environment, then scanned file by file for any secret name or
 * value; its source maps hidden and kept out of the published folder; and served by `vite preview`
 * with the production headers (CSP, HSTS, Permissions-Policy), never a source map.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, securityHeaders } from '../../scripts/lib/security-headers.ts';
import { sourceMapsDirOf } from '../../scripts/source-maps-plugin.ts';
import { apiKeysFor, DEV_JWT_SECRET, LOCAL_SECRET_KEY } from '../../server/keys.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../server/payments/routes.ts';

/** What a deployment's build sees: the hosted project, a real payment link. */
const PRODUCTION_ENV = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
  VITE_STRIPE_PAYMENT_LINK: 'https://buy.stripe.com/test_00000000000000',
};

/**
 * Server-side secrets as a careless build machine might hold them (README, .env.example,
 * supabase/functions, server/): present in the environment while the app is built.
 */
const PLANTED_SECRETS: Record<string, string> = {
  SUPABASE_SERVICE_ROLE_KEY: 'planted-service-role-key-3b7f0c2e',
  SUPABASE_SECRET_KEYS: '{"default":"sb_secret_planted_9d41a6"}',
  STRIPE_SECRET_KEY: 'sk_test_planted_51Hb2c3d4e5f6',
  STRIPE_WEBHOOK_SECRET: 'whsec_planted_0a1b2c3d4e5f',
  JWT_SECRET: 'planted-jwt-secret-with-at-least-32-characters',
};

let outDir: string;
const files = new Map<string, string>();
/** The source maps the build wrote next to outDir (sourceMapsDirOf), by their path inside it. */
const maps = new Map<string, string>();
const savedEnv = { ...process.env };

/** Puts back every variable the test set or changed (process.env itself stays Node's object). */
function restoreEnv(): void {
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'pn-prod-build-'));
  Object.assign(process.env, PRODUCTION_ENV, PLANTED_SECRETS, { NODE_ENV: 'production' });
  try {
    const { build } = await import('vite');
    // vite.config.ts as it is, so `build.sourcemap` and the plugins are the shipped ones.
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    restoreEnv();
  }
  const walk = (root: string, into: Map<string, string>, dir = root): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(root, into, path);
      else into.set(relative(root, path), readFileSync(path, 'latin1'));
    }
  };
  walk(outDir, files);
  walk(sourceMapsDirOf(outDir), maps);
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  if (outDir) rmSync(sourceMapsDirOf(outDir), { recursive: true, force: true });
});

describe('the production build', () => {
  it('contains no server-side secret, by name or by value, in any file (source maps included)', async () => {
    const devKeys = await apiKeysFor(DEV_JWT_SECRET);
    const forbidden = [
      ...Object.keys(PLANTED_SECRETS),
      ...Object.values(PLANTED_SECRETS),
      'sb_secret_planted_9d41a6',
      DEV_JWT_SECRET,
      devKeys.serviceRole,
      LOCAL_SECRET_KEY,
      LOCAL_STRIPE_WEBHOOK_SECRET,
    ];
    expect(files.size).toBeGreaterThan(3);
    const found = [...files, ...maps].flatMap(([file, text]) =>
      forbidden.filter((secret) => text.includes(secret)).map((secret) => `${file}: ${secret}`),
    );
    expect(found).toEqual([]);
    // Shapes of keys that never belong in a browser, whatever their value.
    const shapes = [
      /\bsk_(test|live)_[A-Za-z0-9]/,
      /\brk_(test|live)_[A-Za-z0-9]/,
      /\bwhsec_[A-Za-z0-9]/,
      /\bsb_secret_/,
    ];
    const shaped = [...files].flatMap(([file, text]) =>
      shapes.filter((shape) => shape.test(text)).map((shape) => `${file}: ${shape}`),
    );
    expect(shaped).toEqual([]);
    // Every JWT in the build is a public (anon) key.
    const roles = [...files].flatMap(([, text]) =>
      [...text.matchAll(/eyJ[A-Za-z0-9_-]+\.(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+/g)].map(
        (m) => (JSON.parse(Buffer.from(m[1] ?? '', 'base64url').toString()) as { role?: string }).role,
      ),
    );
    expect(roles.filter((role) => role !== 'anon')).toEqual([]);
  });

  it('writes hidden source maps next to the build, none in it, referenced from no file', () => {
    const scripts = [...files.keys()].filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Before: dist/assets/*.js.map, served by `vite preview` and uploaded with dist/ (full source).
    expect([...files.keys()].filter((f) => f.endsWith('.map'))).toEqual([]);
    expect([...maps.keys()].filter((f) => f.endsWith('.js.map')).length).toBe(scripts.length);
    // Maps themselves may quote the words in the library sources they carry.
    const referencing = [...files].filter(([, text]) => text.includes('sourceMappingURL')).map(([f]) => f);
    expect(referencing).toEqual([]);
  });

  it('allows every inline script of every built page by its hash, never scripts by unsafe-inline', () => {
    const policy = securityHeaders(PRODUCTION_ENV)['Content-Security-Policy'];
    const pages = [...files].filter(([f]) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(0);
    for (const [, html] of pages) {
      for (const hash of inlineScriptHashes(html)) expect(policy).toContain(hash);
    }
    // The prerendered pages name their scripts in a data block, which is not a script to allow.
    expect(
      pages.filter(([, html]) => html.includes('<script type="application/json" id="app-scripts">')).length,
    ).toBeGreaterThan(10);
    expect(/script-src [^;]*'unsafe-(inline|eval)'/.test(policy)).toBe(false);
  });

  it('is served by `vite preview` with the production headers', async () => {
    Object.assign(process.env, PRODUCTION_ENV);
    const { preview } = await import('vite');
    let server: Awaited<ReturnType<typeof preview>>;
    try {
      server = await preview({
        logLevel: 'warn',
        build: { outDir },
        preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
      });
    } finally {
      restoreEnv();
    }
    try {
      const address = server.httpServer.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const expected = securityHeaders(PRODUCTION_ENV);
      for (const path of ['/', '/login', '/practice']) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(response.status).toBe(200);
        for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name)).toBe(value);
      }
      expect(expected['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      expect(expected['Permissions-Policy']).toContain('camera=()');
      // No source map is served, neither the paths the build wrote them at nor any other .map.
      const mapPaths = [...maps.keys()].map((f) => `/${f.replaceAll('\\', '/')}`);
      expect(mapPaths.length).toBeGreaterThan(0);
      for (const path of [...mapPaths, '/assets/anything.js.map']) {
        expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(404);
      }
      const policy = expected['Content-Security-Policy'];
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain(
        `connect-src 'self' ${PRODUCTION_ENV.VITE_SUPABASE_URL} wss://abcdefghijklmnopqrst.supabase.co`,
      );
      expect(policy).toContain(`form-action 'self' https://buy.stripe.com`);
    } finally {
      await server.close();
    }
  });
});
