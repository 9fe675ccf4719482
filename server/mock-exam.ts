// /functions/v1/mock-exam, the path Supabase serves the Edge Function at: the function's own handler
// (supabase/functions/mock-exam/handler.ts) with this server's Auth and REST, as the Edge Function
// reaches hosted Supabase's (the token checked by GET /auth/v1/user, the database functions called
// as the service role through POST /rest/v1/rpc/...). One handler for the server's life, so the
// bank's parameter table is cached as in a warm Edge Function.
import { Hono } from 'hono';
import { createMockExamHandler } from '../supabase/functions/mock-exam/handler.ts';
import type { ServerContext } from './context.ts';
import { limitBody } from './http.ts';

export const MOCK_EXAM_FUNCTION_PATH = '/functions/v1/mock-exam';

export function mockExamRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const base = () => ctx.settings.url.replace(/\/+$/, '');
  const handle = createMockExamHandler({
    async userIdFromToken(accessToken) {
      const response = await fetch(`${base()}/auth/v1/user`, {
        headers: { apikey: ctx.keys.anon, Authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) return null;
      const user = (await response.json()) as { id?: unknown };
      return typeof user.id === 'string' ? user.id : null;
    },
    async rpc(name, args) {
      const response = await fetch(`${base()}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: {
          apikey: ctx.keys.serviceRole,
          Authorization: `Bearer ${ctx.keys.serviceRole}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(args),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${name} ${response.status}: ${body}`);
      return JSON.parse(body) as unknown;
    },
    log: (line) => ctx.log(line),
  });
  // A body over the server's limit is not read at all (the handler refuses anything over 16 KB).
  app.use(
    MOCK_EXAM_FUNCTION_PATH,
    limitBody((c) => c.json({ error: 'bad_request', message: 'The request body is too large.' }, 413)),
  );
  app.all(MOCK_EXAM_FUNCTION_PATH, (c) => handle(c.req.raw));
  return app;
}
