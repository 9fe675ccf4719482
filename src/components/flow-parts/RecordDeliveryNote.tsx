import { Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  DEFAULT_RETRY_AFTER_SECONDS,
  type recordDeliveryMachine,
} from '../../../machines/record-delivery/record-delivery.machine';
import { recordDeliveryCopy } from './record-delivery-copy';

export { recordDeliveryCopy } from './record-delivery-copy';

export type RecordDeliveryRef = ActorRefFrom<typeof recordDeliveryMachine>;

export type RecordStatus = 'saving' | 'saved' | 'notSaved' | 'rateLimited' | 'tooOld' | 'refused';

/**
 * The record delivery's screen (machines/record-delivery): a quiet line saying whether the set is
 * in the learning record, with Try again when it is not. `afterSaved` follows the saved line (e.g. a
 * link to review the set). A delivery that has ended is saved (its actor stays with the results).
 */
export function RecordDeliveryNote({
  delivery,
  afterSaved,
}: {
  delivery: RecordDeliveryRef | undefined;
  afterSaved?: ReactNode;
}) {
  // No delivery actor: a model of the flow (the /dev/flows simulator) runs without its children.
  if (!delivery) return <DeliveryLine status="saving" />;
  return <LiveDelivery delivery={delivery} afterSaved={afterSaved} />;
}

function LiveDelivery({ delivery, afterSaved }: { delivery: RecordDeliveryRef; afterSaved?: ReactNode }) {
  const status = useSelector(delivery, (s): RecordStatus => {
    if (s.status === 'done') return 'saved';
    for (const state of ['saved', 'notSaved', 'rateLimited', 'tooOld', 'refused'] as const) {
      if (s.matches(state)) return state;
    }
    return 'saving';
  });
  const canRetry = useSelector(delivery, (s) => s.can({ type: 'record.retry' }));
  const error = useSelector(delivery, (s) => s.context.error);
  const retryAfterSeconds = useSelector(delivery, (s) => s.context.retryAfterSeconds);
  return (
    <DeliveryLine
      status={status}
      afterSaved={afterSaved}
      canRetry={canRetry}
      onRetry={() => delivery.send({ type: 'record.retry' })}
      error={error}
      retryAfterSeconds={retryAfterSeconds}
    />
  );
}

function DeliveryLine(props: {
  status: RecordStatus;
  afterSaved?: ReactNode;
  canRetry?: boolean;
  onRetry?: () => void;
  error?: string | null;
  retryAfterSeconds?: number | null;
}) {
  const { status } = props;
  const minutes = Math.max(1, Math.ceil((props.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) / 60));
  return (
    <Group gap="sm" role="status" data-record-status={status}>
      {status === 'saving' && (
        <Text c="dimmed" fz="sm">
          {recordDeliveryCopy.saving}
        </Text>
      )}
      {status === 'saved' && (
        <Text c="dimmed" fz="sm">
          {recordDeliveryCopy.saved}
          {props.afterSaved && <> {props.afterSaved}</>}
        </Text>
      )}
      {status === 'notSaved' && (
        <>
          <Text c="dimmed" fz="sm">
            {recordDeliveryCopy.notSaved}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={props.onRetry} disabled={!props.canRetry}>
            Try again
          </Button>
        </>
      )}
      {status === 'rateLimited' && (
        <Text c="dimmed" fz="sm">
          {recordDeliveryCopy.rateLimited(minutes)}
        </Text>
      )}
      {status === 'tooOld' && <Text fz="sm">{recordDeliveryCopy.tooOld}</Text>}
      {status === 'refused' && <Text fz="sm">{recordDeliveryCopy.refused(props.error ?? '')}</Text>}
    </Group>
  );
}
