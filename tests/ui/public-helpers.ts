/**
 * Helpers for the public-page browser tests: the payment link the test build uses, opening a route
 * once its lazy page has rendered, and intercepting
 * navigations to the payment page so no request leaves.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { appStarted } from '../support/browser';
import { UI_BACKEND_URL } from '../support/ui-config';

/** The test build sets no VITE_STRIPE_PAYMENT_LINK, so the app falls back to the backend's checkout page. */
export const PAYMENT_LINK = process.env.VITE_STRIPE_PAYMENT_LINK || `${UI_BACKEND_URL}/_checkout`;

/** Every page sets its title as '<page> · PN Prep'. */
export const titleOf = (page: string) => `${page} · PN Prep`;

/** Goes to a route and waits until the app runs it and its page (lazy-loaded) has rendered its h1 and set its title. */
export async function openRoute(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await appStarted(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5_000 });
}

/** The page's main landmark, where every page's own content lives. */
export const main = (page: Page) => page.getByRole('main');

export interface PaymentPageInterceptor {
  /** URLs of the requests to the payment link so far. */
  requests: string[];
  /** false: cancel each navigation (the current page stays, as if the click never left); true: answer it. */
  allow: boolean;
}

/**
 * Intercepts requests to the payment link so none leaves the machine. Blocked navigations are
 * cancelled with ERR_ABORTED, which keeps the current page on screen; allowed ones get a stand-in.
 */
export async function interceptPaymentPage(
  target: Page | BrowserContext,
  allow: boolean,
): Promise<PaymentPageInterceptor> {
  const interceptor: PaymentPageInterceptor = { requests: [], allow };
  await (target as Pick<Page, 'route'>).route(
    (url) => url.href.startsWith(PAYMENT_LINK),
    (route) => {
      interceptor.requests.push(route.request().url());
      return interceptor.allow
        ? route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<!doctype html><title>Checkout</title><h1>Checkout stand-in</h1>',
          })
        : route.abort('aborted');
    },
  );
  return interceptor;
}

/** Resolves once no CSS transition or animation is running (a drawer has finished sliding in). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 5_000 });
}

/**
 * Signs a context in without a backend: a stored session in the client's storage key
 * (sb-<first host label>-auth-token), valid for an hour so the client neither refreshes nor
 * calls the backend. Good for pages that only read the session's user id and email.
 */
export async function storeSession(
  context: BrowserContext,
  user: { id: string; email: string },
): Promise<void> {
  const storageKey = `sb-${new URL(UI_BACKEND_URL).hostname.split('.')[0]}-auth-token`;
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const accessToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
    sub: user.id,
    email: user.email,
    role: 'authenticated',
    aud: 'authenticated',
    exp: expiresAt,
  })}.signature-not-checked-by-the-client`;
  const session = {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    refresh_token: 'test-refresh-token',
    user: {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      app_metadata: { provider: 'email' },
      user_metadata: {},
      created_at: new Date().toISOString(),
    },
  };
  await context.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key as string, value as string);
    },
    [storageKey, JSON.stringify(session)],
  );
}
