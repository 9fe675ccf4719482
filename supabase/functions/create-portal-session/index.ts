/**
 * Supabase Edge Function `create-portal-session` (Deno): the signed-in student's Stripe Customer
 * Portal URL. Deployed with JWT verification on (the platform refuses calls without a valid token
 * before this runs); handler.ts checks the token again through Supabase Auth and uses only it.
 *
 * Secrets: STRIPE_SECRET_KEY (a restricted key with write access to Customer portal sessions is
 * enough), APP_URL (the site's origin, e.g. https://pnprep.example; the portal returns to
 * APP_URL/billing). SUPABASE_URL and the service key are provided by the platform.
 *
 * Not part of the project's tsc run (Deno globals and npm: specifiers); handler.ts is.
 */
import { createClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { required, serviceKey } from '../_shared/env.ts';
import { createPortalSessionHandler } from './handler.ts';

const stripe = new Stripe(required('STRIPE_SECRET_KEY'));
const admin = createClient(required('SUPABASE_URL'), serviceKey(), {
  auth: { persistSession: false, autoRefreshToken: false },
});

const handle = createPortalSessionHandler({
  returnUrl: `${required('APP_URL').replace(/\/+$/, '')}/billing`,
  async userIdFromToken(accessToken) {
    const { data, error } = await admin.auth.getUser(accessToken);
    return error ? null : (data.user?.id ?? null);
  },
  async customerFor(userId) {
    const { data, error } = await admin.rpc('customer_for_portal', { p_user_id: userId });
    if (error) throw new Error(`customer_for_portal: ${error.message}`);
    return typeof data === 'string' ? data : null;
  },
  async createPortalSession(customer, returnUrl) {
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
    return session.url;
  },
});

Deno.serve(handle);
