import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function CheckoutCancelPage() {
  usePageTitle('Payment canceled — no charge made.');
  return <Title order={1}>Payment canceled — no charge made.</Title>;
}
