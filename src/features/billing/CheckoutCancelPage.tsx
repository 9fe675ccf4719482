import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { checkoutCancel } from '../../content/billing';

/** '/checkout/cancel': the student backed out of the payment page. */
export function CheckoutCancelPage() {
  usePageTitle(checkoutCancel.title);
  return (
    <Stack gap="md" align="center" ta="center" py="xl">
      <Title order={1}>{checkoutCancel.title}</Title>
      <Text fz="lg">{checkoutCancel.text}</Text>
      <Group justify="center">
        <Button component={Link} to={paths.billing}>
          {checkoutCancel.tryAgain}
        </Button>
        <Button component={Link} to={paths.home} variant="outline">
          {checkoutCancel.home}
        </Button>
      </Group>
    </Stack>
  );
}
