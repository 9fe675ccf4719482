// The local backend: a Supabase-compatible subset (Auth, PostgREST RPC, mailbox) over PGlite,
// for development and tests on a machine with no Supabase account, no Docker and no network.
//   const backend = await startLocalBackend({ port: 0, dataDir: 'memory' });
//   createClient(backend.url, backend.anonKey) ... await backend.close();
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { redactCredentials } from '../shared/redact.ts';
import { createApp } from './app.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './auth/rate-limit.ts';
import type { ServerContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { JwtService } from './jwt.ts';
import { apiKeysFor, DEV_JWT_SECRET } from './keys.ts';
import { Mailbox } from './mailbox.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET, localWebhookSecret } from './payments/routes.ts';

export { LOCAL_ANON_KEY } from './keys.ts';

export interface BackendOptions {
  /** Port to listen on; 0 picks any free port. Default: env SUPABASE_LOCAL_PORT or 54321. */
  port: number;
  /** Interface to bind. Default 127.0.0.1. */
  host: string;
  /** Data directory, or 'memory' for a throw-away database. Default: env SUPABASE_LOCAL_DATA_DIR or '.data'. */
  dataDir: string;
  /** Path of a dumped, migrated data dir to start from (tests; see tests/support/db-snapshot.ts). */
  snapshot?: string;
  /** The app's URL: the fallback redirect target. Default: env SITE_URL, else supabase/config.toml's site_url. */
  siteUrl: string;
  /** Extra allowed redirect targets (an origin, or a URL prefix ending in '**'). Default: supabase/config.toml's. */
  additionalRedirectUrls: string[];
  /** HS256 secret for every JWT. Default: env JWT_SECRET or the CLI's public development secret. */
  jwtSecret: string;
  /** Lifetime of emailed links. Default: supabase/config.toml's `[auth.email] otp_expiry`, else 3600 s. */
  otpExpirySeconds: number;
  /** GoTrue's rate limits; any left out keep DEFAULT_RATE_LIMITS (tests loosen them). */
  rateLimits?: Partial<RateLimits>;
  /** /recover answers no sooner than this, known address or not. Default 250 ms. */
  recoverMinMs?: number;
  log?: (line: string) => void;
}

export interface LocalBackend {
  /** Base URL for createClient, e.g. http://127.0.0.1:54321. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: PGlite;
  mailbox: Mailbox;
  app: Hono;
  close(): Promise<void>;
}

/**
 * `[auth] site_url` and `additional_redirect_urls` and `[auth.email] otp_expiry` of
 * supabase/config.toml, when it is there, so the local backend and hosted Auth share one setting.
 */
function authConfigOf(path = join(process.cwd(), 'supabase', 'config.toml')): {
  siteUrl?: string;
  additionalRedirectUrls?: string[];
  otpExpirySeconds?: number;
} {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  const auth = /^\[auth\]\s*$([\s\S]*?)(?=^\[)/m.exec(text)?.[1] ?? '';
  const siteUrl = /^site_url\s*=\s*"([^"]*)"/m.exec(auth)?.[1];
  const list = /^additional_redirect_urls\s*=\s*\[([^\]]*)\]/m.exec(auth)?.[1];
  const additionalRedirectUrls = list ? [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '') : undefined;
  const email = /^\[auth\.email\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const otpExpiry = Number(/^otp_expiry\s*=\s*(\d+)/m.exec(email)?.[1]);
  return {
    ...(siteUrl ? { siteUrl } : {}),
    ...(additionalRedirectUrls ? { additionalRedirectUrls } : {}),
    ...(otpExpiry > 0 ? { otpExpirySeconds: otpExpiry } : {}),
  };
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/;

export function resolveOptions(options: Partial<BackendOptions> = {}): BackendOptions {
  const toml = authConfigOf();
  const resolved: BackendOptions = {
    port: Number(process.env.SUPABASE_LOCAL_PORT ?? 54321),
    host: '127.0.0.1',
    dataDir: process.env.SUPABASE_LOCAL_DATA_DIR ?? '.data',
    siteUrl: process.env.SITE_URL ?? toml.siteUrl ?? 'http://localhost:5173',
    additionalRedirectUrls: toml.additionalRedirectUrls ?? [],
    jwtSecret: process.env.JWT_SECRET ?? DEV_JWT_SECRET,
    otpExpirySeconds: toml.otpExpirySeconds ?? 3600,
  };
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) Object.assign(resolved, { [key]: value });
  }
  if (!Number.isInteger(resolved.port) || resolved.port < 0 || resolved.port > 65535) {
    throw new Error(`invalid port: ${resolved.port}`);
  }
  if (resolved.jwtSecret.length < 32) throw new Error('the JWT secret must be at least 32 characters long');
  if (resolved.jwtSecret === DEV_JWT_SECRET && !LOOPBACK.test(resolved.host)) {
    throw new Error(
      `refusing to listen on ${resolved.host} with the public development JWT secret: set JWT_SECRET, or bind to 127.0.0.1`,
    );
  }
  // Anyone could sign webhook events with the public development secret and grant access.
  if (localWebhookSecret() === LOCAL_STRIPE_WEBHOOK_SECRET && !LOOPBACK.test(resolved.host)) {
    throw new Error(
      `refusing to listen on ${resolved.host} with the public development webhook secret: set STRIPE_WEBHOOK_SECRET, or bind to 127.0.0.1`,
    );
  }
  return resolved;
}

export async function startLocalBackend(options: Partial<BackendOptions> = {}): Promise<LocalBackend> {
  const config = resolveOptions(options);
  const write = config.log ?? ((line: string) => console.log(`[backend] ${line}`));
  // Every line, from every module: an emailed token, auth code or session never reaches the log.
  const log = (line: string) => write(redactCredentials(line));

  if (config.dataDir !== 'memory') await mkdir(config.dataDir, { recursive: true });
  const snapshot = config.snapshot ? new Blob([await readFile(config.snapshot)]) : undefined;
  const db = await openDatabase({ dataDir: config.dataDir, ...(snapshot ? { snapshot } : {}), log });

  try {
    const mailbox = new Mailbox(log);
    const keys = await apiKeysFor(config.jwtSecret);
    const jwt = new JwtService(config.jwtSecret);
    // The URL depends on the port actually bound (port 0), so the context is completed after listen.
    const settings = {
      url: '',
      siteUrl: config.siteUrl,
      additionalRedirectUrls: config.additionalRedirectUrls,
      otpExpirySeconds: config.otpExpirySeconds,
      jwtExpirySeconds: 3600,
      refreshTokenReuseIntervalSeconds: 10,
      flowStateExpirySeconds: 300,
      recoverMinMs: config.recoverMinMs ?? 250,
      devTools: LOOPBACK.test(config.host),
    };
    const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, ...config.rateLimits });
    const ctx: ServerContext = { db, jwt, mailbox, settings, keys, log, limiter };
    const app = createApp(ctx);

    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
        resolve(started),
      );
      started.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    settings.url = `http://${host}:${port}`;

    let closing: Promise<void> | undefined;
    return {
      url: settings.url,
      anonKey: keys.anon,
      serviceRoleKey: keys.serviceRole,
      db,
      mailbox,
      app,
      close() {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Keep-alive connections would otherwise hold close() open.
            if ('closeAllConnections' in server) server.closeAllConnections();
          });
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
