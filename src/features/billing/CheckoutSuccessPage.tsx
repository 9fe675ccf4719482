import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link, useNavigate } from 'react-router-dom';
import {
  checkoutReturnMachine,
  createCheckoutReturnImplementations,
} from '../../../machines/checkout-return/checkout-return.machine';
import type { SessionInfo } from '../../../machines/shared/ports';
import { useAuthSnapshot } from '../../app/auth-actor';
import { config } from '../../app/config';
import { inspect } from '../../app/inspector';
import { paths } from '../../app/paths';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { checkoutSuccess } from '../../content/billing';
import { practiceService } from '../../services/practice.service';

/** This page's own status lines (the spec quotes only the redirect line). */
export const checkoutStatus = {
  redirecting: 'Redirecting to dashboard in 3 seconds...',
  verifying: 'Checking whether your purchase is verified…',
  live: 'Your purchase is verified: practice is unlocked.',
  unverified: 'Your purchase is still being verified.',
} as const;

const implementations = createCheckoutReturnImplementations(practiceService);

type CheckoutReturnSnapshot = ReturnType<typeof useMachine<typeof checkoutReturnMachine>>[0];

/** The page as a function of the machine's snapshot. */
function CheckoutReturnView({ snapshot }: { snapshot: CheckoutReturnSnapshot }) {
  const signedIn = snapshot.matches('signedIn');
  const live = snapshot.matches({ signedIn: 'live' });
  return (
    <Stack gap="md" align="center" ta="center" py="xl">
      <Title order={1}>{checkoutSuccess.title}</Title>
      <Text fz="lg">{checkoutSuccess.text}</Text>
      <Stack gap="xs" align="center" role="status" aria-live="polite">
        {snapshot.hasTag('busy') && <Text>{checkoutStatus.verifying}</Text>}
        {live && <Text fw={600}>{checkoutStatus.live}</Text>}
        {snapshot.matches({ signedIn: 'unverified' }) && <Text fw={600}>{checkoutStatus.unverified}</Text>}
        {!live && <Text maw={600}>{checkoutSuccess.lockedNote}</Text>}
        {signedIn && <Text>{checkoutStatus.redirecting}</Text>}
      </Stack>
      <Group justify="center">
        <Button component={Link} to={paths.dashboard}>
          {checkoutSuccess.dashboard}
        </Button>
        <Button component={Link} to={paths.login} variant="outline">
          {checkoutSuccess.signIn}
        </Button>
      </Group>
      <Text maw={600}>
        {checkoutSuccess.supportBefore}
        <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>
        {checkoutSuccess.supportAfter}
      </Text>
    </Stack>
  );
}

/** Runs the checkout-return flow for the session the page opened with. */
function CheckoutReturn({ session }: { session: SessionInfo | null }) {
  const navigate = useNavigate();
  const [snapshot] = useMachine(
    checkoutReturnMachine.provide({
      ...implementations,
      actions: { navigateTo: (_, { path }) => navigate(path, { replace: true }) },
    }),
    { input: { session }, inspect },
  );
  return <CheckoutReturnView snapshot={snapshot} />;
}

/**
 * '/checkout/success': thanks the student; signed in, says whether access is live yet and goes to
 * the dashboard after 3 seconds. Nothing here grants access (only the signed webhook does).
 */
export function CheckoutSuccessPage() {
  usePageTitle(checkoutSuccess.title);
  const known = useAuthSnapshot((s) => s.hasTag('signedIn') || s.hasTag('signedOut'));
  const session = useAuthSnapshot((s) => s.context.session);
  if (!known) {
    return <PageLoader label="Loading" />;
  }
  // A sign-in or sign-out while the page is open starts the flow again for the new session.
  return <CheckoutReturn key={session?.userId ?? 'signed-out'} session={session} />;
}
