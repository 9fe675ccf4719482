import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { MockReportEvent, mockReportMachine } from '../../../machines/mock-report/mock-report.machine';
import type {
  MockExamReport,
  MockReviewItem,
  PerformanceRow,
} from '../../../machines/mock-report/mock-report.ports';
import { BusyNote } from '../../components/BusyNote';
import { ErrorDetails } from '../../components/ErrorDetails';
import { gateScreenOf } from '../../components/flow-parts/AccessGateScreen';
import { focusOnMount } from '../../components/focus-on-mount';
import { setDate } from '../../components/record-format';
import { JudgmentItemReview } from '../../components/review/JudgmentItemReview';
import { ReviewedQuestionCard } from '../../components/review/ReviewedQuestionCard';
import { paths } from '../../config/paths';
import { judgmentStepNames } from '../../content/judgment-steps';
import { BandPicture } from './BandPicture';
import { reportCopy } from './report-copy';

export type MockReportSnapshot = SnapshotFrom<typeof mockReportMachine>;

/** /exams/mock/report from the mock-report snapshot. */
export function MockReportView({
  snapshot,
  send,
}: {
  snapshot: MockReportSnapshot;
  send(event: MockReportEvent): void;
}) {
  const { report, error } = snapshot.context;
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Title order={1}>{reportCopy.title}</Title>
      {gateScreenOf(snapshot)}
      {snapshot.matches('loading') && <BusyNote label={reportCopy.loading} />}
      {snapshot.matches('failed') && (
        <Alert color="red" role="alert" title={reportCopy.failedTitle}>
          <Stack gap="sm" align="flex-start">
            <ErrorDetails message={error} />
            <Button onClick={() => send({ type: 'report.retry' })}>Try again</Button>
          </Stack>
        </Alert>
      )}
      {snapshot.matches('unavailable') && (
        <Alert color="brand" role="alert" title={reportCopy.unavailableTitle}>
          <Stack gap="sm" align="flex-start">
            {error && <Text>{error}</Text>}
            <Group>
              {snapshot.context.refusal === 'exam_not_finished' ? (
                <Button component={Link} to={paths.mockExam}>
                  {reportCopy.backToExam}
                </Button>
              ) : (
                <Button component={Link} to={paths.exams}>
                  {reportCopy.toExams}
                </Button>
              )}
              <Button component={Link} to={paths.results} variant="default">
                {reportCopy.toResults}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {snapshot.matches('ready') && report && <Report report={report} />}
    </Stack>
  );
}

function Report({ report }: { report: MockExamReport }) {
  return (
    <>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="report-result">
        <Stack gap="sm">
          <Group gap="sm" justify="space-between">
            <Title order={2} fz="h3" id="report-result" tabIndex={-1} ref={focusOnMount}>
              {report.passed ? reportCopy.passed : reportCopy.failed}
            </Title>
            {report.provisional && (
              <Badge color="indigo.9" variant="filled" tt="none" data-testid="provisional">
                {reportCopy.provisional}
              </Badge>
            )}
          </Group>
          <Text data-testid="stop-rule">
            {reportCopy.rule(report.rule, report.passed, report.itemsAnswered)}
          </Text>
          <Text c="dimmed" fz="sm">
            {setDate(report.finishedAt)} · {reportCopy.items(report.itemsAnswered, report.scoredItems)}
          </Text>
          <Text data-testid="time-used">
            {reportCopy.timeUsed(report.timeUsedSeconds, report.timeLimitSeconds)}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="report-estimate">
        <Stack gap="sm">
          <Title order={2} fz="h3" id="report-estimate">
            {reportCopy.estimateHeading}
          </Title>
          <BandPicture estimate={report.estimate} band={report.band} cut={report.passingStandard} />
          <Text fw={600} data-testid="pass-probability">
            {reportCopy.probability(report.passProbability)}
          </Text>
          <Text fz="sm">{reportCopy.method(report.passProbabilityMethod)}</Text>
          {report.provisional && <Text fz="sm">{reportCopy.provisionalText}</Text>}
          <Anchor component={Link} to={paths.readinessMethod}>
            {reportCopy.methodLink}
          </Anchor>
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="report-performance">
        <Stack gap="md">
          <Title order={2} fz="h3" id="report-performance">
            {reportCopy.performanceHeading}
          </Title>
          <Text fz="sm">{reportCopy.performanceIntro}</Text>
          <PerformanceTable
            caption={reportCopy.byClientNeed}
            rows={report.performance.clientNeeds}
            testId="performance-client-needs"
          />
          <PerformanceTable
            caption={reportCopy.byStep}
            rows={report.performance.judgmentSteps.map((row) => ({
              ...row,
              group: judgmentStepNames[row.group as keyof typeof judgmentStepNames] ?? row.group,
            }))}
            testId="performance-steps"
          />
        </Stack>
      </Paper>
      <Stack gap="md" component="section" aria-labelledby="report-review">
        <Title order={2} fz="h3" id="report-review">
          {reportCopy.reviewHeading}
        </Title>
        <Text>{reportCopy.reviewIntro}</Text>
        {report.review.map((item) => (
          <ReviewItem key={item.ordinal} item={item} />
        ))}
      </Stack>
    </>
  );
}

function PerformanceTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: PerformanceRow[];
  testId: string;
}) {
  if (rows.length === 0) return null;
  return (
    <Table captionSide="top" data-testid={testId} verticalSpacing="xs">
      <Table.Caption style={{ textAlign: 'start', fontWeight: 600 }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{reportCopy.area}</Table.Th>
          <Table.Th scope="col">{reportCopy.scoredItems}</Table.Th>
          <Table.Th scope="col">{reportCopy.performance}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.group} data-level={row.level}>
            <Table.Th scope="row" fw={500}>
              {row.group}
            </Table.Th>
            <Table.Td>{row.items}</Table.Td>
            <Table.Td>{reportCopy.level[row.level]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ReviewItem({ item }: { item: MockReviewItem }) {
  const heading = reportCopy.itemHeading(item.ordinal);
  switch (item.bank) {
    case 'classic':
      return (
        <ReviewedQuestionCard
          question={item.question}
          heading={heading}
          unavailableNote={reportCopy.retired}
        />
      );
    case 'ngn':
      return (
        <JudgmentItemReview
          item={item.item}
          response={item.picks}
          heading={`${heading}: ${judgmentStepNames[item.item.step]}${item.caseStudy ? ` (${item.caseStudy.title})` : ''}`}
        />
      );
    case 'retired':
      return (
        <Paper withBorder p="lg" component="article">
          <Title order={3} fz="h4">
            {heading}
          </Title>
          <Text c="dimmed">{reportCopy.retired}</Text>
          <Text>{reportCopy.pointsOf(item.points, item.maxPoints)}</Text>
        </Paper>
      );
  }
}
