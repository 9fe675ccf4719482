import { Center, Loader, Stack, Text } from '@mantine/core';

/** A loader with a visible, announced label: what the page is waiting for (a check, a load). */
export function BusyNote({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status">
        <Loader aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
