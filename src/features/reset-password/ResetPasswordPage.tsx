import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function ResetPasswordPage() {
  usePageTitle('Set a new password');
  return <Title order={1}>Set a new password</Title>;
}
