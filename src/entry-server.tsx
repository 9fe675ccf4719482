import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/App';
import { routes } from './app/router';

export { documentTitle, notFoundMeta, notFoundPath, prerenderedPages } from './app/page-meta';

/**
 * The HTML of the app at `path`, as the browser's first render draws it: the session is not known
 * yet, so the header's session-dependent part is empty, as it is until the auth actor answers.
 * Used at build time only (scripts/prerender-plugin.ts, decision 080).
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return new Response(prelude).text();
}
