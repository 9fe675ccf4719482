import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialAssets {
  /** The scripts and stylesheets the page's HTML loads or preloads, with their gzip sizes. */
  files: Array<{ file: string; raw: number; gzip: number }>;
  jsGzip: number;
  cssGzip: number;
  /** The HTML itself (prerendered pages carry their CSS inline). */
  htmlGzip: number;
}

/**
 * What a built page makes the browser download to run: the entry script, every chunk it preloads
 * (or names for after its first paint) and every linked stylesheet (gzip level 9), and the HTML. `page` is relative to `dir`.
 */
export function initialAssets(dir: string, page: string): InitialAssets {
  const html = readFileSync(join(dir, page));
  // Script and link tags, and the list a prerendered page starts after its first paint.
  const linked = [...html.toString('utf8').matchAll(/\/(assets\/[^"\s]+\.(?:js|css))\b/g)];
  const files = [...new Set(linked.map((m) => m[1] as string))].map((file) => {
    const bytes = readFileSync(join(dir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (ext: string) =>
    files.filter((f) => f.file.endsWith(ext)).reduce((total, f) => total + f.gzip, 0);
  return { files, jsGzip: sum('.js'), cssGzip: sum('.css'), htmlGzip: gzipSync(html, { level: 9 }).length };
}
