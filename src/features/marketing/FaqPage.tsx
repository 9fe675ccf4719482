import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function FaqPage() {
  usePageTitle('Frequently Asked Questions');
  return <Title order={1}>Frequently Asked Questions</Title>;
}
