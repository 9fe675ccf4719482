import { Button, Code, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle';
import { devStripe } from '../../content/billing';
import { usePaymentLink } from './usePaymentLink';

/** '/dev/stripe': three ways to open the test-mode payment link (new tab, same tab, script). */
export function DevStripePage() {
  usePageTitle(devStripe.title);
  const paymentLink = usePaymentLink();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap="xs">
        <Title order={1}>{devStripe.title}</Title>
        <Text fz="lg">{devStripe.intro}</Text>
      </Stack>
      <Stack gap={4}>
        <Text fw={600}>{devStripe.linkLabel}</Text>
        <Code block data-testid="payment-link">
          {paymentLink.url}
        </Code>
      </Stack>
      <Group>
        <Button component="a" href={paymentLink.url} target="_blank" rel="noopener noreferrer">
          {devStripe.newTab}
          <VisuallyHidden> {devStripe.newTabHint}</VisuallyHidden>
        </Button>
        <Button component="a" href={paymentLink.url} variant="outline">
          {devStripe.sameTab}
        </Button>
        <Button type="button" variant="outline" onClick={() => window.location.assign(paymentLink.url)}>
          {devStripe.scriptRedirect}
        </Button>
      </Group>
    </Stack>
  );
}
