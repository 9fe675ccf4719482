/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_STRIPE_PAYMENT_LINK?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_XSTATE_INSPECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
