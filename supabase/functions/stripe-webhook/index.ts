/**
 * Supabase Edge Function `stripe-webhook` (Deno). Deployed with JWT verification off
 * (supabase/config.toml, or `supabase functions deploy stripe-webhook --no-verify-jwt`): Stripe
 * sends no Supabase token, so the Stripe signature checked in handler.ts is the only authentication.
 *
 * Secrets: STRIPE_SECRET_KEY (a restricted key that can read Subscriptions is enough),
 * STRIPE_WEBHOOK_SECRET (the whsec_… of this endpoint; test and live differ). SUPABASE_URL and
 * SUPABASE_SECRET_KEYS (or the legacy SUPABASE_SERVICE_ROLE_KEY) are provided by the platform.
 *
 * Not part of the project's tsc run (Deno globals and npm: specifiers); handler.ts is.
 */
import { createClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { required, serviceKey } from '../_shared/env.ts';
import { createStripeWebhookHandler } from './handler.ts';

const stripe = new Stripe(required('STRIPE_SECRET_KEY'));
const admin = createClient(required('SUPABASE_URL'), serviceKey(), {
  auth: { persistSession: false, autoRefreshToken: false },
});

const handle = createStripeWebhookHandler({
  webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
  // Event order is not guaranteed: store what Stripe says now, versioned by when we asked.
  async retrieveSubscription(id) {
    const subscription = await stripe.subscriptions.retrieve(id);
    return { subscription, version: new Date() };
  },
  async applySubscription(args) {
    const { data, error } = await admin.rpc('stripe_apply_subscription', args);
    if (error) throw new Error(`stripe_apply_subscription: ${error.message}`);
    return String(data);
  },
});

Deno.serve(handle);
