import { Paper, Stack, Text, Title } from '@mantine/core';
import type { NgnItem } from '../../../../domain/ngn-items';
import { type NgnResponse, scoreResponse, scoringKeyOf } from '../../../../domain/ngn-scoring';
import { focusOnMount } from '../../../components/focus-on-mount';
import { ItemReview } from '../../../components/items/ItemReview';
import { judgmentCopy } from '../judgment-copy';

/**
 * Points per item and in total; per item the student's response beside the key, in words, each pick
 * marked right or wrong (in words too, not by colour alone), and the rationale. Used right after a
 * set and when a recorded set is reopened from /results.
 */
export function JudgmentResults({
  items,
  responses,
  title = judgmentCopy.resultsTitle,
}: {
  items: NgnItem[];
  responses: NgnResponse[];
  title?: string;
}) {
  const scores = items.map((item, i) => scoreResponse(scoringKeyOf(item), responses[i] ?? {}));
  const points = scores.reduce((sum, s) => sum + s.points, 0);
  const max = scores.reduce((sum, s) => sum + s.max, 0);
  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Title order={2} tabIndex={-1} ref={focusOnMount}>
          {title}
        </Title>
        <Text fz={40} fw={700} data-testid="judgment-score">
          {points} / {max}
        </Text>
        <Text c="dimmed">
          Points as the NCLEX scores these items: partial credit where the exam gives it.
        </Text>
      </Paper>
      {items.map((item, i) => (
        <ItemReview key={item.id} item={item} response={responses[i] ?? {}} index={i} />
      ))}
    </Stack>
  );
}
