import { join } from 'node:path';

/**
 * Fixed addresses for the browser layer. The app is built once per run with the backend URL baked
 * in (VITE_SUPABASE_URL), so each browser test file starts its own backend on this same port; the
 * files run one after another (see vite.config.ts).
 */
export const UI_BACKEND_PORT = 54329;
export const UI_APP_PORT = 4329;
export const UI_BACKEND_URL = `http://127.0.0.1:${UI_BACKEND_PORT}`;
export const UI_APP_URL = `http://127.0.0.1:${UI_APP_PORT}`;
export const UI_DIST_DIR = join(process.cwd(), '.cache', 'ui-dist');
export const UI_SUPPORT_EMAIL = 'support@pnprep.test';
