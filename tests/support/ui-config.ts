import { join } from 'node:path';

/**
 * Addresses for the browser layer. The app is built once per run with the backend URL baked in
 * (VITE_SUPABASE_URL), so every browser test file starts its own backend on the same port and the
 * files run one after another (see vite.config.ts). The global setup picks free ports per run and
 * passes them through the environment, so two runs on one machine do not collide; it cannot hold
 * them, so a file's start waits out a port another process holds for a moment (tests/support/fixed-port.ts).
 */
export const UI_BACKEND_PORT = Number(process.env.UI_BACKEND_PORT ?? 54329);
export const UI_APP_PORT = Number(process.env.UI_APP_PORT ?? 4329);
export const UI_BACKEND_URL = `http://127.0.0.1:${UI_BACKEND_PORT}`;
export const UI_APP_URL = `http://127.0.0.1:${UI_APP_PORT}`;
export const UI_DIST_DIR = join(process.cwd(), '.cache', `ui-dist-${UI_BACKEND_PORT}`);
export const UI_SUPPORT_EMAIL = 'support@pnprep.test';
