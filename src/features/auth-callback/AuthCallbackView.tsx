import { Alert, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { authCallbackMachine } from '../../../machines/auth-callback/auth-callback.machine';
import { messages } from '../../../machines/shared/messages';
import { studentErrorText } from '../../components/error-text';
import { paths } from '../../config/paths';

export type AuthCallbackSnapshot = SnapshotFrom<typeof authCallbackMachine>;

/** /auth/callback from the snapshot: a spinner while signing in, else why it failed. */
export function AuthCallbackView({ snapshot }: { snapshot: AuthCallbackSnapshot }) {
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
          {snapshot.matches('invalidLink')
            ? messages.invalidLoginLink
            : studentErrorText(snapshot.context.error ?? '')}
        </Alert>
        <Button component={Link} to={paths.login}>
          Back to Login
        </Button>
      </Stack>
    </Paper>
  );
}
