import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthSnapshot } from '../../runtime/auth-actor';
import { ResetHistory } from './ResetHistory';

/** /profile: Full Name and Email with Update Profile; not wired yet (spec section 2). */
export function ProfilePage() {
  usePageTitle('Profile');
  const email = useAuthSnapshot((s) => s.context.session?.email ?? '');
  const userId = useAuthSnapshot((s) => s.context.session?.userId ?? null);
  return (
    <Stack gap="lg">
      <Paper maw={520} p="xl" withBorder>
        <form onSubmit={(event) => event.preventDefault()}>
          <Stack>
            <Title order={1}>Profile</Title>
            <TextInput name="fullName" label="Full Name" autoComplete="name" />
            <TextInput name="email" type="email" label="Email" autoComplete="email" defaultValue={email} />
            <Button type="submit">Update Profile</Button>
            <Text c="dimmed" fz="sm">
              Profile changes are not saved yet.
            </Text>
          </Stack>
        </form>
      </Paper>
      {userId && <ResetHistory key={userId} userId={userId} />}
    </Stack>
  );
}
