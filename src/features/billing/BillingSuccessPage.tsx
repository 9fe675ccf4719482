import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { billingSuccess } from '../../content/billing';

/** '/billing/success': thanks for starting the trial. */
export function BillingSuccessPage() {
  usePageTitle(billingSuccess.title);
  return (
    <Stack gap="md" align="center" ta="center" py="xl">
      <Title order={1}>{billingSuccess.title}</Title>
      <Text fz="lg" maw={600}>
        {billingSuccess.text}
      </Text>
      <Group justify="center">
        <Button component={Link} to={paths.practice}>
          {billingSuccess.practice}
        </Button>
        <Button component={Link} to={paths.home} variant="outline">
          {billingSuccess.home}
        </Button>
      </Group>
    </Stack>
  );
}
