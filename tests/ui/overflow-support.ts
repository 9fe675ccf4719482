/**
 * What the overflow tests share (tests/ui/overflow-*.test.ts): opening a page until it has settled,
 * the check itself (tests/support/overflow.ts) and the four views every check runs in: a phone's
 * 375 px and a laptop's 1280 px, light and dark. The checks are split over three files so the
 * browser layer's two workers share them.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { appStarted } from '../support/browser';
import { CHECKED_SCHEMES, CHECKED_WIDTHS, overflowProblems } from '../support/overflow';
import { animationsSettled } from './public-helpers';

/** Opens a route and waits until its page (lazy code, data) has drawn its heading and settled. */
export async function show(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appStarted(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Loader-root'));
  await animationsSettled(page);
}

export async function expectNoOverflow(page: Page, what: string): Promise<void> {
  expect({ what, problems: await overflowProblems(page) }).toEqual({ what, problems: [] });
}

/** A `describe` per view (width and colour scheme); `height` suits the width. */
export function inEveryView(
  tests: (view: { width: number; height: number; scheme: (typeof CHECKED_SCHEMES)[number] }) => void,
): void {
  for (const width of CHECKED_WIDTHS)
    for (const scheme of CHECKED_SCHEMES)
      describe(`at ${width} px, ${scheme}`, () => tests({ width, height: width < 600 ? 740 : 800, scheme }));
}
