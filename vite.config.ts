import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { securityHeaders } from './scripts/lib/security-headers.ts';
import { prerenderPublicPages } from './scripts/prerender-plugin.ts';
import { keepSourceMapsOutOfBuild } from './scripts/source-maps-plugin.ts';

// One file for the app build and the test runner. Test layers are separate projects that share one
// pool of workers, so a browser file and a server file can run at the same time.
export default defineConfig({
  // Public pages are prerendered to HTML after the client build (decision 080); the source maps
  // are moved out of the published folder (scripts/source-maps-plugin.ts).
  plugins: [react(), prerenderPublicPages(), keepSourceMapsOutOfBuild()],
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    // Test builds and the local database live here; changes there are not app changes.
    watch: { ignored: ['**/.cache/**', '**/.data/**'] },
  },
  // Maps are written for error reporting but not referenced from the shipped files (decision 072),
  // and kept next to the build, not in it (dist-sourcemaps/).
  build: { sourcemap: 'hidden' },
  // `vite preview` serves the production build with the production headers (docs/deploy.md).
  preview: { headers: securityHeaders(loadEnv('production', process.cwd(), 'VITE_')) },
  test: {
    // Two files at a time, whatever their layer. Vitest's default on this 2-core machine is one
    // (cores - 1), which left a core idle for most of the run. A third worker gained nothing (664 s
    // against 669 s: the files only slowed each other; docs/testing.md). Each browser file runs in
    // its own worker's build against its own backend (tests/support/ui-config.ts), one build per
    // worker (decision 190).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/content/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/sql/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same tests/sql files on real PostgreSQL set up like hosted Supabase (one throw-away
        // cluster per run, a cloned database per file), plus what only a real engine can show:
        // concurrent calls (races) and hosted's grants. See docs/testing.md.
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/sql/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
          environment: 'node',
          env: { SQL_ENGINE: 'postgres' },
          globalSetup: ['tests/support/global-setup.postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ui.ts'],
          // expect.poll waits for a condition; Vitest's 1 s default is too short on a busy machine
          // (Playwright's own waits allow 30 s). Only a failing check ever waits this long.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
