// The development tools (/_inbox, /_checkout, /_portal, /_test) are for the machine the backend runs on.
// The mailbox holds sign-in links and the checkout starts trials, so a page of another site must
// not drive them: a request carrying an Origin that is not a loopback origin is refused, and so is
// any request whose Host is not a loopback name (a DNS-rebinding page reaches 127.0.0.1 under its
// own host name, where its Origin would look same-origin). They send no CORS headers at all, and
// their pages cannot be framed.
import type { Context, MiddlewareHandler } from 'hono';

const DEV_TOOL_PATH = /^\/(?:_inbox|_checkout|_portal|_test)(?:\/|$)/;
const LOOPBACK_HOSTNAME = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const HOST_HEADER = /^(?<hostname>\[[^\]]*\]|[^:]*)(?::\d{1,5})?$/;

/** Whether a request path (as routed) belongs to a dev tool. */
export function isDevToolPath(path: string): boolean {
  return DEV_TOOL_PATH.test(path);
}

/** localhost, 127.0.0.0/8 or [::1], with any port; a Host header. */
export function isLoopbackHost(host: string | undefined): boolean {
  const hostname = host ? HOST_HEADER.exec(host)?.groups?.hostname : undefined;
  return hostname !== undefined && LOOPBACK_HOSTNAME.test(hostname);
}

/**
 * An http(s) origin on a loopback host, any port: the backend itself and the app's dev server
 * (http://localhost:5173, or http://127.0.0.1:<port> in the browser tests). `null` (sandboxed
 * frames, file: pages) is not one.
 */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.origin === origin &&
    LOOPBACK_HOSTNAME.test(url.hostname)
  );
}

function refuse(c: Context, message: string): Response {
  return c.json({ message }, 403);
}

/**
 * The guard in front of every dev tool route; other paths pass through untouched. Disabled (a
 * backend listening on a non-loopback address), the tools answer 404 as if they did not exist: a
 * remote client chooses its own Host header, so the Host check alone would not keep it out.
 */
export function devToolsGuard({ enabled }: { enabled: boolean } = { enabled: true }): MiddlewareHandler {
  return async (c, next) => {
    if (!isDevToolPath(c.req.path)) return next();
    if (!enabled) return c.json({ message: 'Not Found' }, 404);
    if (!isLoopbackHost(c.req.header('host'))) {
      return refuse(
        c,
        'The development tools answer only requests to a loopback host (localhost, 127.0.0.1, [::1])',
      );
    }
    const origin = c.req.header('origin');
    // Tools and top-level navigations send no Origin; a page's fetch or form post does.
    if (origin !== undefined && !isLoopbackOrigin(origin)) {
      return refuse(
        c,
        'The development tools are refused to pages of other sites: only loopback origins may use them',
      );
    }
    await next();
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', "frame-ancestors 'none'");
  };
}
