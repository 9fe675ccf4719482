import { Alert, Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accessGateMachine } from '../../../machines/access-gate/access-gate.machine';
import { BusyNote } from '../BusyNote';
import { ErrorDetails } from '../ErrorDetails';

export type AccessGateRef = ActorRefFrom<typeof accessGateMachine>;

/**
 * The access gate's screens (machines/access-gate), the same in every paid flow: a loader while
 * the session and entitlement are checked, the failed check with Try again, and "Redirecting…"
 * once the parent leaves for /login or /billing. A flow renders it until access is granted.
 */
export function AccessGateScreen({
  gate,
  redirecting,
}: {
  gate: AccessGateRef | undefined;
  redirecting: boolean;
}) {
  if (redirecting) return <BusyNote label="Redirecting…" />;
  // No gate actor: a model of the flow (the /dev/flows simulator) runs without its children.
  if (!gate) return <BusyNote label="Checking your access…" />;
  return <GateState gate={gate} />;
}

/** A paid flow's snapshot as far as its gate states go (machines/access-gate `paidFlowGateStates`). */
interface GatedSnapshot {
  matches(state: 'checkingAccess' | 'redirecting'): boolean;
  children: { accessGate?: AccessGateRef };
}

/** The gate's screen while a paid flow is still in its gate states; null once access is granted. */
export function gateScreenOf(snapshot: GatedSnapshot) {
  const redirecting = snapshot.matches('redirecting');
  if (!redirecting && !snapshot.matches('checkingAccess')) return null;
  return <AccessGateScreen gate={snapshot.children.accessGate} redirecting={redirecting} />;
}

function GateState({ gate }: { gate: AccessGateRef }) {
  const failed = useSelector(gate, (s) => s.matches('failed'));
  const error = useSelector(gate, (s) => s.context.error);
  const canRetry = useSelector(gate, (s) => s.can({ type: 'entitlement.retry' }));
  if (!failed) return <BusyNote label="Checking your access…" />;
  return (
    <Alert color="red" role="alert" title="We could not check your access">
      <Stack gap="sm" align="flex-start">
        <Text>
          Your practice access could not be confirmed right now, so nothing was changed. Please try again in a
          moment.
        </Text>
        <ErrorDetails message={error} />
        <Button onClick={() => gate.send({ type: 'entitlement.retry' })} disabled={!canRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
