import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function LoginPage() {
  usePageTitle('Login');
  return <Title order={1}>Login</Title>;
}
