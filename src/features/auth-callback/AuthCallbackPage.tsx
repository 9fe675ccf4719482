import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function AuthCallbackPage() {
  usePageTitle('Signing you in');
  return <Title order={1}>Signing you in</Title>;
}
