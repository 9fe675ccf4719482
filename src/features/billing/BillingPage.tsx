import { Alert, Anchor, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../components/usePageTitle';
import { billing } from '../../content/billing';
import { type PaymentLink, usePaymentLink } from './usePaymentLink';

/** '/billing': the Monthly card with the button-link to the hosted payment page. */
export function BillingPage() {
  usePageTitle(billing.title);
  return <BillingView paymentLink={usePaymentLink()} />;
}

/** The billing page for a payment link (which waits until the session is known). */
export function BillingView({ paymentLink }: { paymentLink: PaymentLink }) {
  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Stack gap="xs">
        <Title order={1}>{billing.title}</Title>
        <Text fz="lg">{billing.intro}</Text>
      </Stack>
      <Card component="section" aria-labelledby="billing-plan" withBorder padding="lg">
        <Stack gap="md">
          <Title id="billing-plan" order={2}>
            {billing.planName}
          </Title>
          <Alert
            color="yellow"
            variant="light"
            role="note"
            title={billing.testModeNote}
            // Mantine's yellow title text is too light on its tinted background (WCAG contrast).
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          />
          <List spacing="xs">
            {billing.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
          {/* Until the session is known the link may lack the student's id, so it waits (briefly). */}
          <Button
            component="a"
            href={paymentLink.url}
            size="md"
            fullWidth
            loading={!paymentLink.ready}
            onClick={(event) => {
              if (!paymentLink.ready) event.preventDefault();
            }}
          >
            {billing.cta}
          </Button>
        </Stack>
      </Card>
      <Text>
        {billing.hintBefore}
        <Anchor component={Link} to={paths.checkoutSuccess}>
          {billing.hintLink}
        </Anchor>
        {billing.hintAfter}
      </Text>
    </Stack>
  );
}
