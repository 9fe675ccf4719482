import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';

/** /results: placeholder for results analytics (spec section 2). */
export function ResultsPage() {
  usePageTitle('Results');
  return (
    <Stack>
      <Title order={1}>Results</Title>
      <Text>
        Results analytics are coming soon: your scores by client-need category and your progress over time
        will appear here.
      </Text>
    </Stack>
  );
}
