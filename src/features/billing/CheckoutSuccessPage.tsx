import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { config } from '../../app/config';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../components/usePageTitle';
import { checkoutSuccess } from '../../content/billing';

/**
 * '/checkout/success', first static version: thanks, why practice may still be locked, and the
 * support address. The timed redirect for signed-in students comes with this page's flow.
 */
export function CheckoutSuccessPage() {
  usePageTitle(checkoutSuccess.title);
  return (
    <Stack gap="md" align="center" ta="center" py="xl">
      <Title order={1}>{checkoutSuccess.title}</Title>
      <Text fz="lg">{checkoutSuccess.text}</Text>
      <Text maw={600}>{checkoutSuccess.lockedNote}</Text>
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
