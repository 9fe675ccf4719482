import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return <Title order={1}>Privacy Policy</Title>;
}
