import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return <Title order={1}>Dashboard</Title>;
}
