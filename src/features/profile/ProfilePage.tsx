import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function ProfilePage() {
  usePageTitle('Profile');
  return <Title order={1}>Profile</Title>;
}
