import type { Page } from 'playwright-core';

/**
 * The in-page clock of the "click Practice → first question visible" benchmarks (bench:practice and
 * bench:web): timestamps taken inside the page, so the browser driver's own round trips are not
 * measured: the click on the Practice link (capture phase, before the app handles it) and the
 * first frame after a question card is in the document. Install with `page.addInitScript(practiceProbe)`.
 */
export const practiceProbe = () => {
  const w = window as unknown as { __practiceClick?: number; __questionShown?: number };
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest('a');
      if (link?.getAttribute('href') === '/practice' && link.closest('main'))
        w.__practiceClick = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (
      w.__practiceClick !== undefined &&
      w.__questionShown === undefined &&
      document.querySelector('[data-question-id]')
    ) {
      w.__questionShown = -1;
      requestAnimationFrame(() => {
        w.__questionShown = performance.now();
      });
    }
  }).observe(document, { childList: true, subtree: true });
};

/** Waits for the probe's first question frame; the milliseconds from the click to it. */
export async function practiceElapsed(page: Page, timeout: number): Promise<number> {
  await page.waitForFunction(
    () => ((window as { __questionShown?: number }).__questionShown ?? -1) > 0,
    null,
    {
      timeout,
    },
  );
  return page.evaluate(() => {
    const w = window as unknown as { __practiceClick: number; __questionShown: number };
    return w.__questionShown - w.__practiceClick;
  });
}
