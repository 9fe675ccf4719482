import { join } from 'node:path';

/**
 * Addresses for the browser layer. The app is built with its backend URL baked in
 * (VITE_SUPABASE_URL), exactly as production is, so two browser test files running at once cannot
 * share one build: each needs a backend of its own on the port its build points at. The global
 * setup therefore makes one build per worker of the run, each pointed at that worker's own backend
 * port and served on that worker's own app port, and passes the ports through the environment
 * (comma-separated, worker 1 first).
 *
 * A test file finds its worker in VITEST_POOL_ID: Vitest numbers the workers 1..maxWorkers and never
 * gives one number to two files running at the same time, so two files never meet on a port or a
 * database, and a file never depends on what another worker's file left behind.
 *
 * The setup picks free ports per run, so two runs on one machine do not collide; it cannot hold
 * them, so a file's start waits out a port another process holds for a moment
 * (tests/support/fixed-port.ts).
 */
export interface UiWorker {
  /** The worker's number, 1..maxWorkers (VITEST_POOL_ID). */
  slot: number;
  backendPort: number;
  appPort: number;
  backendUrl: string;
  appUrl: string;
  /** Where this worker's build lives. */
  distDir: string;
}

/** The worker's entry of a comma-separated port list in the environment (a default when it is unset). */
function portOf(variable: string, slot: number, firstDefault: number): number {
  const list = process.env[variable];
  return list === undefined ? firstDefault + slot - 1 : Number(list.split(',')[slot - 1]);
}

export function uiWorker(slot: number): UiWorker {
  const backendPort = portOf('UI_BACKEND_PORTS', slot, 54329);
  const appPort = portOf('UI_APP_PORTS', slot, 4329);
  return {
    slot,
    backendPort,
    appPort,
    backendUrl: `http://127.0.0.1:${backendPort}`,
    appUrl: `http://127.0.0.1:${appPort}`,
    distDir: join(process.cwd(), '.cache', `ui-dist-${backendPort}`),
  };
}

export const UI_SUPPORT_EMAIL = 'support@pnprep.test';

/**
 * The variables a worker's build is made with (read by src/config/config.ts at build time) and
 * that its server's security headers must agree with (scripts/lib/security-headers.ts).
 */
export function uiBuildEnv(worker: UiWorker): { VITE_SUPABASE_URL: string; VITE_SUPPORT_EMAIL: string } {
  return { VITE_SUPABASE_URL: worker.backendUrl, VITE_SUPPORT_EMAIL: UI_SUPPORT_EMAIL };
}

/** The worker this test file runs in (1 outside Vitest's workers). */
export const UI_WORKER = uiWorker(Number(process.env.VITEST_POOL_ID ?? 1));
export const UI_BACKEND_PORT = UI_WORKER.backendPort;
export const UI_APP_PORT = UI_WORKER.appPort;
export const UI_BACKEND_URL = UI_WORKER.backendUrl;
export const UI_APP_URL = UI_WORKER.appUrl;
export const UI_DIST_DIR = UI_WORKER.distDir;
