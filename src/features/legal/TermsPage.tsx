import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function TermsPage() {
  usePageTitle('Terms of Service');
  return <Title order={1}>Terms of Service</Title>;
}
