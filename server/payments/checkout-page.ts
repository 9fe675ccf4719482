// The HTML of the local test checkout page (/_checkout): a plain, accessible stand-in for the
// Stripe-hosted payment page of the Payment Link. No scripts, no external resources.
import { html, raw } from 'hono/html';
import { TERMS_MONTHLY_USD, TRIAL_HOURS } from '../../domain/business-rules.ts';

export interface CheckoutPageData {
  clientReferenceId: string | null;
  email: string | null;
  error?: string;
}

const styles = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e; background: #f1f3f5; }
  body { margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; border: 1px solid #ced4da; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.125rem; margin: 1.5rem 0 0.25rem; }
  .note { background: #fff3bf; border: 1px solid #e67700; border-radius: 0.5rem; padding: 0.5rem 0.75rem; }
  .error { background: #ffe3e3; border: 1px solid #c92a2a; border-radius: 0.5rem; padding: 0.5rem 0.75rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #495057; border-radius: 0.375rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 0.375rem; cursor: pointer; border: 1px solid #1864ab; }
  button[value="start"] { background: #1864ab; color: #fff; }
  button[value="cancel"] { background: #fff; color: #1864ab; }
  button:focus-visible, input:focus-visible { outline: 3px solid #e67700; outline-offset: 2px; }
`;

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
