// What every route module gets: the database, the signer, the mailbox and the resolved settings.
import type { PGlite } from '@electric-sql/pglite';
import type { RateLimiter } from './auth/rate-limit.ts';
import type { JwtService } from './jwt.ts';
import type { ApiKeys } from './keys.ts';
import type { Mailbox } from './mailbox.ts';

export interface ServerSettings {
  /** Public base URL of this server, e.g. http://127.0.0.1:54321 (JWT issuer is `${url}/auth/v1`). */
  url: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  otpExpirySeconds: number;
  jwtExpirySeconds: number;
  /** A revoked refresh token presented again within this window still gets the active one back. */
  refreshTokenReuseIntervalSeconds: number;
  /** PKCE flow states are single-use and live this long (GoTrue's minimum and default). */
  flowStateExpirySeconds: number;
  /** /recover answers no sooner than this, so its timing does not tell known addresses apart. */
  recoverMinMs: number;
  /** The mailbox, test checkout, portal and test API answer only on a loopback address. */
  devTools: boolean;
}

export interface ServerContext {
  db: PGlite;
  jwt: JwtService;
  mailbox: Mailbox;
  settings: ServerSettings;
  keys: ApiKeys;
  /** GoTrue's rate limits and wrong-code counts (server/auth/rate-limit.ts). */
  limiter: RateLimiter;
  log: (line: string) => void;
}
