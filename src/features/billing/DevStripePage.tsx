import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function DevStripePage() {
  usePageTitle('Stripe test link');
  return <Title order={1}>Stripe test link</Title>;
}
