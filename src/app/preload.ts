/**
 * Route code worth fetching before it is asked for. The router loads the page from the same
 * function, so a preload and the later visit share one request (decision 080).
 */
export const loadPracticePage = () => import('../features/practice-session/PracticePage');

/** Fetches the practice page's code when the browser is idle (a signed-in student on the dashboard). */
export function preloadPracticeWhenIdle(): () => void {
  const preload = () => void loadPracticePage();
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(preload, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(preload, 200);
  return () => clearTimeout(id);
}
