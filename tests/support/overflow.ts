/**
 * A visual check for the browser tests: nothing may stick out of the viewport sideways, hide in a
 * sideways-scrolling box, or clip its own text. It would have caught the sign-in dialog drawn wider
 * than a phone (Modal.css missing) and the results table whose Accuracy column scrolled out of view.
 */
import type { Page } from 'playwright-core';

export interface OverflowProblem {
  /** What is wrong: outside the viewport, a box that scrolls sideways, or text cut by its box. */
  kind: 'outside-viewport' | 'scrolls-sideways' | 'clipped-text';
  /** A short description of the element: tag, id or class, and the start of its text. */
  element: string;
  detail: string;
}

/**
 * Every overflow problem on the page as it is drawn now. Checks visible HTML elements (SVG drawings
 * are measured as one box): each box lies inside the viewport's width (a dialog also inside its
 * height), no box scrolls sideways, and no element with text of its own is wider inside than its box
 * (scrollWidth > clientWidth). Screen-reader-only text and the skip link (off-screen until focused)
 * are skipped, as is anything inside an element marked `data-overflow-allowed`.
 */
export async function overflowProblems(page: Page): Promise<OverflowProblem[]> {
  return page.evaluate(() => {
    const problems: OverflowProblem[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = document.documentElement.clientHeight;
    const TOLERANCE = 1;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    const hiddenByDesign = (el: Element): boolean => {
      if (el.closest('[data-overflow-allowed], .skip-link, [aria-hidden="true"]')) return true;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return true;
        // Screen-reader-only text: clipped to nothing on purpose.
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
        if (Number(style.opacity) === 0) return true;
      }
      return false;
    };
    const hasOwnText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');

    if (document.documentElement.scrollWidth > viewportWidth + TOLERANCE)
      problems.push({
        kind: 'scrolls-sideways',
        element: '<html>',
        detail: `page is ${document.documentElement.scrollWidth}px wide in a ${viewportWidth}px viewport`,
      });

    for (const el of document.body.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) && el.tagName.toLowerCase() !== 'svg') continue;
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      if (el.parentElement?.closest('svg')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (hiddenByDesign(el)) continue;
      if (rect.left < -TOLERANCE || rect.right > viewportWidth + TOLERANCE)
        problems.push({
          kind: 'outside-viewport',
          element: describe(el),
          detail: `spans x ${Math.round(rect.left)}–${Math.round(rect.right)} in a ${viewportWidth}px viewport`,
        });
      if (
        el.getAttribute('role') === 'dialog' &&
        (rect.top < -TOLERANCE || rect.bottom > viewportHeight + TOLERANCE)
      )
        problems.push({
          kind: 'outside-viewport',
          element: describe(el),
          detail: `dialog spans y ${Math.round(rect.top)}–${Math.round(rect.bottom)} in a ${viewportHeight}px viewport`,
        });
      if (!(el instanceof HTMLElement)) continue;
      const style = getComputedStyle(el);
      const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrollsX && el.scrollWidth > el.clientWidth + TOLERANCE)
        problems.push({
          kind: 'scrolls-sideways',
          element: describe(el),
          detail: `content ${el.scrollWidth}px wide in a ${el.clientWidth}px box`,
        });
      else if (
        hasOwnText(el) &&
        style.display !== 'inline' &&
        el.clientWidth > 0 &&
        el.scrollWidth > el.clientWidth + TOLERANCE
      )
        problems.push({
          kind: 'clipped-text',
          element: describe(el),
          detail: `text ${el.scrollWidth}px wide in a ${el.clientWidth}px box`,
        });
    }
    return problems;
  });
}

/** The viewports every page and dialog is checked at: a small phone and a laptop. */
export const CHECKED_WIDTHS = [375, 1280] as const;
export const CHECKED_SCHEMES = ['light', 'dark'] as const;
