import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { type Plan, plans, pricing } from '../../content/plans';

const INERT_NOTE_ID = 'pricing-inert-note';

/** Badge colours chosen for white-on-colour contrast of at least 4.5:1. */
const badgeColor: Record<string, string> = { Popular: 'brand.7', 'Best Value': 'violet.8' };

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.name.toLowerCase()}`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      padding="lg"
      data-testid={`plan-${plan.name}`}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" align="center" mb="xs" mih={26}>
        <Title id={titleId} order={2} fz="xl">
          {plan.name}
        </Title>
        {plan.badge && (
          <Badge color={badgeColor[plan.badge] ?? 'brand.7'} variant="filled">
            {plan.badge}
          </Badge>
        )}
      </Group>
      <Text>
        <Text span fz={36} fw={800} lh={1.2}>
          {plan.price}
        </Text>{' '}
        <Text span c="dimmed">
          {plan.period}
        </Text>
      </Text>
      <Text mt="xs" mb="md">
        {plan.description}
      </Text>
      <List spacing="xs" mb="lg" style={{ flex: 1 }}>
        {plan.features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      {/* Plan sign-up is not wired (spec): the button stays focusable and says why it does nothing. */}
      <Button
        type="button"
        fullWidth
        variant={plan.badge ? 'filled' : 'outline'}
        aria-disabled="true"
        aria-describedby={INERT_NOTE_ID}
        data-disabled
      >
        {plan.cta}
      </Button>
    </Card>
  );
}

/** '/pricing': three static plan cards; their buttons do nothing. */
export function PricingPage() {
  usePageTitle(pricing.title);
  return (
    <Stack gap="xl">
      <Stack gap="xs" ta="center" align="center">
        <Title order={1}>{pricing.title}</Title>
        <Text fz="lg">{pricing.intro}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {plans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </SimpleGrid>
      <Text id={INERT_NOTE_ID} ta="center">
        {pricing.inertNoteBefore}
        <Anchor component={Link} to={paths.billing}>
          {pricing.inertNoteLink}
        </Anchor>
        {pricing.inertNoteAfter}
      </Text>
    </Stack>
  );
}
