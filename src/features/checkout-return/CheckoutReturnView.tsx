import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { checkoutReturnMachine } from '../../../machines/checkout-return/checkout-return.machine';
import { config } from '../../config/config';
import { paths } from '../../config/paths';
import { checkoutSuccess } from '../../content/billing';

/** This page's own status lines (the spec quotes only the redirect line). */
export const checkoutStatus = {
  redirecting: 'Redirecting to dashboard in 3 seconds...',
  verifying: 'Checking whether your purchase is verified…',
  live: 'Your purchase is verified: practice is unlocked.',
  unverified: 'Your purchase is still being verified.',
} as const;

export type CheckoutReturnSnapshot = SnapshotFrom<typeof checkoutReturnMachine>;

/** The page as a function of the machine's snapshot. */
export function CheckoutReturnView({ snapshot }: { snapshot: CheckoutReturnSnapshot }) {
  // Signed in until the page leaves; a signed-out visitor's gate ends the flow at once.
  const signedIn = snapshot.context.session !== null && snapshot.status === 'active';
  const live = snapshot.matches('live');
  return (
    <Stack gap="md" align="center" ta="center" py="xl">
      <Title order={1}>{checkoutSuccess.title}</Title>
      <Text fz="lg">{checkoutSuccess.text}</Text>
      <Stack gap="xs" align="center" role="status" aria-live="polite">
        {signedIn && snapshot.hasTag('busy') && <Text>{checkoutStatus.verifying}</Text>}
        {live && <Text fw={600}>{checkoutStatus.live}</Text>}
        {snapshot.matches('unverified') && <Text fw={600}>{checkoutStatus.unverified}</Text>}
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
