import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { QUESTIONS_PER_SET } from '../../../domain/business-rules';
import {
  accuracy,
  createLearningRecordImplementations,
  learningRecordMachine,
  overallAccuracy,
} from '../../../machines/learning-record/learning-record.machine';
import { EmptyIllustration } from '../../components/illustrations';
import { percentText } from '../../components/record-format';
import { paths } from '../../config/paths';
import { inspect } from '../../runtime/inspector';
import { learningRecordService } from '../../services/learning-record.service';

const implementations = createLearningRecordImplementations(learningRecordService);

/** The spaced review's one-click start (decision 220): how many items are due today. */
const dueReviewLabel = (due: number) => `Review ${due} ${due === 1 ? 'item' : 'items'} due today`;

/**
 * Below the greeting: what the record says so far and the two sets built from it. Sets waiting on
 * this device are sent first (the same learning-record flow as /results).
 */
export function DashboardSummary({ userId }: { userId: string }) {
  const [snapshot, send] = useMachine(learningRecordMachine.provide(implementations), {
    input: { userId, openSetId: null },
    inspect,
  });
  const { summary } = snapshot.context;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="dashboard-summary">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="dashboard-summary">
          Your progress
        </Title>
        {snapshot.hasTag('busy') && (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>Loading your progress…</Text>
          </Group>
        )}
        {snapshot.matches('failed') && (
          <Group gap="sm" role="alert">
            <Text>Your progress could not be loaded right now.</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => send({ type: 'summary.retry' })}>
              Try again
            </Button>
          </Group>
        )}
        {snapshot.matches('empty') && (
          <Group gap="lg" wrap="nowrap" align="center" data-testid="dashboard-empty">
            <EmptyIllustration />
            <Stack gap="sm" align="flex-start">
              <Text>
                No practice sets yet. A set is {QUESTIONS_PER_SET} questions, each with a rationale; finish
                one and your accuracy by client-need category and your weakest area appear here.
              </Text>
              <Button component={Link} to={paths.practice}>
                Start my first set
              </Button>
            </Stack>
          </Group>
        )}
        {snapshot.matches('ready') && summary && (
          <>
            <Text data-testid="dashboard-summary-line">
              Questions answered: {summary.totals.answered} · Accuracy:{' '}
              {percentText(overallAccuracy(snapshot))} · Weakest category:{' '}
              {summary.weakest[0]
                ? `${summary.weakest[0].category} (${percentText(accuracy(summary.weakest[0].correct, summary.weakest[0].answered))})`
                : 'not enough answers yet'}
            </Text>
            <Group>
              <Button component={Link} to={`${paths.practice}?focus=weakest`}>
                Practise my weakest category
              </Button>
              {summary.missedCount > 0 && (
                <Button component={Link} to={`${paths.practice}?focus=missed`} variant="light">
                  Review questions I missed
                </Button>
              )}
            </Group>
            <Group>
              {summary.dueToday > 0 && (
                <Button
                  component={Link}
                  to={`${paths.customTest}?pool=due&start=1`}
                  variant="light"
                  data-testid="dashboard-due-review"
                >
                  {dueReviewLabel(summary.dueToday)}
                </Button>
              )}
              <Button component={Link} to={paths.customTest} variant="default">
                Create a test
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
