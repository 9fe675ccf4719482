/**
 * The one import boundary Biome's noRestrictedImports cannot express (it matches import strings, not
 * the files they resolve to): a feature (src/features/<feature>/) never imports another feature.
 * Shared pieces live in src/components/, src/content/, src/runtime/ or beside the machines. Run by
 * `npm run lint`; prints every crossing as file:line and exits 1. docs/decisions/014-import-boundaries.md
 * says why.
 *
 * Imports are read with the parser Vite ships (`parseAst`, an ESTree AST), not line by line, so an
 * import written over several lines, a side-effect `import './x'`, a re-export and a lazy
 * `import('./x')` are all seen.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FEATURES = join(ROOT, 'src', 'features');

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

interface AstNode {
  type?: string;
  start?: number;
  source?: { value?: unknown } | null;
  [key: string]: unknown;
}

/** Every module specifier a file names (static imports, re-exports, lazy imports) with its offset. */
function importsOf(code: string, file: string): Array<{ specifier: string; offset: number }> {
  const found: Array<{ specifier: string; offset: number }> = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as AstNode;
    const isModuleReference =
      n.type === 'ImportDeclaration' ||
      n.type === 'ExportNamedDeclaration' ||
      n.type === 'ExportAllDeclaration' ||
      n.type === 'ImportExpression';
    if (isModuleReference && typeof n.source?.value === 'string') {
      found.push({ specifier: n.source.value, offset: n.start ?? 0 });
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'source') visit(value);
  };
  visit(parseAst(code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }));
  return found;
}

const crossings: string[] = [];
for (const file of files(FEATURES)) {
  const own = featureOf(file);
  const code = readFileSync(file, 'utf8');
  for (const { specifier, offset } of importsOf(code, file)) {
    if (!specifier.startsWith('.')) continue;
    const target = featureOf(resolve(dirname(file), specifier));
    if (target !== null && target !== own) {
      const line = code.slice(0, offset).split('\n').length;
      crossings.push(
        `${relative(ROOT, file)}:${line}: the ${own} feature imports the ${target} feature (move the shared piece to src/components/, src/content/ or src/runtime/)`,
      );
    }
  }
}

if (crossings.length > 0) {
  console.error(crossings.join('\n'));
  process.exit(1);
}
console.log('features import no other feature');
