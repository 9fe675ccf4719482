import { Text } from '@mantine/core';
import { isNetworkFailure, studentErrorText } from './error-text';

/**
 * The reason under an error's headline: a network failure in plain words at reading size, the
 * backend's own message as small "Details".
 */
export function ErrorDetails({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  if (isNetworkFailure(message)) return <Text data-testid="network-error">{studentErrorText(message)}</Text>;
  return <Text fz="sm">Details: {message}</Text>;
}
