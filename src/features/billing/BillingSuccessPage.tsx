import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function BillingSuccessPage() {
  usePageTitle('Your trial has started');
  return <Title order={1}>Your trial has started</Title>;
}
