import { Button, Group, Paper, Text, Title } from '@mantine/core';
import type { TestSessionContext } from '../../../../machines/test-session/test-session.machine';
import { isAnsweredAt } from '../../../../machines/test-session/test-session.machine';
import { testSessionCopy } from '../test-session-copy';

/**
 * The question navigator: one button per item, marked answered (filled) and flagged (a flag sign),
 * in words too for screen readers; the item on screen is the current one.
 */
export function TestNavigator({
  context,
  flagged,
  onGoTo,
}: {
  context: TestSessionContext;
  flagged: boolean[];
  onGoTo(index: number): void;
}) {
  const items = context.test?.items ?? [];
  return (
    <Paper withBorder p="sm" component="nav" aria-labelledby="navigator-heading">
      <Title order={2} fz="h5" id="navigator-heading" mb="xs">
        {testSessionCopy.navigator}
      </Title>
      <Group gap={6} data-testid="navigator">
        {items.map((item, i) => {
          const answered = isAnsweredAt(context, i);
          const marks = [answered && testSessionCopy.answered, flagged[i] && testSessionCopy.flagged]
            .filter(Boolean)
            .join(', ');
          return (
            <Button
              key={item.position}
              size="compact-sm"
              miw={40}
              variant={i === context.currentIndex ? 'filled' : answered ? 'light' : 'default'}
              aria-current={i === context.currentIndex ? 'step' : undefined}
              aria-label={`Question ${i + 1}${marks ? `, ${marks}` : ''}`}
              data-answered={answered || undefined}
              data-flagged={flagged[i] || undefined}
              onClick={() => onGoTo(i)}
            >
              {i + 1}
              {flagged[i] && (
                <Text span aria-hidden="true" ml={4} fz="xs">
                  ⚑
                </Text>
              )}
            </Button>
          );
        })}
      </Group>
    </Paper>
  );
}
