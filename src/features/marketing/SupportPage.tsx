import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { config } from '../../config/config';
import { paths } from '../../config/paths';
import { support } from '../../content/support';

/** '/support': contact, response time, and how to cancel or get a refund (the footer's Support). */
export function SupportPage() {
  usePageTitle(support.title);
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap="xs">
        <Title order={1}>{support.title}</Title>
        <Text fz="lg">{support.intro}</Text>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="support-contact">
        <Title order={2} fz="h3" id="support-contact">
          {support.contactHeading}
        </Title>
        <Text>
          {support.contactBefore}
          <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>
          {support.contactAfter}
        </Text>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="support-response">
        <Title order={2} fz="h3" id="support-response">
          {support.responseHeading}
        </Title>
        <Text>{support.response}</Text>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="support-cancel">
        <Title order={2} fz="h3" id="support-cancel">
          {support.cancelHeading}
        </Title>
        <List type="ordered" spacing="xs">
          {support.cancelSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Text>
          <Anchor component={Link} to={paths.billing}>
            Open Billing
          </Anchor>
        </Text>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="support-refund">
        <Title order={2} fz="h3" id="support-refund">
          {support.refundHeading}
        </Title>
        <Text>{support.refund}</Text>
      </Stack>
    </Stack>
  );
}
