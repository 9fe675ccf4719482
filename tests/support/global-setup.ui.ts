import { build } from 'vite';
import { UI_BACKEND_URL, UI_DIST_DIR, UI_SUPPORT_EMAIL } from './ui-config';

/** Builds the app once for the browser layer, pointed at the test backend's fixed port. */
export default async function setup() {
  const started = Date.now();
  process.env.VITE_SUPABASE_URL = UI_BACKEND_URL;
  process.env.VITE_SUPPORT_EMAIL = UI_SUPPORT_EMAIL;
  await build({ logLevel: 'warn', build: { outDir: UI_DIST_DIR, emptyOutDir: true, sourcemap: false } });
  console.log(`ui: app built in ${Date.now() - started} ms`);
  try {
    const { ensureMigratedSnapshot } = await import('./db-snapshot');
    await ensureMigratedSnapshot();
  } catch (error) {
    // The public pages need no backend; flows that do will fail with this reason.
    console.warn(`ui: no database snapshot (${(error as Error).message})`);
  }
}
