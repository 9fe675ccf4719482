/**
 * Mantine's CSS is imported per component (src/app/styles.ts). A component used without its file
 * renders unstyled: the sign-in dialog on /billing had ModalBase.css but not Modal.css and stuck to
 * the top edge, wider than a phone. This finds every component the app imports from @mantine/core
 * that ships its own stylesheet and checks that the stylesheet is imported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const stylesDir = join(dirname(require.resolve('@mantine/core/styles.css')), 'styles');
const shippedStylesheets = new Set(
  readdirSync(stylesDir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.replace(/\.css$/, '')),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Names imported from '@mantine/core' anywhere in src (types and hooks included; filtered below). */
function importedMantineNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles('src')) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'@mantine\/core'/g)) {
      for (const name of (match[1] ?? '').split(',')) {
        const clean = name
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (clean) names.add(clean);
      }
    }
  }
  return names;
}

const importedStylesheets = new Set(
  [...readFileSync('src/app/styles.ts', 'utf8').matchAll(/'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map(
    (match) => match[1],
  ),
);

describe('Mantine stylesheets', () => {
  it('imports the stylesheet of every Mantine component the app uses', () => {
    const used = [...importedMantineNames()].filter((name) => shippedStylesheets.has(name));
    expect(used).toContain('Modal');
    expect(used.filter((name) => !importedStylesheets.has(name))).toEqual([]);
  });

  it('imports ModalBase before Modal and Drawer, which build on it', () => {
    const order = [...importedStylesheets];
    expect(order.indexOf('ModalBase')).toBeLessThan(order.indexOf('Modal'));
    expect(order.indexOf('ModalBase')).toBeLessThan(order.indexOf('Drawer'));
  });
});
