// The HTML of the local test Customer Portal (/_portal): a plain, accessible stand-in for Stripe's
// hosted portal with the actions the real one is configured to allow (docs/deploy.md): cancel at
// the end of the period, take the cancellation back, update the card. No scripts.
import { html, raw } from 'hono/html';
import { TERMS_MONTHLY_USD } from '../../domain/business-rules.ts';
import type { LocalSubscription, PortalAction } from './fake-stripe.ts';
import { testPageStyles } from './test-page-style.ts';

export interface PortalPageData {
  sessionId: string;
  returnUrl: string;
  subscription: LocalSubscription;
  /** What the last action did, shown as a status line. */
  notice?: string;
  error?: string;
}

/** UTC on purpose: this page stands in for Stripe's, which the app's own pages do not depend on. */
function day(seconds: number | null): string {
  return seconds === null ? '—' : new Date(seconds * 1000).toUTCString();
}

function statusText(sub: LocalSubscription): string {
  if (sub.status === 'canceled') return `Canceled (ended ${day(sub.endedAt)})`;
  const ends = sub.status === 'trialing' ? sub.trialEnd : sub.periodEnd;
  if (sub.cancelAtPeriodEnd || sub.cancelAt !== null) return `Cancels on ${day(sub.cancelAt ?? ends)}`;
  if (sub.status === 'trialing') return `Trial, ends ${day(ends)}`;
  if (sub.status === 'past_due') return 'Past due: the last payment failed';
  return `Active, renews ${day(ends)}`;
}

/** The actions offered for a subscription in its current state. */
export function portalActions(sub: LocalSubscription): { action: PortalAction; label: string }[] {
  if (sub.status === 'canceled') return [];
  const canceling = sub.cancelAtPeriodEnd || sub.cancelAt !== null;
  return [
    canceling
      ? { action: 'resume' as const, label: 'Resume subscription' }
      : { action: 'cancel-at-period-end' as const, label: 'Cancel subscription' },
    { action: 'update-card' as const, label: 'Update card' },
  ];
}

export function portalPage(data: PortalPageData) {
  const sub = data.subscription;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test customer portal</title>
<link rel="icon" href="data:,">
<style>${raw(testPageStyles)}</style>
</head>
<body>
<main>
<h1>Test customer portal</h1>
<p class="note">Test mode: this page stands in for the hosted billing portal. Nothing is charged.</p>
${data.error ? html`<p class="error" role="alert">${data.error}</p>` : ''}
${data.notice ? html`<p role="status">${data.notice}</p>` : ''}
<h2>Monthly</h2>
<dl>
<dt>Price</dt><dd>$${TERMS_MONTHLY_USD} per month</dd>
<dt>Status</dt><dd data-testid="portal-status">${statusText(sub)}</dd>
</dl>
<form method="post" action="/_portal">
<input type="hidden" name="session" value="${data.sessionId}">
<div class="actions">
${portalActions(sub).map(
  ({ action, label }, index) =>
    html`<button type="submit" name="action" value="${action}" class="${index === 0 ? 'primary' : 'secondary'}">${label}</button>`,
)}
</div>
</form>
<p><a href="${data.returnUrl}">Return to PN Prep</a></p>
</main>
</body>
</html>`;
}
