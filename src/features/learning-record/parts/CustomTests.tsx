import { Anchor, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { accuracy } from '../../../../machines/learning-record/learning-record.machine';
import type { ResultsSummary } from '../../../../machines/shared/ports';
import { paths } from '../../../config/paths';
import { percentText, setDate } from '../results-copy';

/**
 * The student's recent custom tests (decision 220), newest first: points of the points possible
 * (classic questions count one point, NGN items their own); each reopens on the test page, a
 * submitted test for its review, one in progress to carry on.
 */
export function CustomTests({ summary }: { summary: ResultsSummary }) {
  const tests = summary.customTests;
  if (tests.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="results-custom-tests">
      <Title order={2} fz="h3" id="results-custom-tests">
        Custom tests
      </Title>
      <Table withTableBorder data-testid="custom-tests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Test</Table.Th>
            <Table.Th scope="col">Points</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Open</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tests.map((t) => {
            const date = setDate(t.submittedAt ?? t.startedAt);
            return (
              <Table.Tr key={t.testId} data-custom-test-id={t.testId}>
                <Table.Td>{date}</Table.Td>
                <Table.Td>
                  {t.items} items, {t.mode === 'timed' ? 'timed' : 'tutor'}
                </Table.Td>
                <Table.Td>
                  {t.status === 'submitted'
                    ? `${t.points} / ${t.maxPoints} (${percentText(accuracy(t.points, t.maxPoints))})`
                    : `In progress: ${t.answered} of ${t.items} answered`}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`${paths.customTestSession}?test=${encodeURIComponent(t.testId)}`}
                  >
                    {t.status === 'submitted' ? 'Review' : 'Continue'}
                    <VisuallyHidden> the custom test of {date}</VisuallyHidden>
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
