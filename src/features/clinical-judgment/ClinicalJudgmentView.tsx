import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import {
  type ClinicalJudgmentEvent,
  type clinicalJudgmentMachine,
  currentItem,
  currentResponse,
  isLastItem,
} from '../../../machines/clinical-judgment/clinical-judgment.machine';
import { BusyNote } from '../../components/BusyNote';
import { ErrorDetails } from '../../components/ErrorDetails';
import { gateScreenOf } from '../../components/flow-parts/AccessGateScreen';
import { RecordDeliveryNote } from '../../components/flow-parts/RecordDeliveryNote';
import { Exhibit } from '../../components/items/Exhibit';
import { ItemView } from '../../components/items/ItemView';
import { setDate } from '../../components/record-format';
import { paths } from '../../config/paths';
import { judgmentCopy } from './judgment-copy';
import { JudgmentResults } from './parts/JudgmentResults';

export type ClinicalJudgmentSnapshot = SnapshotFrom<typeof clinicalJudgmentMachine>;

interface ViewProps {
  snapshot: ClinicalJudgmentSnapshot;
  send(event: ClinicalJudgmentEvent): void;
}

/** /clinical-judgment from the session's snapshot. */
export function ClinicalJudgmentView({ snapshot, send }: ViewProps) {
  const { kind, review } = snapshot.context;
  const set = snapshot.context.set ?? review;
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap="xs">
        <Title order={1}>{judgmentCopy.title}</Title>
        <Text>{judgmentCopy.intro}</Text>
        <Group gap="sm" role="navigation" aria-label="Kind of set">
          <Anchor
            component={Link}
            to={paths.clinicalJudgment}
            aria-current={kind === 'standalone' ? 'page' : undefined}
            fw={kind === 'standalone' ? 700 : 400}
          >
            {judgmentCopy.standalone}
          </Anchor>
          <Anchor
            component={Link}
            to={`${paths.clinicalJudgment}?kind=case`}
            aria-current={kind === 'case' ? 'page' : undefined}
            fw={kind === 'case' ? 700 : 400}
          >
            {judgmentCopy.caseStudy}
          </Anchor>
        </Group>
      </Stack>
      {set?.caseStudy && (
        <Paper withBorder p="md" bg="gray.0">
          <Title order={2} fz="h4">
            Case study: {set.caseStudy.title}
          </Title>
          <Text>{set.caseStudy.intro}</Text>
        </Paper>
      )}
      <Body snapshot={snapshot} send={send} />
    </Stack>
  );
}

function Body({ snapshot, send }: ViewProps) {
  const { set, currentIndex, responses, error } = snapshot.context;
  const gate = gateScreenOf(snapshot);
  if (gate) return gate;
  if (snapshot.matches('loading')) return <BusyNote label={judgmentCopy.loading} />;
  if (snapshot.matches('loadingReview')) return <BusyNote label={judgmentCopy.reviewLoading} />;
  if (snapshot.hasTag('error')) {
    return (
      <Alert
        color="red"
        role="alert"
        title={
          snapshot.matches('reviewFailed') ? judgmentCopy.reviewFailedTitle : judgmentCopy.loadFailedTitle
        }
      >
        <Stack gap="sm" align="flex-start">
          <ErrorDetails message={error} />
          <Group>
            <Button
              onClick={() => send({ type: 'set.retry' })}
              disabled={!snapshot.can({ type: 'set.retry' })}
            >
              Try again
            </Button>
            {snapshot.matches('reviewFailed') && (
              <Button component={Link} to={paths.results} variant="default">
                {judgmentCopy.backToResults}
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
    );
  }
  const { review } = snapshot.context;
  if (snapshot.matches('reviewing') && review) {
    return (
      <Stack gap="md">
        <Group>
          <Button component={Link} to={paths.results}>
            {judgmentCopy.backToResults}
          </Button>
          <Button
            component={Link}
            to={review.kind === 'case' ? `${paths.clinicalJudgment}?kind=case` : paths.clinicalJudgment}
            variant="default"
          >
            {judgmentCopy.newSet}
          </Button>
        </Group>
        <JudgmentResults
          items={review.items}
          responses={review.responses}
          title={judgmentCopy.reviewTitle(setDate(review.submittedAt))}
        />
      </Stack>
    );
  }
  if (snapshot.matches('empty')) {
    return (
      <Paper withBorder p="xl">
        <Text>{judgmentCopy.empty}</Text>
      </Paper>
    );
  }
  if (snapshot.matches('answering') && set) {
    const item = currentItem(snapshot);
    if (!item) return null;
    const response = currentResponse(snapshot);
    const interaction = {
      response,
      canPick: (groupId: string, choiceId: string) =>
        snapshot.can({ type: 'choice.pick', groupId, choiceId }),
      onPick: (groupId: string, choiceId: string) => send({ type: 'choice.pick', groupId, choiceId }),
    };
    const last = isLastItem(snapshot);
    return (
      <SimpleGrid cols={{ base: 1, md: item.exhibit.length > 0 ? 2 : 1 }} spacing="lg">
        {item.exhibit.length > 0 && (
          <Exhibit key={item.id} tabs={item.exhibit} title={judgmentCopy.exhibit} />
        )}
        <Stack gap="md">
          <Text aria-live="polite" fw={500} id="judgment-progress">
            Item {currentIndex + 1} of {set.items.length}
          </Text>
          <ItemView
            key={item.id}
            item={item}
            index={currentIndex}
            total={set.items.length}
            {...interaction}
          />
          <Group justify="flex-end">
            {last ? (
              <Button
                onClick={() => send({ type: 'set.submit' })}
                disabled={!snapshot.can({ type: 'set.submit' })}
              >
                {judgmentCopy.submit}
              </Button>
            ) : (
              <Button
                onClick={() => send({ type: 'item.next' })}
                disabled={!snapshot.can({ type: 'item.next' })}
              >
                {judgmentCopy.next}
              </Button>
            )}
          </Group>
        </Stack>
      </SimpleGrid>
    );
  }
  if (snapshot.matches('results') && set) {
    return (
      <Stack gap="md">
        <RecordDeliveryNote delivery={snapshot.children.recordDelivery} />
        <Group>
          <Button onClick={() => send({ type: 'set.new' })}>{judgmentCopy.newSet}</Button>
          <Button component={Link} to={paths.dashboard} variant="default">
            Go to Dashboard
          </Button>
        </Group>
        <JudgmentResults items={set.items} responses={responses} />
      </Stack>
    );
  }
  return null;
}
