import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

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

/** Free ports, all different from each other (a port just released may be handed out again). */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * Picks this run's ports and builds the app once per worker, each build pointed at its worker's
 * backend (tests/support/ui-config.ts says why), then prepares the database snapshot.
 */
export default async function setup(project: TestProject) {
  // As many builds as files the run may have running at once (vite.config.ts sets maxWorkers).
  const workers = project.config.maxWorkers;
  if (process.env.UI_BACKEND_PORTS === undefined || process.env.UI_APP_PORTS === undefined) {
    const ports = await distinctFreePorts(2 * workers);
    process.env.UI_BACKEND_PORTS ??= ports.slice(0, workers).join(',');
    process.env.UI_APP_PORTS ??= ports.slice(workers).join(',');
  }
  // Imported after the ports are set: the config reads them at load time.
  const { uiBuildEnv, uiWorker } = await import('./ui-config');
  const { build } = await import('vite');
  const slots = Array.from({ length: workers }, (_, index) => uiWorker(index + 1));
  const ports = slots.flatMap((w) => [w.backendPort, w.appPort]);
  if (new Set(ports).size < ports.length || !ports.every((port) => Number.isInteger(port) && port > 0)) {
    throw new Error(
      `UI_BACKEND_PORTS and UI_APP_PORTS need ${workers} ports each, one per worker, all different ` +
        `(got ${process.env.UI_BACKEND_PORTS} and ${process.env.UI_APP_PORTS})`,
    );
  }
  // The build reads its VITE_ variables from the environment; they are put back afterwards so no
  // worker inherits one build's values (each worker's server takes its own from uiBuildEnv).
  const saved = { ...process.env };
  try {
    for (const worker of slots) {
      const started = Date.now();
      Object.assign(process.env, uiBuildEnv(worker), {
        // The runner sets NODE_ENV=test, which would make this a development build (dev React,
        // dev-only routes). The browser layer tests what ships.
        NODE_ENV: 'production',
      });
      // One after another: a build reads process.env, which the builds share.
      await build({
        logLevel: 'warn',
        build: { outDir: worker.distDir, emptyOutDir: true, sourcemap: false },
      });
      console.log(`ui: app built for worker ${worker.slot} in ${Date.now() - started} ms`);
    }
  } finally {
    for (const key of [...Object.keys(uiBuildEnv(uiWorker(1))), 'NODE_ENV']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
  const { ensureMigratedSnapshot } = await import('./db-snapshot');
  await ensureMigratedSnapshot();
  return () => {
    for (const worker of slots) rmSync(worker.distDir, { recursive: true, force: true });
  };
}
