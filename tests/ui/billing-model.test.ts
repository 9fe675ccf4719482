/**
 * The billing machine's shortest paths through the real /billing page against the local backend:
 * every state reached in Chromium. Before the page opens, the student's subscription is put in the
 * state the path's status answer names (through the test checkout and the test API, as signed
 * webhook events); the status call and the portal function are held at the browser until the
 * path's event lets them through or fails them at the network.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { billingFixtures } from '../../machines/billing/billing.fixtures';
import { billingMachine } from '../../machines/billing/billing.machine';
import { eventsOf } from '../../machines/shared/fixtures';
import type { BillingKind } from '../../machines/shared/ports';
import { TEST_API_ENV } from '../../server/payments/routes';
import { billingCopy } from '../../src/features/billing/billing-copy';
import { type LocalBackend, testApiFetch } from '../support/backend';
import { type AppUnderTest, axeViolations, pageProblems, startApp } from '../support/browser';
import { onePathPerState, RpcGate } from '../support/browser-paths';
import { Coverage, expectFullCoverage, leafStateIds, toModelMachine } from '../support/model';
import { signInContext, startUiBackend } from '../support/ui-backend';
import { UI_BACKEND_URL } from '../support/ui-config';
import { driveUiPath } from '../support/ui-model';

let app: AppUnderTest;
let backend: LocalBackend;
let counter = 0;
beforeAll(async () => {
  process.env[TEST_API_ENV] = '1';
  [app, backend] = await Promise.all([startApp(), startUiBackend()]);
});
afterAll(async () => {
  await app?.close();
  await backend?.close();
});

/** The test-API steps after a trial checkout that leave the subscription in each reported state. */
const STEPS_TO: Record<Exclude<BillingKind, 'none'>, string[]> = {
  trialing: [],
  active: ['trial-end'],
  canceling: ['cancel-at-period-end'],
  // A failed renewal (not the first charge after the trial, which has no grace).
  past_due: ['trial-end', 'payment-failed'],
  ended: ['delete'],
};

async function giveSubscription(user: { id: string; email: string }, kind: BillingKind) {
  if (kind === 'none') return;
  await fetch(`${backend.url}/_checkout`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ action: 'start', client_reference_id: user.id, email: user.email }),
  });
  const [subscription] = (await testApiFetch(
    backend,
    `/_test/subscriptions?client_reference_id=${user.id}`,
  ).then((r) => r.json())) as Array<{ id: string }>;
  for (const step of STEPS_TO[kind]) {
    const moved = await testApiFetch(backend, `/_test/subscriptions/${subscription?.id}/${step}`, {
      method: 'POST',
    });
    expect(moved.status).toBe(200);
  }
}

/** ": trialing" for a status answer, so the case names say which screen they reach. */
const kindOf = (event: AnyEventObject) => {
  const kind = (event as { output?: { kind?: string } }).output?.kind;
  return kind ? `: ${kind}` : '';
};

/** Holds the page's calls to the portal function until the path says how the backend answers. */
async function holdPortalFunction(page: Page) {
  const held: Route[] = [];
  await page.route('**/functions/v1/create-portal-session', (route) => {
    if (route.request().method() === 'OPTIONS') return route.continue();
    held.push(route);
  });
  const next = async () => {
    await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    return held.shift() as Route;
  };
  return {
    release: async () => (await next()).continue(),
    abort: async () => (await next()).abort('connectionrefused'),
  };
}

