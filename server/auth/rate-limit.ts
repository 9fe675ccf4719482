// GoTrue's rate limits (api/middleware.go limitHandler, mailer/ratelimit, api/verify.go), kept in
// memory: this backend is one process. Defaults follow the Supabase CLI's supabase/config.toml
// `[auth.rate_limit]` and `[auth.email] max_frequency`; tests loosen them through BackendOptions.
import type { Context } from 'hono';
import { AuthError } from '../http.ts';

export interface RateLimits {
  /** Minimum seconds between two emailed links or codes to one address (GoTrue SMTP_MAX_FREQUENCY). */
  emailIntervalSeconds: number;
  /** Emails sent at the request of one peer IP in any hour. */
  emailsPerIpPerHour: number;
  /**
   * Emails the whole server sends in any hour: a ceiling against abuse of the mail provider, far
   * above what one IP may ask for. GoTrue's RATE_LIMIT_EMAIL_SENT is one server-wide bucket of 30,
   * which one client could empty in under a second and lock every student out of sign-in for up to
   * an hour (issue 25 finding 4); see docs/security.md.
   */
  emailsPerHour: number;
  /** Requests per IP per 5 minutes on /otp, /signup and /recover (config.toml sign_in_sign_ups). */
  signInPer5Minutes: number;
  /** Requests per IP per 5 minutes on /verify (config.toml token_verifications). */
  verifyPer5Minutes: number;
  /** Requests per IP per 5 minutes on /token (config.toml token_refresh). */
  tokenPer5Minutes: number;
  /** Completed test checkouts (POST /_checkout) per IP per 5 minutes: each one stores a subscription. */
  checkoutPer5Minutes: number;
  /** Failed verifications of one emailed token (wrong code, wrong hash) before it is deleted. */
  maxCodeAttempts: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  emailIntervalSeconds: 60,
  emailsPerIpPerHour: 30,
  emailsPerHour: 3_600,
  signInPer5Minutes: 30,
  verifyPer5Minutes: 30,
  tokenPer5Minutes: 150,
  checkoutPer5Minutes: 30,
  maxCodeAttempts: 5,
};

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 3_600_000;
/** Past this many keys a map drops the ones whose window has passed, so memory stays bounded. */
const PRUNE_ABOVE_KEYS = 10_000;

/** Times of recent events per key, in a sliding window. */
class Window {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly spanMs: number) {}
  /** Records a hit unless `limit` hits are already in the window; returns whether it was allowed. */
  take(key: string, limit: number, now = Date.now()): boolean {
    if (!this.allows(key, limit, now)) return false;
    const recent = this.hits.get(key);
    if (recent) recent.push(now);
    else this.hits.set(key, [now]);
    return true;
  }

  /** Whether a hit would be allowed now (without recording one). */
  allows(key: string, limit: number, now = Date.now()): boolean {
    if (this.hits.size > PRUNE_ABOVE_KEYS) this.prune(now);
    const recent = this.hits.get(key);
    if (!recent) return limit > 0;
    // Hits are recorded in time order, so the expired ones are at the front.
    let expired = 0;
    while (expired < recent.length && now - (recent[expired] ?? now) >= this.spanMs) expired++;
    if (expired === recent.length) {
      this.hits.delete(key);
      return limit > 0;
    }
    if (expired > 0) recent.splice(0, expired);
    return recent.length < limit;
  }

  /** Keys with a hit still inside the window. */
  get size(): number {
    return this.hits.size;
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.spanMs)) this.hits.delete(key);
    }
  }
}

export type IpLimited = 'signIn' | 'verify' | 'token' | 'checkout';

/** A password signup's confirmation mail, or any other emailed link (sign-in, reset). */
export type EmailKind = 'signup' | 'link';

export class RateLimiter {
  private readonly perIp = new Window(FIVE_MINUTES);
  private readonly sentEmails = new Window(HOUR);
  private readonly lastEmailTo = new Map<string, number>();

  constructor(readonly limits: RateLimits) {}

  /** 429 over_request_rate_limit once this IP has used up the endpoint's 5-minute budget. */
  checkIp(endpoint: IpLimited, ip: string): void {
    const limit = {
      signIn: this.limits.signInPer5Minutes,
      verify: this.limits.verifyPer5Minutes,
      token: this.limits.tokenPer5Minutes,
      checkout: this.limits.checkoutPer5Minutes,
    }[endpoint];
    if (!this.perIp.take(`${endpoint}:${ip}`, limit)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  /**
   * Reserves one email to `address` asked for by `ip`: 429 over_email_send_rate_limit within the
   * interval since the last one to that address (keyed by the requested address, known or not, so
   * it reveals nothing), over the IP's hourly cap, or over the server's hourly ceiling. Nothing is
   * counted for a refused request.
   */
  reserveEmail(address: string, from: { kind?: EmailKind; ip: string }, now = Date.now()): void {
    // A password signup's confirmation has its own interval: anyone can ask for one with any
    // address, and it must not hold back the owner's own sign-in link (issue 25 finding 3).
    const key = from.kind === 'signup' ? `signup:${address}` : address;
    const intervalMs = this.limits.emailIntervalSeconds * 1000;
    if (this.lastEmailTo.size > PRUNE_ABOVE_KEYS) {
      for (const [tracked, sentAt] of this.lastEmailTo)
        if (now - sentAt >= intervalMs) this.lastEmailTo.delete(tracked);
    }
    const last = this.lastEmailTo.get(key);
    if (last !== undefined && now - last < intervalMs) {
      const wait = Math.max(1, Math.ceil((intervalMs - (now - last)) / 1000));
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    }
    const ipKey = `ip:${from.ip}`;
    if (
      !this.sentEmails.allows(ipKey, this.limits.emailsPerIpPerHour, now) ||
      !this.sentEmails.allows('all', this.limits.emailsPerHour, now)
    ) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
    this.sentEmails.take(ipKey, this.limits.emailsPerIpPerHour, now);
    this.sentEmails.take('all', this.limits.emailsPerHour, now);
    this.lastEmailTo.set(key, now);
  }

  /** How many addresses and IP keys are remembered (bounded: see PRUNE_ABOVE_KEYS). */
  get trackedKeys(): { addresses: number; ipKeys: number } {
    return { addresses: this.lastEmailTo.size, ipKeys: this.perIp.size };
  }
}

/** The peer address of the connection (the socket's, never a forwarding header). */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
