// The HTTP surface of the local backend: one Hono app serving the Supabase-shaped APIs, the
// mailbox, the payment routes and /_health on a single origin.
import { Hono } from 'hono';
import { authRoutes } from './auth/routes.ts';
import type { ServerContext } from './context.ts';
import { devToolsGuard, isDevToolPath } from './dev-tools.ts';
import { AuthError, authErrorResponse, RestError, restErrorResponse, supabaseCors } from './http.ts';
import { apiKeyRole } from './keys.ts';
import { mockExamRoutes } from './mock-exam.ts';
import { paymentRoutes } from './payments/routes.ts';
import { restRoutes } from './rest/routes.ts';

export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  // The Supabase APIs answer any origin, as Kong does; the dev tools answer none cross-origin.
  const cors = supabaseCors();
  app.use((c, next) => (isDevToolPath(c.req.path) ? next() : cors(c, next)));
  app.use(devToolsGuard({ enabled: ctx.settings.devTools }));

  app.get('/_health', async (c) => {
    await ctx.db.query('select 1');
    return c.json({ status: 'ok' });
  });
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/', ctx.mailbox.routes());
  app.route('/', mockExamRoutes(ctx));
  app.route(
    '/',
    paymentRoutes({
      db: ctx.db,
      serviceRoleKey: ctx.keys.serviceRole,
      anonKey: ctx.keys.anon,
      isServiceRoleKey: (key) => apiKeyRole(key, ctx.keys) === 'service_role',
      url: () => ctx.settings.url,
      siteUrl: ctx.settings.siteUrl,
      limiter: ctx.limiter,
      log: ctx.log,
    }),
  );

  // Sub-apps answer their own errors; these catch the rest, still as JSON in the path's shape.
  app.notFound((c) => {
    if (c.req.path.startsWith('/auth/v1/'))
      return authErrorResponse(c, new AuthError(404, 'not_found', 'Not Found'));
    if (c.req.path.startsWith('/rest/v1/')) {
      return restErrorResponse(c, new RestError(404, 'PGRST125', 'Invalid path specified in request URL'));
    }
    return c.json({ message: 'Not Found' }, 404);
  });
  app.onError((error, c) => {
    ctx.log(`unexpected error on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ message: 'Unexpected failure, please check server logs' }, 500);
  });
  return app;
}
