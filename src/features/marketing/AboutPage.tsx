import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function AboutPage() {
  usePageTitle('About');
  return <Title order={1}>About</Title>;
}
