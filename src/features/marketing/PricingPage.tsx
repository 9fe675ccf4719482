import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function PricingPage() {
  usePageTitle('Pricing');
  return <Title order={1}>Pricing</Title>;
}
