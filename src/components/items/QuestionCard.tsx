import { Badge, Group, Paper, Radio, Stack, Title, VisuallyHidden } from '@mantine/core';
import { focusOnMount } from '../focus-on-mount';
import { optionLetter } from '../option-letter';

interface QuestionCardProps {
  /** A practice question or a mock-exam item: what is shown, never the key. */
  question: { id: string; stem: string; options: { id: string; label: string }[] };
  index: number;
  total: number;
  /** The chosen option id, if any. */
  answer: string | undefined;
  /** Locked by Next: shown, but its answer cannot change. */
  locked: boolean;
  /** Move focus to the heading when this question appears (one-at-a-time layout). */
  focusHeading: boolean;
  /** The heading instead of "Question n of total" (the mock exam has no known total). */
  heading?: string;
  /** Options the student struck out (custom tests): drawn crossed out, still selectable. */
  struck?: string[];
  onSelect(optionId: string): void;
}

/**
 * A locked question keeps its text at full contrast and marks the student's own answer (bold, a
 * filled radio): Mantine's disabled grey made the chosen answer hard to find (src/app/app.css).
 */
const lockedOptionClasses = { label: 'locked-option-label' };
const lockedChoiceClasses = {
  root: 'locked-choice',
  label: 'locked-option-label',
  radio: 'locked-choice-radio',
};

/** One question (practice, the mock exam): its heading, the stem and the options as a native radio group (arrow keys work). */
export function QuestionCard({
  question,
  index,
  total,
  answer,
  locked,
  focusHeading,
  heading,
  struck = [],
  onSelect,
}: QuestionCardProps) {
  const headingId = `question-${question.id}-heading`;
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={headingId} data-question-id={question.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="h4" id={headingId} tabIndex={-1} ref={focusHeading ? focusOnMount : undefined}>
            {heading ?? `Question ${index + 1} of ${total}`}
          </Title>
          {locked && (
            <Badge color="gray" variant="light">
              Locked
            </Badge>
          )}
        </Group>
        <Radio.Group
          name={`question-${question.id}`}
          // Always controlled: the radios show only what the session accepted.
          value={answer ?? ''}
          onChange={onSelect}
          label={question.stem}
          disabled={locked}
          styles={{ label: { fontWeight: 500, fontSize: 'var(--mantine-font-size-md)' } }}
        >
          <Stack gap="xs" mt="sm">
            {question.options.map((option, i) => (
              <Radio
                key={option.id}
                value={option.id}
                label={
                  struck.includes(option.id) ? (
                    <span className="struck-option" data-struck="true">
                      {`${optionLetter(i)}. ${option.label}`}
                      <VisuallyHidden> (struck out)</VisuallyHidden>
                    </span>
                  ) : (
                    `${optionLetter(i)}. ${option.label}`
                  )
                }
                disabled={locked}
                classNames={
                  locked ? (option.id === answer ? lockedChoiceClasses : lockedOptionClasses) : undefined
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}
