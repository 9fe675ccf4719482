import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import type { Answers } from '../../../../machines/practice-session/practice-rules';
import type { PracticeQuestion } from '../../../../machines/shared/ports';

interface ProgressHeaderProps {
  questions: PracticeQuestion[];
  answers: Answers;
  currentIndex: number;
  answered: number;
}

/** Where the student is: a live text for screen readers, a progress bar with its percentage, and dots. */
export function ProgressHeader({ questions, answers, currentIndex, answered }: ProgressHeaderProps) {
  const total = questions.length;
  const percent = total === 0 ? 0 : Math.round((answered / total) * 100);
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text id="practice-progress" aria-live="polite" aria-atomic="true" fw={500}>
          Question {currentIndex + 1} of {total} · {percent}% answered
        </Text>
        <Text c="dimmed" fz="sm" aria-hidden="true">
          {answered}/{total}
        </Text>
      </Group>
      <Progress value={percent} aria-label={`${percent}% of the questions answered`} size="md" />
      <Group gap={6} aria-hidden="true" data-testid="progress-dots">
        {questions.map((question, index) => {
          const isAnswered = answers[question.id] !== undefined;
          const isCurrent = index === currentIndex;
          return (
            <Box
              key={question.id}
              data-state={isCurrent ? 'current' : isAnswered ? 'answered' : 'open'}
              w={12}
              h={12}
              style={{
                borderRadius: '50%',
                background: isAnswered ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-gray-3)',
                outline: isCurrent ? '2px solid var(--mantine-color-anchor)' : undefined,
                outlineOffset: 2,
              }}
            />
          );
        })}
      </Group>
    </Stack>
  );
}
