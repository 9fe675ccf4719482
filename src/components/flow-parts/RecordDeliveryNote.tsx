import { Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { recordDeliveryMachine } from '../../../machines/record-delivery/record-delivery.machine';

export type RecordDeliveryRef = ActorRefFrom<typeof recordDeliveryMachine>;

/** The delivery's lines, the same for every kind of set (docs/decisions/060-learning-record.md). */
export const recordDeliveryCopy = {
  saving: 'Saving this set to your results…',
  saved: 'Saved to your results.',
  notSaved: 'Not saved yet: this set is kept on this device and will be sent the next time you open PN Prep.',
};

export type RecordStatus = 'saving' | 'saved' | 'notSaved';

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
  const status = useSelector(
    delivery,
    (s): RecordStatus =>
      s.status === 'done' || s.matches('saved') ? 'saved' : s.matches('notSaved') ? 'notSaved' : 'saving',
  );
  const canRetry = useSelector(delivery, (s) => s.can({ type: 'record.retry' }));
  return (
    <DeliveryLine
      status={status}
      afterSaved={afterSaved}
      canRetry={canRetry}
      onRetry={() => delivery.send({ type: 'record.retry' })}
    />
  );
}

function DeliveryLine(props: {
  status: RecordStatus;
  afterSaved?: ReactNode;
  canRetry?: boolean;
  onRetry?: () => void;
}) {
  const { status } = props;
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
    </Group>
  );
}
