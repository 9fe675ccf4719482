import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return <Title order={1}>Page Not Found</Title>;
}
