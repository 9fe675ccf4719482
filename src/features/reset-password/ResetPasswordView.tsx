import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { MIN_PASSWORD_LENGTH } from '../../../domain/business-rules';
import type {
  ResetPasswordEvent,
  resetPasswordMachine,
} from '../../../machines/reset-password/reset-password.machine';
import { studentErrorText } from '../../components/error-text';
import { paths } from '../../config/paths';

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

interface ResetPasswordViewProps {
  snapshot: ResetPasswordSnapshot;
  send(event: ResetPasswordEvent): void;
}

/** The set-new-password screen from the snapshot: loader, form, expired link. */
export function ResetPasswordView({ snapshot, send }: ResetPasswordViewProps) {
  if (snapshot.matches('expired')) {
    return (
      <Paper maw={460} mx="auto" p="xl" withBorder>
        <Stack>
          <Title order={1}>Reset Link Expired</Title>
          <Text>Request a new one from the login page</Text>
          <Button component={Link} to={paths.login}>
            Back to Login
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (!snapshot.hasTag('form') && !snapshot.matches('updating')) {
    return (
      <Center py="xl">
        <Stack align="center">
          <Title order={1}>Set a new password</Title>
          <Loader aria-label="Checking your reset link" />
        </Stack>
      </Center>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send({
      type: 'password.submit',
      password: String(data.get('password') ?? ''),
      confirmation: String(data.get('confirmation') ?? ''),
    });
  };
  const busy = snapshot.hasTag('busy');
  return (
    <Paper maw={460} mx="auto" p="xl" withBorder>
      <Stack>
        <Title order={1}>Set a new password</Title>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <PasswordInput
                name="password"
                label="New password"
                description={`At least ${MIN_PASSWORD_LENGTH} characters`}
                autoComplete="new-password"
                required
              />
              <PasswordInput
                name="confirmation"
                label="Confirm password"
                autoComplete="new-password"
                required
              />
              <div aria-live="polite">
                {snapshot.context.error && (
                  <Alert color="red" role="alert">
                    {studentErrorText(snapshot.context.error)}
                  </Alert>
                )}
              </div>
              <Button type="submit" loading={busy}>
                Update password
              </Button>
            </Stack>
          </fieldset>
        </form>
      </Stack>
    </Paper>
  );
}
