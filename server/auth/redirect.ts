// redirect_to allow-list (GoTrue utilities/request.go IsRedirectURLValid, narrowed for this app):
// the site URL's origin and the configured additional_redirect_urls (supabase/config.toml, read by
// server/index.ts). No other loopback host or port: another local server is not the app. Anything
// else silently falls back to the site URL, as GoTrue does.

export interface RedirectPolicy {
  siteUrl: string;
  additionalRedirectUrls: string[];
}

function allowedByExtraEntry(url: URL, entry: string): boolean {
  // An entry ending in '**' allows everything below that prefix; otherwise the origin must match.
  if (entry.endsWith('**')) return url.href.startsWith(entry.slice(0, -2));
  try {
    return new URL(entry).origin === url.origin;
  } catch {
    return false;
  }
}

export function validateRedirect(raw: string | undefined | null, policy: RedirectPolicy): string {
  if (!raw) return policy.siteUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return policy.siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return policy.siteUrl;
  // WHATWG URL rewrites decimal or hex hosts (http://2130706433/) to 127.0.0.1; GoTrue rejects them.
  if (!raw.toLowerCase().includes(url.hostname)) return policy.siteUrl;
  if (url.origin === new URL(policy.siteUrl).origin) return raw;
  if (policy.additionalRedirectUrls.some((entry) => allowedByExtraEntry(url, entry))) return raw;
  return policy.siteUrl;
}
