import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function BillingPage() {
  usePageTitle('Billing');
  return <Title order={1}>Billing</Title>;
}
