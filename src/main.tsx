import './app/styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { App } from './app/App';
import { loadMatchedRoutes, routes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const { pathname } = window.location;

/**
 * A public page arrives prerendered (decision 080) and its root names the path it was rendered for
 * ('*' for the 404 page). It is hydrated only where the address bar shows that page; a host that
 * answers another route with it gets a fresh client render instead of a mismatch.
 */
function prerenderedPageIsThisRoute(prerendered: string | undefined): boolean {
  if (prerendered === pathname) return true;
  return prerendered === '*' && matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
}

// No StrictMode: its dev-only double mount restarts invoked actors, which would spend a single-use
// sign-in token twice (see docs/decisions/007-no-strict-mode.md).
if (root.hasChildNodes()) {
  // The page's code goes on its route before the first render, or the router would show the
  // loading fallback in place of the page the HTML already shows.
  await loadMatchedRoutes(pathname);
  const app = <App router={createBrowserRouter(routes)} />;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page; a tap meanwhile hydrates at once and is then handled.
  if (prerenderedPageIsThisRoute(root.dataset.prerendered))
    startTransition(() => {
      hydrateRoot(root, app);
    });
  else createRoot(root).render(app);
} else {
  createRoot(root).render(<App router={createBrowserRouter(routes)} />);
}
