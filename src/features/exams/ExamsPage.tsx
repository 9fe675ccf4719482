import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function ExamsPage() {
  usePageTitle('Mock Exams');
  return <Title order={1}>Mock Exams</Title>;
}
