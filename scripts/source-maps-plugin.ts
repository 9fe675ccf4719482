// Source maps carry the app's whole source, so they never sit among the files a host publishes.
// The build writes them (hidden: no script references them, decision 072) and this plugin moves
// them out of the output folder into `<outDir>-sourcemaps/` (e.g. dist-sourcemaps/, for an error
// tracker), so uploading dist/ as it is publishes none; `vite preview` answers 404 for any `.map`
// all the same (a dist/ built before this plugin still holds some). docs/deploy.md, issue 25.
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** The folder the maps of a build in `outDir` are moved to. */
export const sourceMapsDirOf = (outDir: string) => `${outDir.replace(/[\\/]+$/, '')}-sourcemaps`;

/** Moves every `*.map` file under `outDir` to the same relative path under `targetDir`. */
export function moveSourceMaps(outDir: string, targetDir: string): number {
  if (!existsSync(outDir)) return 0;
  let moved = 0;
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const from = join(entry.parentPath, entry.name);
    const to = join(targetDir, relative(outDir, from));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(from, to);
    moved++;
  }
  return moved;
}

export function keepSourceMapsOutOfBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'keep-source-maps-out-of-build',
    configResolved(resolved) {
      config = resolved;
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://preview.invalid').pathname;
        if (!pathname.endsWith('.map')) return next();
        res.statusCode = 404;
        res.end();
      });
    },
    closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      moveSourceMaps(outDir, sourceMapsDirOf(outDir));
    },
  };
}
