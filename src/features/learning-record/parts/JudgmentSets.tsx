import { Anchor, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { accuracy } from '../../../../machines/learning-record/learning-record.machine';
import type { ResultsSummary } from '../../../../machines/shared/ports';
import { paths } from '../../../config/paths';
import { percentText, resultsCopy, setDate } from '../results-copy';
import { PastSetsTable } from './PastSetsTable';

/**
 * Every recorded clinical-judgment set, newest first, apart from the practice sets (their points are
 * NGN points, not questions right); each reopens on /clinical-judgment with the student's responses.
 */
export function JudgmentSets({ summary }: { summary: ResultsSummary }) {
  const sets = summary.judgment.recentSets;
  if (sets.length === 0) return null;
  return (
    <PastSetsTable
      heading={resultsCopy.judgmentSets}
      headingId="results-judgment-sets"
      testId="judgment-sets"
      rowIdAttribute="data-judgment-set-id"
      columns={['Set', 'Points']}
      rows={sets.map((s) => ({
        setId: s.setId,
        submittedAt: s.submittedAt,
        cells: [
          s.caseTitle ? `Case study: ${s.caseTitle}` : `${s.items} NGN items`,
          `${s.points} / ${s.maxPoints} (${percentText(accuracy(s.points, s.maxPoints))})`,
        ],
        review: (
          <Anchor component={Link} to={`${paths.clinicalJudgment}?review=${encodeURIComponent(s.setId)}`}>
            Review
            <VisuallyHidden> the clinical judgment set of {setDate(s.submittedAt)}</VisuallyHidden>
          </Anchor>
        ),
      }))}
    />
  );
}
