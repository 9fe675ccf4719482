/**
 * Helpers for the public-page browser tests: the payment link the test build uses, opening a route
 * once its lazy page has rendered, and intercepting
 * navigations to the payment page so no request leaves.
 */
import type { Page } from 'playwright-core';
import { UI_BACKEND_URL } from '../support/ui-config';

/** The test build sets no VITE_STRIPE_PAYMENT_LINK, so the app falls back to the backend's checkout page. */
export const PAYMENT_LINK = process.env.VITE_STRIPE_PAYMENT_LINK || `${UI_BACKEND_URL}/_checkout`;

/** Every page sets its title as '<page> · PN Prep'. */
export const titleOf = (page: string) => `${page} · PN Prep`;

/** Goes to a route and waits until its page (lazy-loaded) has rendered its h1 and set its title. */
export async function openRoute(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
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
export async function interceptPaymentPage(page: Page, allow: boolean): Promise<PaymentPageInterceptor> {
  const interceptor: PaymentPageInterceptor = { requests: [], allow };
  await page.route(
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
