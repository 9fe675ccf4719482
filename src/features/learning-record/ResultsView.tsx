import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import {
  accuracy,
  type LearningRecordEvent,
  type learningRecordMachine,
  overallAccuracy,
} from '../../../machines/learning-record/learning-record.machine';
import type { ResultsSummary } from '../../../machines/shared/ports';
import { BusyNote } from '../../components/BusyNote';
import { ErrorDetails } from '../../components/ErrorDetails';
import { studentErrorText } from '../../components/error-text';
import { EmptyIllustration } from '../../components/illustrations';
import { paths } from '../../config/paths';
import { CustomTests } from './parts/CustomTests';
import { JudgmentSets } from './parts/JudgmentSets';
import { CategoryChart, JudgmentBreakdown, OverTimeChart, PastSets } from './parts/RecordCharts';
import { SetReview } from './parts/SetReview';
import { percentText, resultsCopy } from './results-copy';

export type LearningRecordSnapshot = SnapshotFrom<typeof learningRecordMachine>;

interface ResultsViewProps {
  snapshot: LearningRecordSnapshot;
  send(event: LearningRecordEvent): void;
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The headline numbers of the record: sets, questions, accuracy and misses. */
export function RecordStats({ summary, overall }: { summary: ResultsSummary; overall: number | null }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Stat label="Sets completed" value={String(summary.totals.sets)} testId="stat-sets" />
      <Stat label="Questions answered" value={String(summary.totals.answered)} testId="stat-answered" />
      <Stat label="Accuracy" value={percentText(overall)} testId="stat-accuracy" />
      <Stat label="Questions to review" value={String(summary.missedCount)} testId="stat-missed" />
    </SimpleGrid>
  );
}

/** The weakest categories named, with the two record-based sets. */
export function NextSteps({ summary }: { summary: ResultsSummary }) {
  const weakest = summary.weakest
    .map((c) => `${c.category} (${percentText(accuracy(c.correct, c.answered))})`)
    .join(' and ');
  return (
    <Stack gap="sm">
      <Text data-testid="weakest-categories">
        {weakest
          ? `Weakest ${summary.weakest.length === 1 ? 'category' : 'categories'}: ${weakest}.`
          : 'Answer at least 5 questions in a category to see where you are weakest.'}
      </Text>
      <Group>
        {summary.totals.answered > 0 && (
          <Button component={Link} to={`${paths.practice}?focus=weakest`}>
            {resultsCopy.practiseWeakest}
          </Button>
        )}
        {summary.missedCount > 0 && (
          <Button component={Link} to={`${paths.practice}?focus=missed`} variant="light">
            {resultsCopy.reviewMissed}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** /results from the learning-record snapshot. */
export function ResultsView({ snapshot, send }: ResultsViewProps) {
  const { summary, waitingSets, openSet, error } = snapshot.context;
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Title order={1}>Results</Title>
      {waitingSets > 0 && (
        <Alert color="brand" role="status">
          {resultsCopy.waiting(waitingSets)}
        </Alert>
      )}
      <ResultsBody snapshot={snapshot} send={send} />
      {snapshot.matches({ ready: 'reviewingSet' }) && openSet && (
        <SetReview set={openSet} onClose={() => send({ type: 'set.close' })} />
      )}
      {snapshot.matches({ ready: 'setFailed' }) && (
        <Alert color="red" role="alert" title={resultsCopy.setFailedTitle}>
          <Stack gap="sm" align="flex-start">
            {error && <Text>{studentErrorText(error)}</Text>}
            <Group>
              <Button onClick={() => send({ type: 'set.retry' })}>Try again</Button>
              <Button variant="default" onClick={() => send({ type: 'set.close' })}>
                {resultsCopy.backToResults}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {snapshot.matches({ ready: 'loadingSet' }) && <BusyNote label="Loading the set…" />}
      {snapshot.matches({ ready: 'browsing' }) && summary && (
        <>
          {summary.totals.sets > 0 && <CategoryChart summary={summary} />}
          {summary.totals.sets > 0 && <OverTimeChart summary={summary} />}
          <JudgmentBreakdown summary={summary} />
          {summary.totals.sets > 0 && (
            <PastSets summary={summary} onOpen={(setId) => send({ type: 'set.open', setId })} />
          )}
          <JudgmentSets summary={summary} />
          <CustomTests summary={summary} />
        </>
      )}
    </Stack>
  );
}

function ResultsBody({ snapshot, send }: ResultsViewProps) {
  const { summary, error } = snapshot.context;
  if (snapshot.matches('deliveringOutbox') || snapshot.matches('loadingSummary')) {
    return <BusyNote label={resultsCopy.loading} />;
  }
  if (snapshot.matches('failed')) {
    return (
      <Alert color="red" role="alert" title={resultsCopy.failedTitle}>
        <Stack gap="sm" align="flex-start">
          <Text>{resultsCopy.failedBody}</Text>
          <ErrorDetails message={error} />
          <Button onClick={() => send({ type: 'summary.retry' })}>Try again</Button>
        </Stack>
      </Alert>
    );
  }
  if (snapshot.matches('empty')) {
    return (
      <Paper withBorder p="xl">
        <Group gap="xl" align="center">
          <EmptyIllustration />
          <Stack align="flex-start" style={{ flex: '1 1 18rem' }}>
            <Title order={2} fz="h3">
              {resultsCopy.emptyTitle}
            </Title>
            <Text>{resultsCopy.emptyBody}</Text>
            <Group>
              <Button component={Link} to={paths.practice}>
                {resultsCopy.startPractising}
              </Button>
              <Button component={Link} to={paths.clinicalJudgment} variant="light">
                {resultsCopy.tryClinicalJudgment}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    );
  }
  if (!summary || !snapshot.matches({ ready: 'browsing' })) return null;
  return (
    <>
      <RecordStats summary={summary} overall={overallAccuracy(snapshot)} />
      <NextSteps summary={summary} />
    </>
  );
}
