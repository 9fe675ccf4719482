/**
 * Build-time configuration from VITE_* variables, with the local backend's defaults so that
 * `npm start` works on a fresh machine with nothing set. See .env.example.
 */
const env = import.meta.env;

/** The Supabase CLI's well-known local anon key (public by design; the local backend accepts it). */
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const config = {
  supabaseUrl: env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321',
  supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
  /** Stripe Payment Link; locally the backend's test checkout page. */
  paymentLink:
    env.VITE_STRIPE_PAYMENT_LINK || `${env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321'}/_checkout`,
  supportEmail: env.VITE_SUPPORT_EMAIL || 'support@pnpractice.example',
  inspect: env.VITE_XSTATE_INSPECT === '1',
} as const;
