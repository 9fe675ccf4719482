import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function PracticePage() {
  usePageTitle('Practice');
  return <Title order={1}>Practice</Title>;
}
