import { Anchor, Button, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { pay } from '../../content/billing';
import { usePaymentLink } from './usePaymentLink';

/** '/pay': sends the browser straight to the hosted payment page, with a fallback and a copyable link. */
export function PayPage() {
  usePageTitle(pay.title);
  const paymentLink = usePaymentLink();

  useEffect(() => {
    // Wait until the session is known, so a signed-in student's link carries their user id.
    // replace(): the back button from the payment page skips /pay instead of bouncing forward again.
    if (paymentLink.ready) window.location.replace(paymentLink.url);
  }, [paymentLink.ready, paymentLink.url]);

  return (
    <Stack gap="lg" maw={640} mx="auto" py="xl">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Title order={1}>{pay.title}</Title>
      </Group>
      <Text fz="lg">{pay.text}</Text>
      <Text>
        {pay.fallbackBefore}
        <Anchor href={paymentLink.url}>{pay.fallbackLink}</Anchor>
        {pay.fallbackAfter}
      </Text>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={pay.copyLabel}
          description={pay.copyDescription}
          value={paymentLink.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
        />
        <CopyButton value={paymentLink.url}>
          {({ copied, copy }) => (
            <Button type="button" variant={copied ? 'filled' : 'outline'} onClick={copy} aria-live="polite">
              {copied ? pay.copied : pay.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
