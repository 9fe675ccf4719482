import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { itemMarksMachine } from '../../../machines/item-marks/item-marks.machine';
import {
  currentItem,
  isCurrentAnswered,
  remainingMs,
  type TestSessionContext,
  type TestSessionEvent,
  type testSessionMachine,
} from '../../../machines/test-session/test-session.machine';
import { BusyNote } from '../../components/BusyNote';
import { ErrorDetails } from '../../components/ErrorDetails';
import { gateScreenOf } from '../../components/flow-parts/AccessGateScreen';
import { RecordDeliveryNote } from '../../components/flow-parts/RecordDeliveryNote';
import { TimeLeft } from '../../components/TimeLeft';
import { paths } from '../../config/paths';
import { RevealPanel } from './parts/RevealPanel';
import { TestItemPanel } from './parts/TestItemPanel';
import { TestNavigator } from './parts/TestNavigator';
import { TestTools } from './parts/TestTools';
import { testSessionCopy } from './test-session-copy';

export type TestSessionSnapshot = SnapshotFrom<typeof testSessionMachine>;
type Marks = ActorRefFrom<typeof itemMarksMachine> | undefined;

interface ViewProps {
  snapshot: TestSessionSnapshot;
  send(event: TestSessionEvent): void;
}

/** /practice/custom/test from the session's snapshot. */
export function TestSessionView({ snapshot, send }: ViewProps) {
  const mode = snapshot.context.test?.mode;
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Title order={1}>
        {testSessionCopy.title}
        {mode && (
          <Text span fz="lg" fw={500} ml="sm">
            ({mode === 'timed' ? testSessionCopy.timed : testSessionCopy.tutor})
          </Text>
        )}
      </Title>
      <Body snapshot={snapshot} send={send} />
    </Stack>
  );
}

function Body({ snapshot, send }: ViewProps) {
  const gate = gateScreenOf(snapshot);
  if (gate) return gate;
  if (snapshot.matches('loading') || snapshot.matches('entitled'))
    return <BusyNote label={testSessionCopy.loading} />;
  if (snapshot.matches('submitting'))
    return (
      <Stack gap="sm">
        {snapshot.context.timedOut && <Alert color="blue">{testSessionCopy.timeUp}</Alert>}
        <BusyNote label={testSessionCopy.submitting} />
        <RecordDeliveryNote delivery={snapshot.children.recordDelivery} />
      </Stack>
    );
  if (snapshot.matches('loadFailed'))
    return (
      <Alert color="red" role="alert" title={testSessionCopy.loadFailedTitle}>
        <Stack gap="sm" align="flex-start">
          <ErrorDetails message={snapshot.context.error} />
          <Button onClick={() => send({ type: 'set.retry' })}>Try again</Button>
        </Stack>
      </Alert>
    );
  if (snapshot.matches('empty'))
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{testSessionCopy.empty}</Text>
        <Button component={Link} to={paths.customTest}>
          {testSessionCopy.buildTest}
        </Button>
      </Stack>
    );
  if (snapshot.matches('results')) return <Results context={snapshot.context} />;
  return <Answering snapshot={snapshot} send={send} marks={snapshot.children.itemMarks as Marks} />;
}

function Answering({ snapshot, send, marks }: ViewProps & { marks: Marks }) {
  const { context } = snapshot;
  const item = currentItem({ context });
  const i = context.currentIndex;
  const total = context.test?.items.length ?? 0;
  const markState = useSelector(
    marks,
    (s) => s && { marks: s.context.marks, error: s.context.error, failed: s.matches('failed') },
  );
  const flagged = (markState?.marks ?? []).map((m) => m.flagged);
  const timed = snapshot.matches({ answering: 'timed' });
  const revealed = snapshot.matches({ answering: { tutor: 'revealed' } });
  if (!item) return null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        {timed && <Countdown context={context} />}
        <Button variant="default" onClick={() => send({ type: 'set.submit' })}>
          {testSessionCopy.submit}
        </Button>
      </Group>
      <TestNavigator
        context={context}
        flagged={flagged}
        onGoTo={(index) => send({ type: 'item.goto', index })}
      />
      <TestItemPanel
        item={item}
        index={i}
        total={total}
        response={context.responses[i] ?? {}}
        locked={revealed || snapshot.matches({ answering: { tutor: 'checking' } })}
        struck={context.struck[i] ?? []}
        onPick={(groupId, choiceId) => send({ type: 'answer.pick', groupId, choiceId })}
        onStrike={(choiceId) => send({ type: 'option.strike', choiceId })}
      />
      {context.answerError && (
        <Alert color="red" role="alert" title="Your answer could not be checked">
          <ErrorDetails message={context.answerError} />
        </Alert>
      )}
      {revealed && <RevealPanel item={item} />}
      <Group gap="sm">
        {(timed || revealed) && (
          <Button variant="default" disabled={i === 0} onClick={() => send({ type: 'item.previous' })}>
            {testSessionCopy.previous}
          </Button>
        )}
        {snapshot.matches({ answering: 'tutor' }) && !revealed && (
          <Button
            onClick={() => send({ type: 'item.check' })}
            disabled={!isCurrentAnswered({ context })}
            loading={snapshot.matches({ answering: { tutor: 'checking' } })}
          >
            {testSessionCopy.check}
          </Button>
        )}
        {(timed || revealed) && i < total - 1 && (
          <Button onClick={() => send({ type: 'item.next' })}>{testSessionCopy.next}</Button>
        )}
      </Group>
      <TestTools
        flagged={flagged[i] ?? false}
        note={markState?.marks[i]?.note ?? ''}
        markError={markState?.failed ? markState.error : null}
        onFlag={() => marks?.send({ type: 'flag.toggle', index: i })}
        onNoteChange={(text) => marks?.send({ type: 'note.change', index: i, text })}
        onNoteSave={() => marks?.send({ type: 'note.save', index: i })}
        onRetry={() => marks?.send({ type: 'mark.retry' })}
      />
    </Stack>
  );
}

/** The timed test's clock, redrawn every second from the machine's time source and the stored end. */
function Countdown({ context }: { context: TestSessionContext }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Paper withBorder px="md" py={6}>
      <TimeLeft ms={remainingMs(context)} label={testSessionCopy.timeLeft} testId="time-left" />
    </Paper>
  );
}

function Results({ context }: { context: TestSessionContext }) {
  const test = context.test;
  if (!test) return null;
  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Title order={2}>{testSessionCopy.resultsTitle}</Title>
        {test.result && (
          <>
            <Text fz={40} fw={700} data-testid="test-score">
              {testSessionCopy.points(test.result.points, test.result.maxPoints)}
            </Text>
            <Text>
              {test.result.answered} answered, {test.result.unanswered} unanswered.
            </Text>
          </>
        )}
        <Button component={Link} to={paths.customTest} mt="sm">
          {testSessionCopy.newTest}
        </Button>
      </Paper>
      {test.items.map((item, i) => (
        <Stack key={item.position} gap={4} data-result-item={item.itemId}>
          <Text fw={500}>{item.classic?.stem ?? item.ngn?.stem}</Text>
          {item.note && <Text fz="sm">{`${testSessionCopy.note}: ${item.note}`}</Text>}
          <RevealPanel
            item={item}
            heading={`Question ${i + 1}${item.flagged ? ` (${testSessionCopy.flagged})` : ''}`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
