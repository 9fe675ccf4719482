import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function PayPage() {
  usePageTitle('Redirecting to checkout');
  return <Title order={1}>Redirecting to checkout</Title>;
}
