/**
 * The browser layer's backend: one per test file on the port its worker's build points at
 * (tests/support/ui-config.ts), started from the migrated snapshot, plus a fast way to put a real session into a browser context.
 */
import type { BrowserContext } from 'playwright-core';
import { createConfirmedUser, createTestClient, type LocalBackend, startTestBackend } from './backend';
import { startOnFixedPort } from './fixed-port';
import { UI_APP_URL, UI_BACKEND_PORT } from './ui-config';

export async function startUiBackend(): Promise<LocalBackend> {
  return startOnFixedPort('the UI test backend', UI_BACKEND_PORT, () =>
    startTestBackend({ port: UI_BACKEND_PORT, siteUrl: UI_APP_URL }),
  );
}

/** The key supabase-js stores the session under for a backend on 127.0.0.1. */
export const SESSION_STORAGE_KEY = 'sb-127-auth-token';

const PASSWORD = 'correct-horse-battery';

/**
 * Creates a confirmed user, signs in with the real client (password grant) and stores the real
 * session in the context's localStorage before any page script runs: the app then starts signed in
 * exactly as after an emailed-link sign-in, without spending a test on the email round trip.
 */
export async function signInContext(
  context: BrowserContext,
  backend: LocalBackend,
  email: string,
): Promise<{ id: string; email: string }> {
  const user = await createConfirmedUser(backend, email, PASSWORD);
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) throw new Error(`test sign-in failed: ${error?.message}`);
  await context.addInitScript(
    ([key, value]) => {
      // Seed once per context (localStorage is shared by its tabs) so a later sign-out in the test
      // is not undone by a reload or a second tab.
      if (!localStorage.getItem('test-session-seeded')) {
        localStorage.setItem(key, value);
        localStorage.setItem('test-session-seeded', '1');
      }
    },
    [SESSION_STORAGE_KEY, JSON.stringify(data.session)] as const,
  );
  return user;
}
