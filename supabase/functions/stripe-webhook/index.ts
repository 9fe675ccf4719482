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
  async accountConfirmed(userId) {
    // An unknown id (or a failed lookup) is not a confirmed account: the checkout is then linked
    // by its email, which the SQL gives only to a confirmed address.
    const { data, error } = await admin.auth.admin.getUserById(userId);
    return !error && Boolean(data.user?.email_confirmed_at);
  },
  async trialAlreadyUsed(userId, subscriptionId) {
    const { count, error } = await admin
      .from('subscriptions')
      .select('stripe_subscription_id', { count: 'exact', head: true })
      .eq('user_id', userId)
      .neq('stripe_subscription_id', subscriptionId)
      .not('trial_start', 'is', null);
    if (error) throw new Error(`subscriptions: ${error.message}`);
    return (count ?? 0) > 0;
  },
  async endTrialNow(subscriptionId) {
    await stripe.subscriptions.update(subscriptionId, { trial_end: 'now' });
  },
});

Deno.serve(handle);
