// JWT secret and API keys. The local backend uses the Supabase CLI's well-known development values
// so that tools and docs written for `supabase start` work unchanged against it.
import { SignJWT } from 'jose';

/** The Supabase CLI's default JWT secret. Public knowledge: refused on a non-loopback address. */
export const DEV_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The CLI's legacy anon key: `{"iss":"supabase-demo","role":"anon","exp":1983812996}` signed with DEV_JWT_SECRET. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The CLI's new-style keys. They are not JWTs; requests carrying them act as anon / service_role. */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

const API_KEY_EXPIRY = 1983812996;

export type ApiRole = 'anon' | 'service_role';

/** Signs the legacy API key for a role with exactly the CLI's payload (key order matters for equality). */
export async function signApiKey(role: ApiRole, secret: Uint8Array): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: API_KEY_EXPIRY })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secret);
}

/** The keys a running server accepts. The new-style keys are public values, so they are only
 * honoured together with the public development secret. */
export interface ApiKeys {
  anon: string;
  serviceRole: string;
  publishable: string | null;
  secret: string | null;
}

export async function apiKeysFor(jwtSecret: string): Promise<ApiKeys> {
  const secret = new TextEncoder().encode(jwtSecret);
  const dev = jwtSecret === DEV_JWT_SECRET;
  return {
    anon: await signApiKey('anon', secret),
    serviceRole: await signApiKey('service_role', secret),
    publishable: dev ? LOCAL_PUBLISHABLE_KEY : null,
    secret: dev ? LOCAL_SECRET_KEY : null,
  };
}

/** Which API role an `apikey` header value stands for, or null if it is not one of this server's keys. */
export function apiKeyRole(apikey: string, keys: ApiKeys): ApiRole | null {
  if (apikey === keys.anon || apikey === keys.publishable) return 'anon';
  if (apikey === keys.serviceRole || apikey === keys.secret) return 'service_role';
  return null;
}

/** The legacy JWT that stands for an API role (what Kong puts in Authorization for sb_ keys). */
export function apiRoleJwt(role: ApiRole, keys: ApiKeys): string {
  return role === 'anon' ? keys.anon : keys.serviceRole;
}
