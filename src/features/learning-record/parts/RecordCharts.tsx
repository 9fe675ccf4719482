import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Box, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { JudgmentStep } from '../../../../domain/judgment-steps';
import { accuracy } from '../../../../machines/learning-record/learning-record.machine';
import type { ResultsSummary } from '../../../../machines/shared/ports';
import { judgmentStepNames } from '../../../content/judgment-steps';
import { percentText, resultsCopy, setDate } from '../results-copy';
import { PastSetsTable } from './PastSetsTable';

// The charts are pictures of the tables beside them: hidden from screen readers, who read the tables.
// Recharts' keyboard layer is off so nothing focusable sits inside the hidden picture.
const decorative = { accessibilityLayer: false } as const;

/** Accuracy per client-need category: a bar chart and the same numbers as a table. */
export function CategoryChart({ summary }: { summary: ResultsSummary }) {
  const rows = summary.categories.map((c) => ({
    category: c.category,
    answered: c.answered,
    correct: c.correct,
    accuracy: accuracy(c.correct, c.answered),
  }));
  return (
    <Stack gap="sm" component="section" aria-labelledby="results-by-category">
      <Title order={2} fz="h3" id="results-by-category">
        {resultsCopy.byCategory}
      </Title>
      <div aria-hidden="true">
        {/* Bars run across, one row per category: eight long names side by side overlapped at
            every width, while on the left they wrap within the axis. */}
        <BarChart
          h={320}
          orientation="vertical"
          data={rows.map((r) => ({ category: r.category, Accuracy: r.accuracy ?? 0 }))}
          dataKey="category"
          series={[{ name: 'Accuracy', color: 'teal.8' }]}
          xAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
          yAxisProps={{ width: 140, interval: 0 }}
          valueFormatter={(value) => `${value}%`}
          // Room on the right for the last tick's "100%".
          barChartProps={{ ...decorative, margin: { top: 0, right: 24, bottom: 0, left: 0 } }}
          withTooltip={false}
        />
      </div>
      {/* On a phone four columns are wider than the screen, and a table scrolling sideways hid its
          Accuracy column: there the Answered column folds into Correct ("7 of 10") instead. */}
      <Table striped withTableBorder data-testid="category-table">
        <Table.Caption id="category-table-caption">
          Answers and accuracy in each of the eight client-need categories.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Category</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Answered
            </Table.Th>
            <Table.Th scope="col">Correct</Table.Th>
            <Table.Th scope="col">Accuracy</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.category} data-category={r.category}>
              <Table.Th scope="row" fw={500}>
                {r.category}
              </Table.Th>
              <Table.Td visibleFrom="sm">{r.answered}</Table.Td>
              <Table.Td>
                {r.correct}
                <Box component="span" hiddenFrom="sm">
                  {` of ${r.answered}`}
                </Box>
              </Table.Td>
              <Table.Td>{percentText(r.accuracy)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Accuracy per set, oldest first: a line chart and a one-sentence summary of the trend. */
export function OverTimeChart({ summary }: { summary: ResultsSummary }) {
  const points = summary.overTime.map((s, i) => ({
    set: `Set ${i + 1}`,
    Accuracy: accuracy(s.correct, s.total) ?? 0,
  }));
  const first = points[0]?.Accuracy;
  const last = points.at(-1)?.Accuracy;
  return (
    <Stack gap="sm" component="section" aria-labelledby="results-over-time">
      <Title order={2} fz="h3" id="results-over-time">
        {resultsCopy.overTime}
      </Title>
      <div aria-hidden="true">
        <LineChart
          h={220}
          data={points}
          dataKey="set"
          series={[{ name: 'Accuracy', color: 'teal.8' }]}
          yAxisProps={{ domain: [0, 100] }}
          unit="%"
          lineChartProps={decorative}
          withTooltip={false}
          curveType="linear"
        />
      </div>
      <Text data-testid="over-time-summary">
        {points.length === 1
          ? `Your one recorded set scored ${first}%.`
          : `Over your last ${points.length} sets, accuracy went from ${first}% in the first to ${last}% in the latest.`}{' '}
        Every set is listed below.
      </Text>
    </Stack>
  );
}

/** The recent sets, newest first, each opening its review. */
export function PastSets({ summary, onOpen }: { summary: ResultsSummary; onOpen(setId: string): void }) {
  return (
    <PastSetsTable
      heading={resultsCopy.pastSets}
      headingId="results-past-sets"
      testId="past-sets"
      rowIdAttribute="data-set-id"
      columns={['Score', 'Accuracy']}
      rows={summary.recentSets.map((s) => ({
        setId: s.setId,
        submittedAt: s.submittedAt,
        cells: [
          `${s.correct} / ${s.total}`,
          s.counted === false ? resultsCopy.notCounted : percentText(accuracy(s.correct, s.total)),
        ],
        review: (
          <Anchor component="button" type="button" onClick={() => onOpen(s.setId)}>
            Review<VisuallyHidden> the set of {setDate(s.submittedAt)}</VisuallyHidden>
          </Anchor>
        ),
      }))}
    />
  );
}

/** Clinical judgment (NGN) points by step of the clinical judgment model and by client-need category. */
export function JudgmentBreakdown({ summary }: { summary: ResultsSummary }) {
  const { judgment } = summary;
  if (judgment.sets === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="results-judgment">
      <Title order={2} fz="h3" id="results-judgment">
        Clinical judgment
      </Title>
      <Text data-testid="judgment-summary">
        {judgment.sets} {judgment.sets === 1 ? 'set' : 'sets'} of Next Generation items: {judgment.points} of{' '}
        {judgment.maxPoints} points ({percentText(accuracy(judgment.points, judgment.maxPoints))}).
      </Text>
      <PointsTable
        testId="judgment-steps"
        caption="Points earned in each step of the clinical judgment model."
        labelHeading="Step"
        rowAttribute="data-step"
        rows={judgment.byStep.map((s) => ({
          id: s.step,
          label: judgmentStepNames[s.step as JudgmentStep] ?? s.step,
          points: s.points,
          maxPoints: s.maxPoints,
        }))}
      />
      <PointsTable
        testId="judgment-categories"
        caption="Points earned in each client-need category."
        labelHeading="Category"
        rowAttribute="data-judgment-category"
        rows={judgment.byCategory.map((c) => ({
          id: c.category,
          label: c.category,
          points: c.points,
          maxPoints: c.maxPoints,
        }))}
      />
    </Stack>
  );
}

/** Points of a group (a step, a category) against its maximum, with the share, one row per group. */
function PointsTable({
  testId,
  caption,
  labelHeading,
  rowAttribute,
  rows,
}: {
  testId: string;
  caption: string;
  labelHeading: string;
  /** The data attribute naming each row's group (the browser tests find rows by it). */
  rowAttribute: `data-${string}`;
  rows: { id: string; label: string; points: number; maxPoints: number }[];
}) {
  return (
    <Table striped withTableBorder data-testid={testId}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{labelHeading}</Table.Th>
          <Table.Th scope="col">Points</Table.Th>
          <Table.Th scope="col">Share</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} {...{ [rowAttribute]: row.id }}>
            <Table.Th scope="row" fw={500}>
              {row.label}
            </Table.Th>
            <Table.Td>
              {row.points} / {row.maxPoints}
            </Table.Td>
            <Table.Td>{percentText(accuracy(row.points, row.maxPoints))}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
