import { Alert, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authCallbackMachine } from '../../../machines/auth-callback/auth-callback.machine';
import { messages } from '../../../machines/shared/messages';
import { inspect } from '../../app/inspector';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../components/usePageTitle';
import { authService } from '../../services/auth.service';
import { createAuthFlowActors } from '../../services/flows';

const actors = createAuthFlowActors(authService);

/** /auth/callback: completes sign-in from the emailed link. */
export function AuthCallbackPage() {
  usePageTitle('Signing in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [snapshot] = useMachine(
    authCallbackMachine.provide({
      actors: { verifyTokenHash: actors.verifyTokenHash, exchangeCode: actors.exchangeCode },
      actions: {
        navigateTo: (_, { path }) => navigate(path, { replace: true }),
        toast: (_, { title, message }) => notifications.show({ title, message, color: 'green' }),
      },
    }),
    { input: { tokenHash: params.get('token_hash'), code: params.get('code') }, inspect },
  );

  if (snapshot.hasTag('busy') || snapshot.hasTag('done')) {
    return (
      <Center py="xl">
        <Stack align="center">
          <Title order={1}>Signing you in</Title>
          <Loader aria-label="Signing you in" />
        </Stack>
      </Center>
    );
  }
  return (
    <Paper maw={520} mx="auto" p="xl" withBorder>
      <Stack>
        <Title order={1}>Authentication Failed</Title>
        <Alert color="red" role="alert">
          {snapshot.matches('invalidLink') ? messages.invalidLoginLink : snapshot.context.error}
        </Alert>
        <Button component={Link} to={paths.login}>
          Back to Login
        </Button>
      </Stack>
    </Paper>
  );
}