describe('billing in the browser (model paths)', () => {
  const model = toModelMachine(billingMachine);
  const coverage = new Coverage(model);
  afterAll(() => expectFullCoverage(coverage, 'browser'));
  // One status answer at a time: generated paths are told apart by their event types, so with all
  // six answers at once only the first kind's screens would be reached.
  const allEvents = eventsOf(billingFixtures);
  const statusAnswers = allEvents.filter((e) => e.type === 'xstate.done.actor.loadStatus');
  const cases = Object.entries(billingFixtures.inputs).flatMap(([name, createInput]) => {
    const input = createInput();
    const reached = new Set<string>();
    return statusAnswers.flatMap((answer) =>
      onePathPerState(
        model,
        allEvents.filter((e) => e === answer || e.type !== answer.type),
        input,
      )
        .filter((path) => {
          // A path shows every state it passes through: it is new if any of them is.
          const fresh = path.steps
            .flatMap((step) => leafStateIds(step.state as AnyMachineSnapshot))
            .filter((id) => !reached.has(id));
          for (const id of fresh) reached.add(id);
          return fresh.length > 0;
        })
        .map((path) => ({
          name: `${name}: ${path.steps.map((s) => s.event.type.replace('xstate.', '') + kindOf(s.event)).join(' → ')}`,
          input,
          path,
        })),
    );
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
    const { context, page } = await app.newPage();
    const events = path.steps.map((s) => s.event);
    const statusAnswer = events.find((e) => e.type === 'xstate.done.actor.loadStatus') as
      | (AnyEventObject & { output: { kind: BillingKind } })
      | undefined;
    if (input.userId !== null) {
      const user = await signInContext(context, backend, `billing${++counter}-${Date.now()}@example.com`);
      await giveSubscription(user, statusAnswer?.output.kind ?? 'none');
    }
    const gate = await RpcGate.on(page);
    const portal = await holdPortalFunction(page);
    const failedOnPurpose: string[] = [];
    await page.goto('/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();

    const main = page.getByRole('main');
    const state = main.getByTestId('subscription-state');
    const button = (name: string) => main.getByRole('button', { name, exact: true });
    const trialLink = main.getByRole('link', { name: 'Start 24-Hour Free Trial' });
    const manage = main.getByRole('button', {
      name: new RegExp(`^(${billingCopy.manage}|${billingCopy.resume}|${billingCopy.updateCard})$`),
    });
    const drivers: Record<string, (p: Page, e: AnyEventObject) => Promise<void>> = {
      // Once the app knows there is no session (until then the prerendered link waits, and a click
      // before hydration would follow the plain link instead of asking to sign in).
      'trial.start': async () => {
        await expect.poll(() => trialLink.getAttribute('data-loading')).toBeNull();
        await trialLink.click();
      },
      'prompt.close': () => page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click(),
      'xstate.done.actor.loadStatus': () => gate.release('get_billing_status'),
      'xstate.error.actor.loadStatus': async () => {
        failedOnPurpose.push('get_billing_status');
        await gate.abort('get_billing_status');
      },
      'status.retry': () => button(billingCopy.tryAgain).click(),
      'portal.open': () => manage.click(),
      'xstate.done.actor.openPortal': () => portal.release(),
      'xstate.error.actor.openPortal': async () => {
        failedOnPurpose.push('create-portal-session');
        await portal.abort();
      },
      'portal.retry': () => button(billingCopy.tryAgain).click(),
      'portal.dismiss': () => button(billingCopy.close).click(),
    };
    const shows = (pattern: RegExp) => async () => {
      await expect.poll(() => state.textContent()).toMatch(pattern);
      expect(await trialLink.count()).toBe(0);
      await manage.waitFor();
    };
    await driveUiPath({
      page,
      coverage,
      input,
      events,
      drivers,
      states: {
        'billing.signedOut.offering': async () => {
          await expect.poll(() => trialLink.getAttribute('data-loading')).toBeNull();
          expect(await page.getByRole('dialog').count()).toBe(0);
        },
        'billing.signedOut.askingToSignIn': async () => {
          await page.getByRole('dialog', { name: billingCopy.signInTitle }).waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
        'billing.loadingStatus': async () => {
          await main.getByText(billingCopy.checking).waitFor();
          expect(await trialLink.getAttribute('data-loading')).not.toBeNull();
        },
        'billing.loadFailed': async () => {
          await main.getByRole('alert').getByText(billingCopy.loadFailed).waitFor();
          expect(await trialLink.getAttribute('data-disabled')).not.toBeNull();
        },
        'billing.showing.noSubscription': async () => {
          await expect.poll(() => trialLink.getAttribute('data-loading')).toBeNull();
          expect(await trialLink.getAttribute('href')).toContain('client_reference_id=');
          expect(await manage.count()).toBe(0);
        },
        'billing.showing.trialing': shows(/^Free trial — ends .+\.$/),
        'billing.showing.active': shows(/^Active — renews on .+\.$/),
        'billing.showing.canceling': shows(/^Canceled — you keep full access until .+\.$/),
        'billing.showing.pastDue': shows(/^Payment failed — update your card to keep access after .+\.$/),
        'billing.showing.ended': async () => {
          await expect.poll(() => state.textContent()).toMatch(/^Your subscription ended on .+\.$/);
          // Ended: subscribing again is offered, and the portal (receipts, card) still opens.
          await manage.waitFor();
          await trialLink.waitFor();
        },
        'billing.openingPortal': async () => {
          await expect.poll(() => manage.getAttribute('data-loading')).not.toBeNull();
        },
        'billing.leavingForPortal': async () => {
          await page.waitForURL(`${UI_BACKEND_URL}/_portal?session=*`);
          await page.getByRole('heading', { level: 1, name: 'Test customer portal' }).waitFor();
        },
        'billing.portalFailed': async () => {
          await main.getByRole('alert').getByText(billingCopy.portalFailed).waitFor();
          expect(await axeViolations(page)).toEqual([]);
        },
      },
    });
    // Only the calls failed on purpose may have logged errors.
    const unexpected = pageProblems(page).filter(
      (p) => !(p.startsWith('console.error: Failed to load resource') && failedOnPurpose.length > 0),
    );
    expect(unexpected).toEqual([]);
  });
});
