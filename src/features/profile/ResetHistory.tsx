import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import {
  createHistoryResetImplementations,
  type HistoryResetEvent,
  historyResetMachine,
} from '../../../machines/history-reset/history-reset.machine';
import { studentErrorText } from '../../components/error-text';
import { focusOnMount } from '../../components/focus-on-mount';
import { inspect } from '../../runtime/inspector';
import { learningRecordService } from '../../services/learning-record.service';

const implementations = createHistoryResetImplementations(learningRecordService);

export type HistoryResetSnapshot = SnapshotFrom<typeof historyResetMachine>;

export const resetCopy = {
  heading: 'Practice history',
  intro: 'Start your record afresh: every practice set, answer and score you have recorded is deleted.',
  button: 'Reset my practice history',
  confirmTitle: 'Delete your whole practice history?',
  confirmBody:
    'Your completed sets, answers, scores by category and the list of questions you missed will be deleted for good. Your account and your plan stay as they are.',
  confirm: 'Yes, delete my history',
  cancel: 'Cancel',
  failedTitle: 'Your history could not be reset',
  done: 'Your practice history has been reset.',
};

/** The reset section from the history-reset snapshot (also rendered by /dev/flows). */
export function ResetHistoryView({
  snapshot,
  send,
}: {
  snapshot: HistoryResetSnapshot;
  send(event: HistoryResetEvent): void;
}) {
  const confirming =
    snapshot.matches('confirming') || snapshot.matches('resetting') || snapshot.matches('failed');
  return (
    <Paper maw={520} p="xl" withBorder component="section" aria-labelledby="reset-history-heading">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="reset-history-heading">
          {resetCopy.heading}
        </Title>
        <Text>{resetCopy.intro}</Text>
        {snapshot.matches('done') && (
          <Alert color="teal" role="status">
            {resetCopy.done}
          </Alert>
        )}
        {!confirming && (
          <Group>
            <Button
              color="var(--pn-color-incorrect)"
              variant="outline"
              onClick={() => send({ type: 'reset.request' })}
            >
              {resetCopy.button}
            </Button>
          </Group>
        )}
        {confirming && (
          <Alert color="red" title={resetCopy.confirmTitle} role="alertdialog" aria-live="assertive">
            <Stack gap="sm" align="flex-start">
              <Text tabIndex={-1} ref={focusOnMount}>
                {resetCopy.confirmBody}
              </Text>
              {snapshot.matches('failed') && (
                <Text role="alert" fw={600}>
                  {resetCopy.failedTitle}: {studentErrorText(snapshot.context.error ?? '')}
                </Text>
              )}
              <Group>
                <Button
                  color="red.9"
                  onClick={() => send({ type: 'reset.confirm' })}
                  loading={snapshot.hasTag('busy')}
                  disabled={!snapshot.can({ type: 'reset.confirm' })}
                >
                  {resetCopy.confirm}
                </Button>
                <Button
                  variant="default"
                  onClick={() => send({ type: 'reset.cancel' })}
                  disabled={!snapshot.can({ type: 'reset.cancel' })}
                >
                  {resetCopy.cancel}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** /profile "Reset my practice history" for the signed-in student. */
export function ResetHistory({ userId }: { userId: string }) {
  const [snapshot, send] = useMachine(historyResetMachine.provide(implementations), {
    input: { userId },
    inspect,
  });
  return <ResetHistoryView snapshot={snapshot} send={send} />;
}
