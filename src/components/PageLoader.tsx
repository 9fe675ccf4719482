import { Center, Loader } from '@mantine/core';

/** A centred loader for the moment a page's code or data is on its way. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}
