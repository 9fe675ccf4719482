/**
 * Secrets of the Edge Functions (Deno). Not part of the project's tsc run (Deno globals).
 * SUPABASE_URL and SUPABASE_SECRET_KEYS (or the legacy SUPABASE_SERVICE_ROLE_KEY) are provided by
 * the platform; the rest are set with `supabase secrets set` (docs/deploy.md).
 */
export function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`missing secret ${name}`);
  return value;
}

/** The new-style secret key first (SUPABASE_SECRET_KEYS = {"default": "sb_secret_…"}), then the legacy one. */
export function serviceKey(): string {
  try {
    const key = JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}')?.default;
    if (typeof key === 'string' && key) return key;
  } catch {
    // fall through to the legacy key
  }
  return required('SUPABASE_SERVICE_ROLE_KEY');
}
