import { Alert, Anchor, Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { authKnown, currentSession } from '../../../machines/auth/auth.machine';
import {
  type BillingEvent,
  billingMachine,
  createBillingImplementations,
} from '../../../machines/billing/billing.machine';
import { ErrorDetails } from '../../components/ErrorDetails';
import { usePageTitle } from '../../components/usePageTitle';
import { config } from '../../config/config';
import { paths } from '../../config/paths';
import { billing } from '../../content/billing';
import { useAuthSnapshot } from '../../runtime/auth-actor';
import { inspect } from '../../runtime/inspector';
import { billingService } from '../../services/billing.service';
import { billingCopy, localDateTime } from './billing-copy';
import { type PaymentLink, usePaymentLink } from './usePaymentLink';

const implementations = {
  ...createBillingImplementations(billingService),
  actions: { goToPortal: (_: unknown, { url }: { url: string }) => window.location.assign(url) },
};

export type BillingSnapshot = SnapshotFrom<typeof billingMachine>;

/** '/billing': the Monthly card and trial link, and a signed-in student's own subscription. */
export function BillingPage() {
  usePageTitle(billing.title);
  const paymentLink = usePaymentLink();
  const known = useAuthSnapshot(authKnown);
  const userId = useAuthSnapshot(currentSession)?.userId ?? null;
  // Until the session is known the page is the public card with a waiting button (as prerendered).
  if (!known) return <BillingView paymentLink={paymentLink} />;
  return <BillingFlow key={userId ?? 'visitor'} userId={userId} paymentLink={paymentLink} />;
}

function BillingFlow({ userId, paymentLink }: { userId: string | null; paymentLink: PaymentLink }) {
  const [snapshot, send] = useMachine(billingMachine.provide(implementations), {
    input: { userId },
    inspect,
  });
  return <BillingView paymentLink={paymentLink} snapshot={snapshot} send={send} />;
}

/**
 * The billing page from the billing snapshot (also rendered by /dev/flows). Without a snapshot the
 * session is not known yet: the public card, its button waiting.
 */
export function BillingView({
  paymentLink,
  snapshot,
  send = () => {},
}: {
  paymentLink: PaymentLink;
  snapshot?: BillingSnapshot;
  send?: (event: BillingEvent) => void;
}) {
  const signedOut = snapshot?.matches('signedOut') ?? false;
  // A student on a trial or a paid plan is never offered a second trial checkout.
  const kind = snapshot?.context.status?.kind;
  const subscribed = kind !== undefined && kind !== 'none' && kind !== 'ended';
  // The link waits until the session and a student's status are known (it must carry their id,
  // and must not be offered to someone already subscribed); if the status cannot be read, it stays off.
  const link =
    !snapshot || !paymentLink.ready || snapshot.matches('loadingStatus')
      ? 'waiting'
      : snapshot.matches('loadFailed')
        ? 'unavailable'
        : 'ready';

  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Stack gap="xs">
        <Title order={1}>{billing.title}</Title>
        <Text fz="lg">{billing.intro}</Text>
      </Stack>
      {snapshot && !signedOut && <SubscriptionStatus snapshot={snapshot} send={send} />}
      <Card component="section" aria-labelledby="billing-plan" withBorder padding="lg">
        <Stack gap="md">
          <Title id="billing-plan" order={2}>
            {billing.planName}
          </Title>
          <Alert
            color="yellow"
            variant="light"
            role="note"
            title={billing.testModeNote}
            // Mantine's yellow title text is too light on its tinted background (WCAG contrast).
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          />
          <List spacing="xs">
            {billing.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
          {kind === 'canceling' ? (
            // Canceled at period end: still subscribed until then, but no longer "on this plan".
            <Text>
              {billingCopy.canceledPlan(localDateTime(snapshot?.context.status?.accessUntil ?? null))}
            </Text>
          ) : subscribed ? (
            <Text>{billingCopy.alreadySubscribed}</Text>
          ) : (
            <Button
              component="a"
              href={paymentLink.url}
              size="md"
              fullWidth
              loading={link === 'waiting'}
              disabled={link === 'unavailable'}
              onClick={(event) => {
                if (link !== 'ready') event.preventDefault();
                else if (signedOut) {
                  // A visitor is asked to sign in first, so the trial is linked to an account.
                  event.preventDefault();
                  send({ type: 'trial.start' });
                }
              }}
            >
              {billing.cta}
            </Button>
          )}
        </Stack>
      </Card>
      <Text>
        {billing.hintBefore}
        <Anchor component={Link} to={paths.checkoutSuccess}>
          {billing.hintLink}
        </Anchor>
        {billing.hintAfter}
      </Text>
      <Modal
        opened={snapshot?.matches({ signedOut: 'askingToSignIn' }) ?? false}
        onClose={() => send({ type: 'prompt.close' })}
        title={billingCopy.signInTitle}
        closeButtonProps={{ 'aria-label': billingCopy.close }}
        // Mantine's modal header is a <header>: rendered in a portal at the top of <body>, it would be
        // a second banner landmark; inside <main> it is not.
        withinPortal={false}
        // Mantine's fixed layer sets no left edge (a portal at the top of <body> does not need one);
        // inside <main> it would start at the page's left margin and run off the right edge.
        styles={{ inner: { left: 0 } }}
        centered
      >
        <Stack gap="md">
          <Text>{billingCopy.signInText}</Text>
          <Button component={Link} to={paths.login}>
            {billingCopy.signIn}
          </Button>
          <Stack gap={4}>
            <Button component="a" href={config.paymentLink} variant="default">
              {billingCopy.continueSignedOut}
            </Button>
            <Text fz="sm" c="dimmed">
              {billingCopy.continueSignedOutNote}
            </Text>
          </Stack>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The signed-in student's own subscription: loading, its state, or an error with Try again. */
function SubscriptionStatus({
  snapshot,
  send,
}: {
  snapshot: BillingSnapshot;
  send: (event: BillingEvent) => void;
}) {
  const { status, error } = snapshot.context;
  if (snapshot.matches('loadingStatus')) {
    return (
      <Text role="status" aria-live="polite">
        {billingCopy.checking}
      </Text>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <Alert color="red" role="alert" title={billingCopy.loadFailed}>
        <Stack gap="sm" align="flex-start">
          <ErrorDetails message={error} />
          <Button onClick={() => send({ type: 'status.retry' })}>{billingCopy.tryAgain}</Button>
        </Stack>
      </Alert>
    );
  }
  if (!status || status.kind === 'none') return null;

  const until = localDateTime(status.accessUntil);
  const lines: Record<Exclude<typeof status.kind, 'none'>, string[]> = {
    trialing: [billingCopy.trialing(until), billingCopy.trialingThen],
    active: [billingCopy.active(localDateTime(status.renewsAt)), billingCopy.activePrice],
    canceling: [billingCopy.canceling(until), billingCopy.cancelingNext],
    past_due: [status.accessUntil ? billingCopy.pastDue(until) : billingCopy.pastDueNow],
    ended: [
      billingCopy.ended(localDateTime(status.endedAt)),
      ...(status.hadTrial ? [billingCopy.endedNoTrial, billingCopy.trialNotYours(config.supportEmail)] : []),
    ],
  };
  const action =
    status.kind === 'past_due'
      ? billingCopy.updateCard
      : status.kind === 'canceling'
        ? billingCopy.resume
        : billingCopy.manage;
  const busy = snapshot.matches('openingPortal') || snapshot.matches('leavingForPortal');

  return (
    <Card
      component="section"
      aria-labelledby="your-subscription"
      withBorder
      padding="lg"
      data-testid="subscription"
    >
      <Stack gap="sm">
        <Title id="your-subscription" order={2}>
          {billingCopy.yourSubscription}
        </Title>
        {lines[status.kind].map((line, index) => (
          <Text
            key={String(index)}
            fw={index === 0 ? 600 : undefined}
            data-testid={index === 0 ? 'subscription-state' : undefined}
          >
            {line}
          </Text>
        ))}
        {snapshot.matches('portalFailed') && (
          <Alert color="red" role="alert" title={billingCopy.portalFailed}>
            <Stack gap="sm" align="flex-start">
              <ErrorDetails message={error} />
              <Group>
                <Button onClick={() => send({ type: 'portal.retry' })}>{billingCopy.tryAgain}</Button>
                <Button variant="default" onClick={() => send({ type: 'portal.dismiss' })}>
                  {billingCopy.close}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {!snapshot.matches('portalFailed') && (
          <Stack gap={4} align="flex-start">
            <Button loading={busy} onClick={() => send({ type: 'portal.open' })}>
              {action}
            </Button>
            <Text fz="sm" c="dimmed">
              {billingCopy.portalNote}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
