import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { CustomTestItem } from '../../../../machines/test-session/test-session.machine';
import { CLASSIC_RESPONSE_PART } from '../../../../machines/test-session/test-session.rules';
import { optionLetter } from '../../../components/option-letter';
import { JudgmentItemReview } from '../../../components/review/JudgmentItemReview';
import { itemCopy } from '../../../content/item-copy';
import { testSessionCopy } from '../test-session-copy';

/** An item's reveal, as the server sends it once the item is checked (tutor) or the test submitted. */
export function RevealPanel({ item, heading }: { item: CustomTestItem; heading?: string }) {
  const reveal = item.reveal;
  if (!reveal) return null;
  const chosen = item.response?.[CLASSIC_RESPONSE_PART]?.[0];
  const answered = item.response !== null && Object.values(item.response).some((picks) => picks.length > 0);
  // An NGN item: its review as clinical judgment shows it (the response beside the key, in words).
  if (reveal.item)
    return (
      <Stack gap={4} data-testid="reveal" data-item-id={item.itemId}>
        {!answered && (
          <Badge color="dark.6" variant="outline" tt="none" data-testid="unanswered">
            {testSessionCopy.unanswered}
          </Badge>
        )}
        <JudgmentItemReview
          item={reveal.item}
          response={item.response ?? {}}
          heading={`Item ${item.position}: ${itemCopy.steps[reveal.item.step]}`}
        />
      </Stack>
    );
  return (
    <Paper withBorder p="md" data-testid="reveal" data-item-id={item.itemId}>
      <Stack gap="xs">
        <Group gap="sm">
          {heading && (
            <Title order={3} fz="h5">
              {heading}
            </Title>
          )}
          <Badge color="dark.6" variant="filled" tt="none" data-testid="reveal-points">
            {testSessionCopy.points(reveal.points, reveal.maxPoints)}
          </Badge>
          {!answered && (
            <Badge color="dark.6" variant="outline" tt="none" data-testid="unanswered">
              {testSessionCopy.unanswered}
            </Badge>
          )}
        </Group>
        {reveal.options && (
          <List fz="sm" spacing={2} listStyleType="none" pl={0} data-testid="reveal-options">
            {reveal.options.map((o, i) => (
              <List.Item
                key={o.id}
                data-correct={o.isCorrect || undefined}
                data-chosen={o.id === chosen || undefined}
              >
                {optionLetter(i)}. {o.label}
                {o.isCorrect && <Text span fw={700}>{` — ${testSessionCopy.correctAnswer}`}</Text>}
                {o.id === chosen && <Text span fw={700}>{` — ${testSessionCopy.yourAnswer}`}</Text>}
              </List.Item>
            ))}
          </List>
        )}
        <Text className="rationale-text" data-testid="rationale">
          <Text span fw={600}>
            {testSessionCopy.rationale}
          </Text>{' '}
          {reveal.rationale}
        </Text>
      </Stack>
    </Paper>
  );
}
