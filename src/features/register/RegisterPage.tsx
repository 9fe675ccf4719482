import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function RegisterPage() {
  usePageTitle('Create Account');
  return <Title order={1}>Create Account</Title>;
}
