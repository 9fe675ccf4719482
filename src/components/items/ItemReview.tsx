import { Badge, Box, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NgnItem } from '../../../domain/ngn-items';
import { type NgnResponse, scoreResponse, scoringKeyOf } from '../../../domain/ngn-scoring';
import { itemCopy } from '../../content/item-copy';

/** The text of every choice, by part and choice id, so the key can be read back in words. */
function choiceTexts(item: NgnItem): Map<string, string> {
  const texts = new Map<string, string>();
  const add = (group: string, choices: Array<{ id: string; text: string }>) => {
    for (const c of choices) texts.set(`${group}/${c.id}`, c.text);
  };
  switch (item.type) {
    case 'multiple-response':
      add('options', item.options);
      break;
    case 'highlight':
      add('segments', item.segments);
      break;
    case 'matrix':
      for (const row of item.rows)
        add(
          row.id,
          item.columns.map((c) => ({ id: c.id, text: `${row.text}: ${c.text}` })),
        );
      break;
    case 'drop-down':
      for (const blank of item.blanks) add(blank.id, blank.options);
      break;
    case 'drag-and-drop':
      for (const blank of Object.keys(item.answers)) add(blank, item.tokens);
      break;
    case 'bow-tie':
      add('condition', item.condition);
      add('actions', item.actions);
      add('parameters', item.parameters);
      break;
  }
  return texts;
}

/**
 * One NGN item's review: the student's response beside the key, in words, each pick marked right
 * or wrong (in words too, not by colour alone), the points and the rationale. Clinical judgment's
 * results and the custom test's reveal both show it.
 */
export function ItemReview({
  item,
  response,
  index,
}: {
  item: NgnItem;
  response: NgnResponse;
  index: number;
}) {
  const i = index;
  const key = scoringKeyOf(item);
  const texts = choiceTexts(item);
  const score = scoreResponse(key, response);
  const picks = key.groups.flatMap((group) =>
    (response[group.id] ?? []).map((id) => ({
      id: `${group.id}/${id}`,
      right: group.correct.includes(id),
    })),
  );
  return (
    <Paper key={item.id} withBorder p="lg" component="article" data-result-item={item.id}>
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={3} fz="h5">
            Item {i + 1}: {itemCopy.steps[item.step]}
          </Title>
          <Badge
            className="result-badge"
            color={
              score.points === score.max
                ? 'var(--pn-color-correct-strong)'
                : score.points === 0
                  ? 'var(--pn-color-incorrect-strong)'
                  : 'dark.6'
            }
            variant="filled"
            tt="none"
            data-testid="item-points"
          >
            {score.points} / {score.max}
          </Badge>
        </Group>
        <Text fw={500}>{item.stem}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Box data-testid="your-answer">
            <Text fz="sm" fw={600}>
              {itemCopy.yourAnswer}
            </Text>
            {picks.length === 0 ? (
              <Text fz="sm">{itemCopy.noAnswer}</Text>
            ) : (
              <List fz="sm" spacing={2} listStyleType="none" pl={0}>
                {picks.map((p) => (
                  <List.Item key={p.id} data-pick={p.right ? 'right' : 'wrong'}>
                    <span className="pick-mark" data-right={p.right || undefined} aria-hidden="true">
                      {p.right ? '✓' : '✗'}
                    </span>{' '}
                    {texts.get(p.id)}{' '}
                    <Text span fz="sm" fw={600} className="pick-verdict">
                      ({p.right ? itemCopy.pickRight : itemCopy.pickWrong})
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Box>
          <Box data-testid="correct-answer">
            <Text fz="sm" fw={600}>
              Correct answer:
            </Text>
            <List fz="sm" spacing={2}>
              {key.groups.flatMap((group) =>
                group.correct.map((id) => (
                  <List.Item key={`${group.id}/${id}`}>{texts.get(`${group.id}/${id}`)}</List.Item>
                )),
              )}
            </List>
          </Box>
        </SimpleGrid>
        <Text className="rationale-text" data-testid="judgment-rationale">
          <Text span fw={600}>
            Rationale:
          </Text>{' '}
          {item.rationale}
        </Text>
      </Stack>
    </Paper>
  );
}
