import { Anchor, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { accuracy } from '../../../../machines/learning-record/learning-record.machine';
import type { ResultsSummary } from '../../../../machines/shared/ports';
import { paths } from '../../../config/paths';
import { percentText, resultsCopy, setDate } from '../results-copy';

/**
 * Every recorded clinical-judgment set, newest first, apart from the practice sets (their points are
 * NGN points, not questions right); each reopens on /clinical-judgment with the student's responses.
 */
export function JudgmentSets({ summary }: { summary: ResultsSummary }) {
  const sets = summary.judgment.recentSets;
  if (sets.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="results-judgment-sets">
      <Title order={2} fz="h3" id="results-judgment-sets">
        {resultsCopy.judgmentSets}
      </Title>
      <Table withTableBorder data-testid="judgment-sets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Set</Table.Th>
            <Table.Th scope="col">Points</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Review</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sets.map((s) => (
            <Table.Tr key={s.setId} data-judgment-set-id={s.setId}>
              <Table.Td>{setDate(s.submittedAt)}</Table.Td>
              <Table.Td>{s.caseTitle ? `Case study: ${s.caseTitle}` : `${s.items} NGN items`}</Table.Td>
              <Table.Td>
                {s.points} / {s.maxPoints} ({percentText(accuracy(s.points, s.maxPoints))})
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`${paths.clinicalJudgment}?review=${encodeURIComponent(s.setId)}`}
                >
                  Review
                  <VisuallyHidden> the clinical judgment set of {setDate(s.submittedAt)}</VisuallyHidden>
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
