/**
 * The one import boundary Biome's noRestrictedImports cannot express (it matches import strings, not
 * the files they resolve to): a feature (src/features/<feature>/) never imports another feature.
 * Shared pieces live in src/components/, src/content/ or beside the machines. Run by `npm run lint`;
 * prints every crossing as file:line and exits 1. docs/decisions/014-import-boundaries.md says why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FEATURES = join(ROOT, 'src', 'features');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The feature a path belongs to, or null outside src/features/. */
function featureOf(path: string): string | null {
  const rel = relative(FEATURES, path);
  return rel.startsWith('..') ? null : (rel.split(sep)[0] ?? null);
}

const crossings: string[] = [];
for (const file of files(FEATURES)) {
  const own = featureOf(file);
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(IMPORT)) {
      const target = featureOf(resolve(dirname(file), match[1] ?? match[2] ?? ''));
      if (target !== null && target !== own) {
        crossings.push(
          `${relative(ROOT, file)}:${index + 1}: the ${own} feature imports the ${target} feature (move the shared piece to src/components/ or src/content/)`,
        );
      }
    }
  });
}

if (crossings.length > 0) {
  console.error(crossings.join('\n'));
  process.exit(1);
}
console.log('features import no other feature');
