import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function CheckoutSuccessPage() {
  usePageTitle('Thank you!');
  return <Title order={1}>Thank you!</Title>;
}
