import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Picks this run's ports, builds the app once pointed at the test backend, prepares the snapshot. */
export default async function setup() {
  process.env.UI_BACKEND_PORT ??= String(await freePort());
  process.env.UI_APP_PORT ??= String(await freePort());
  // Imported after the ports are set: the config reads them at load time.
  const { UI_BACKEND_URL, UI_DIST_DIR, UI_SUPPORT_EMAIL } = await import('./ui-config');
  const { build } = await import('vite');
  const started = Date.now();
  process.env.VITE_SUPABASE_URL = UI_BACKEND_URL;
  process.env.VITE_SUPPORT_EMAIL = UI_SUPPORT_EMAIL;
  // The runner sets NODE_ENV=test, which would make this a development build (dev React, dev-only
  // routes). The browser layer tests what ships.
  const runnerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', build: { outDir: UI_DIST_DIR, emptyOutDir: true, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = runnerEnv;
  }
  console.log(`ui: app built in ${Date.now() - started} ms`);
  const { ensureMigratedSnapshot } = await import('./db-snapshot');
  await ensureMigratedSnapshot();
  return () => rmSync(UI_DIST_DIR, { recursive: true, force: true });
}
