import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function ResultsPage() {
  usePageTitle('Results');
  return <Title order={1}>Results</Title>;
}
