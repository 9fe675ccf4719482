// redirect_to allow-list (GoTrue utilities/request.go IsRedirectURLValid, narrowed for this app):
// the site URL's origin and the configured additional_redirect_urls (supabase/config.toml, read by
// server/index.ts). No other loopback host or port: another local server is not the app. Anything
// else silently falls back to the site URL, as GoTrue does; control characters are a 400.
import { AuthError } from '../http.ts';

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

/** Control characters (CR and LF among them): WHATWG URL parsing drops some, a Location header cannot hold any. */
const CONTROL_CHARACTER = /\p{Cc}/u;

export function validateRedirect(raw: string | undefined | null, policy: RedirectPolicy): string {
  if (!raw) return policy.siteUrl;
  // Refused outright (before an emailed link is consumed), not quietly replaced: no real client
  // sends them, and a header-splitting attempt should not be half-honoured.
  if (CONTROL_CHARACTER.test(raw)) {
    throw new AuthError(400, 'validation_failed', 'redirect_to must not contain control characters');
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return policy.siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return policy.siteUrl;
  // WHATWG URL rewrites decimal or hex hosts (http://2130706433/) to 127.0.0.1; GoTrue rejects them.
  if (!raw.toLowerCase().includes(url.hostname)) return policy.siteUrl;
  // Non-ASCII comes back percent-encoded (url.href), since a Location header holds ASCII only.
  const safe = /^[\x20-\x7e]*$/.test(raw) ? raw : url.href;
  if (url.origin === new URL(policy.siteUrl).origin) return safe;
  if (policy.additionalRedirectUrls.some((entry) => allowedByExtraEntry(url, entry))) return safe;
  return policy.siteUrl;
}
