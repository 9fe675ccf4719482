import { Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** Placeholder until this page is built. */
export function LandingPage() {
  usePageTitle('Pass Your NCLEX-PN Exam with Confidence');
  return <Title order={1}>Pass Your NCLEX-PN Exam with Confidence</Title>;
}
