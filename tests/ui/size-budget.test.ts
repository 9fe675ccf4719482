/**
 * What a phone downloads for the landing page, checked on the build the browser tests run against
 * (no extra build): a regression in the entry's size fails here, long before anyone runs
 * `npm run bench:web`. The ceilings sit a little above today's sizes; the target for the
 * landing page's JavaScript (90 KB gzip) is reported by the benchmark (docs/performance.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialAssets } from '../../scripts/lib/initial-assets';
import { UI_DIST_DIR } from '../support/ui-config';

const KB = 1024;
/** Ceilings in gzip bytes: 2026-11-25's sizes (147.7 KB of JS, 23.2 KB of HTML) plus about 5 %. */
const CEILING = {
  landingJs: 155 * KB,
  /** The prerendered HTML, its inline CSS included. */
  landingHtml: 25 * KB,
  /** The client shell's stylesheet, for the routes that are not prerendered. */
  shellCss: 19 * KB,
};

describe('size budget', () => {
  it('keeps the landing page within its JavaScript and HTML ceilings', () => {
    const landing = initialAssets(UI_DIST_DIR, 'index.html');
    expect(landing.files.length).toBeGreaterThan(0);
    expect(landing.jsGzip, `landing JS ${(landing.jsGzip / KB).toFixed(1)} KB gzip`).toBeLessThanOrEqual(
      CEILING.landingJs,
    );
    expect(
      landing.htmlGzip,
      `landing HTML ${(landing.htmlGzip / KB).toFixed(1)} KB gzip`,
    ).toBeLessThanOrEqual(CEILING.landingHtml);
  });

  it('keeps the stylesheet within its ceiling, and the prerendered pages carry their critical CSS inline', () => {
    const shell = initialAssets(UI_DIST_DIR, 'app.html');
    expect(shell.cssGzip, `CSS ${(shell.cssGzip / KB).toFixed(1)} KB gzip`).toBeLessThanOrEqual(
      CEILING.shellCss,
    );
    for (const page of ['index.html', 'pricing.html', 'faq.html', 'login.html', '404.html']) {
      expect(existsSync(join(UI_DIST_DIR, page)), page).toBe(true);
      // Nothing render-blocking to fetch: the page's critical CSS is in the page, and the whole
      // stylesheet is named for after the first paint (in the data block, not a <link>).
      const html = readFileSync(join(UI_DIST_DIR, page), 'utf8');
      expect(html, page).not.toMatch(/<link[^>]*rel="stylesheet"/);
      const inline = html.match(/<style>([\s\S]+?)<\/style>/)?.[1] ?? '';
      expect(inline.length, `${page}: inline CSS`).toBeGreaterThan(0);
      expect(gzipSync(inline).length, `${page}: inline CSS`).toBeLessThan(shell.cssGzip);
    }
  });
});
