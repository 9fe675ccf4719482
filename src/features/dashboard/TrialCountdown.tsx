import { Anchor, Paper, Text } from '@mantine/core';
import { useActor } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { paths } from '../../config/paths';
import { billingService } from '../../services/billing.service';
import { trialTimeLeft } from './trial-time-left';

/** The student's billing status, read once when the dashboard opens. */
const billingStatusLogic = fromPromise(() => billingService.loadStatus());

/** Re-renders every `ms` so a countdown stays current. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/**
 * During the free trial, how long it has left (a student plans the day's practice around it), with
 * the way to billing. Nothing is shown outside a trial, or if the status cannot be read (billing
 * says why).
 */
export function TrialCountdown() {
  const [snapshot] = useActor(billingStatusLogic);
  const now = useNow(30_000);
  const status = snapshot.status === 'done' ? snapshot.output : null;
  if (status?.kind !== 'trialing' || !status.accessUntil) return null;
  const left = trialTimeLeft(new Date(status.accessUntil).getTime() - now);
  return (
    <Paper withBorder p="md" className="tinted-surface" data-testid="trial-countdown">
      <Text>
        <strong>Free trial: {left}.</strong>{' '}
        <Anchor component={Link} to={paths.billing}>
          Billing
        </Anchor>{' '}
        shows what follows when it ends.
      </Text>
    </Paper>
  );
}
