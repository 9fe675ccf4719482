// Placeholder for the payment routes (the Stripe webhook at /functions/v1/stripe-webhook, the
// test-mode /_checkout page and its test API). Mounted at the root of the local backend.

import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';

export interface PaymentContext {
  db: PGlite;
  /** The service_role API key, for calling RPCs such as stripe_apply_subscription over HTTP. */
  serviceRoleKey: string;
  /** This server's base URL, e.g. http://127.0.0.1:54321. */
  url: string;
  /** The app's URL (return pages such as /checkout/success live there). */
  siteUrl: string;
  log: (line: string) => void;
}

export function paymentRoutes(_ctx: PaymentContext): Hono {
  return new Hono();
}
