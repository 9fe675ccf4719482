import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import {
  type EmailLoginEvent,
  type emailLoginMachine,
  rateLimitTexts,
} from '../../../machines/email-login/email-login.machine';
import { messages } from '../../../machines/shared/messages';
import { studentErrorText } from '../../components/error-text';
import { useHydrated } from '../../components/useHydrated';
import { paths } from '../../config/paths';

export type EmailLoginSnapshot = SnapshotFrom<typeof emailLoginMachine>;

interface LoginViewProps {
  snapshot: EmailLoginSnapshot;
  send(event: EmailLoginEvent): void;
}

/** /login from the email-login snapshot: the form, its busy state and the outcome. */
export function LoginView({ snapshot, send }: LoginViewProps) {
  const busy = snapshot.hasTag('busy');
  const invalid = snapshot.matches('invalid');
  const live = useHydrated();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    send({ type: submitter?.value === 'reset' ? 'reset.submit' : 'login.submit', email });
  };

  return (
    <Paper maw={460} mx="auto" p="xl" withBorder>
      <Stack>
        <Title order={1}>Login</Title>
        <Text>Enter your email and we will send you a one-time sign-in link. No password needed.</Text>
        <form onSubmit={onSubmit} noValidate aria-describedby="login-status">
          <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <TextInput
                name="email"
                type="email"
                label="Email"
                autoComplete="email"
                required
                error={invalid ? snapshot.context.error : undefined}
                defaultValue={snapshot.context.email}
              />
              <Button type="submit" value="login" loading={false} disabled={!live}>
                {snapshot.matches('sendingLoginLink') ? 'Sending...' : 'Send login link'}
              </Button>
              <Button type="submit" value="reset" variant="subtle" disabled={!live}>
                {snapshot.matches('sendingResetLink') ? 'Sending...' : 'Email me a password reset link'}
              </Button>
            </Stack>
          </fieldset>
        </form>
        <div id="login-status" aria-live="polite">
          {snapshot.matches('loginLinkSent') && <Alert color="green">{messages.loginLinkSent}</Alert>}
          {snapshot.matches('resetLinkSent') && <Alert color="green">{messages.resetLinkSent}</Alert>}
          {snapshot.matches('failed') && (
            <Alert color="red" role="alert" title="Could not send the link">
              {studentErrorText(snapshot.context.error ?? '')}
            </Alert>
          )}
          {snapshot.matches('rateLimited') && (
            <Alert color="red" role="alert" title={rateLimitTexts.title}>
              <Stack gap="xs">
                <Text size="sm">{snapshot.context.error}</Text>
                <Text size="sm">{snapshot.context.retryHint}</Text>
              </Stack>
            </Alert>
          )}
        </div>
        <Group gap={4}>
          <Text>New here?</Text>
          <Anchor component={Link} to={paths.register}>
            Register
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
