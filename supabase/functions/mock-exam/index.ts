/**
 * Supabase Edge Function `mock-exam` (Deno): the full-length mock exam, run on the server
 * (handler.ts; docs/decisions/180-mock-exam-on-the-server.md). Deployed with JWT verification on;
 * handler.ts checks the token again through Supabase Auth and uses only it. The database is
 * reached with the service role through the mock_exam_* functions, which no client may call.
 *
 * SUPABASE_URL and the service key are provided by the platform; no other secret.
 * handler.ts imports domain/ (the engine and NGN scoring); their relative imports without an
 * extension need `"unstable": ["sloppy-imports"]` in this function's deno.json.
 *
 * Not part of the project's tsc run (Deno globals and npm: specifiers); handler.ts is.
 */
import { createClient } from '@supabase/supabase-js';
import { required, serviceKey } from '../_shared/env.ts';
import { createMockExamHandler } from './handler.ts';

const admin = createClient(required('SUPABASE_URL'), serviceKey(), {
  auth: { persistSession: false, autoRefreshToken: false },
});

const handle = createMockExamHandler({
  async userIdFromToken(accessToken) {
    const { data, error } = await admin.auth.getUser(accessToken);
    return error ? null : (data.user?.id ?? null);
  },
  async rpc(name, args) {
    const { data, error } = await admin.rpc(name, args);
    if (error) throw new Error(`${name}: ${error.message}`);
    return data as unknown;
  },
});

Deno.serve(handle);
