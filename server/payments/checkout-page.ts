// The HTML of the local test checkout page (/_checkout): a plain, accessible stand-in for the
// Stripe-hosted payment page of the Payment Link. No scripts, no external resources.
import { html, raw } from 'hono/html';
import { TERMS_MONTHLY_USD, TRIAL_HOURS } from '../../domain/business-rules.ts';
import { testPageStyles as styles } from './test-page-style.ts';

export interface CheckoutPageData {
  clientReferenceId: string | null;
  email: string | null;
  error?: string;
}

/** The page: plan, email, account and the two buttons (both submit the same form). */
export function checkoutPage(data: CheckoutPageData) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title>
<link rel="icon" href="data:,">
<style>${raw(styles)}</style>
</head>
<body>
<main>
<h1>Test checkout</h1>
<p class="note">Test mode: no card is needed and nothing is charged. This page stands in for the hosted payment page.</p>
${data.error ? html`<p class="error" role="alert">${data.error}</p>` : ''}
<h2>Monthly</h2>
<p>${TRIAL_HOURS}-hour free trial, then $${TERMS_MONTHLY_USD} per month.</p>
<form method="post" action="/_checkout">
<input type="hidden" name="client_reference_id" value="${data.clientReferenceId ?? ''}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${data.email ?? ''}">
<p>${
    data.clientReferenceId
      ? html`Account: <code>${data.clientReferenceId}</code>`
      : 'Not signed in: this trial will not be linked to an account.'
  }</p>
<div class="actions">
<button type="submit" name="action" value="start">Start trial</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>
</main>
</body>
</html>`;
}
