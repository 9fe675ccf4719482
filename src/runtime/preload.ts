import type { RouteName } from '../../machines/shared/app-actions';

/**
 * Route code worth fetching before it is asked for. The router (the composition root) registers the
 * same loader it loads the page with, so a preload and the later visit share one request (decision
 * 080), and a feature can ask for another route's code without importing that feature.
 */
const loaders = new Map<RouteName, () => Promise<unknown>>();

/** The router's loader for a route's page (called once, at startup). */
export function registerRouteLoader(route: RouteName, load: () => Promise<unknown>): void {
  loaders.set(route, load);
}

/** Fetches a route's code when the browser is idle (e.g. practice for a signed-in student on the dashboard). */
export function preloadWhenIdle(route: RouteName): () => void {
  const preload = () => void loaders.get(route)?.();
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(preload, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(preload, 200);
  return () => clearTimeout(id);
}
