import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { useAuthRef, useAuthSnapshot } from '../../runtime/auth-actor';
import { preloadWhenIdle } from '../../runtime/preload';
import { DashboardSummary } from './DashboardSummary';
import { greetingName } from './greeting';
import { TrialCountdown } from './TrialCountdown';

/** /dashboard: greeting and the way to practice, results and billing. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const email = useAuthSnapshot((s) => s.context.session?.email ?? null);
  const userId = useAuthSnapshot((s) => s.context.session?.userId ?? null);
  const signingOut = useAuthSnapshot((s) => s.matches('signingOut'));
  const auth = useAuthRef();
  // Practice is the usual next step: its code is fetched while the student reads this page.
  useEffect(() => preloadWhenIdle('practice'), []);
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <TrialCountdown />
      <Text fz="lg">Welcome back, {greetingName(email)} — your next practice set is ready.</Text>
      <Group>
        <Button component={Link} to={paths.practice}>
          Practice
        </Button>
        <Button component={Link} to={paths.results} variant="light">
          Results
        </Button>
        <Button component={Link} to={paths.billing} variant="light">
          Billing
        </Button>
        <Button variant="outline" onClick={() => auth.send({ type: 'auth.signOut' })} loading={signingOut}>
          Sign out
        </Button>
      </Group>
      {userId && <DashboardSummary key={userId} userId={userId} />}
      <Paper withBorder p="lg" component="section" aria-labelledby="dashboard-ngn">
        <Stack gap="xs" align="flex-start">
          <Title order={2} fz="h3" id="dashboard-ngn">
            Clinical judgment
          </Title>
          <Text>
            Next Generation NCLEX items, scored as the exam scores them: select all that apply, grids,
            drop-downs, highlighting, drag-and-drop, bow-ties, trends and case studies.
          </Text>
          <Button component={Link} to={paths.clinicalJudgment} variant="light">
            Open clinical judgment sets
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
