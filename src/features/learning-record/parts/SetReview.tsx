import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReviewedQuestion, ReviewedSet } from '../../../../machines/shared/ports';
import { focusOnMount } from '../../../components/focus-on-mount';
import { optionLetter } from '../../../components/option-letter';
import { resultsCopy, setDate } from '../results-copy';

function OptionLine({ question, index }: { question: ReviewedQuestion; index: number }) {
  const option = question.options[index];
  if (!option) return null;
  const chosen = option.id === question.chosenOptionId;
  const correct = option.id === question.correctOptionId;
  return (
    <List.Item data-option-id={option.id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={correct ? 700 : 400}>
          {optionLetter(index)}. {option.label}
        </Text>
        {correct && (
          <Badge color="var(--pn-color-correct-strong)" variant="filled" tt="none" style={{ flexShrink: 0 }}>
            Correct answer
          </Badge>
        )}
        {chosen && (
          <Badge
            color={correct ? 'var(--pn-color-correct)' : 'var(--pn-color-incorrect)'}
            variant="outline"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            Your answer
          </Badge>
        )}
      </Group>
    </List.Item>
  );
}

/** One past set, question by question: the options lettered A–D, the choice and the key marked, the rationale. */
export function SetReview({ set, onClose }: { set: ReviewedSet; onClose(): void }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} tabIndex={-1} ref={focusOnMount}>
          Set of {setDate(set.submittedAt)}: {set.correct} / {set.total}
        </Title>
        <Button variant="default" onClick={onClose}>
          {resultsCopy.backToResults}
        </Button>
      </Group>
      {set.questions.map((question, index) => (
        <Paper
          // A set holds each question once, so the id is a stable key.
          key={question.id}
          withBorder
          p="lg"
          component="article"
          data-review-question={question.id}
        >
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={3} fz="h4">
                Question {index + 1} of {set.total}
              </Title>
              <Badge
                className="result-badge"
                color={
                  question.isCorrect ? 'var(--pn-color-correct-strong)' : 'var(--pn-color-incorrect-strong)'
                }
                variant="filled"
                tt="none"
              >
                {question.isCorrect ? 'Correct' : 'Incorrect'}
              </Badge>
            </Group>
            {question.stem === null ? (
              <Text c="dimmed">
                {set.contentAvailable === false ? resultsCopy.contentLocked : resultsCopy.retiredQuestion}
              </Text>
            ) : (
              <>
                <Text fw={500}>{question.stem}</Text>
                <List listStyleType="none" spacing="xs" aria-label={`Options of question ${index + 1}`}>
                  {question.options.map((option, i) => (
                    <OptionLine key={option.id} question={question} index={i} />
                  ))}
                </List>
                {question.rationale && (
                  <Text className="rationale-text" data-testid="review-rationale">
                    <Text span fw={600}>
                      Rationale:
                    </Text>{' '}
                    {question.rationale}
                  </Text>
                )}
              </>
            )}
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="default" onClick={onClose}>
          {resultsCopy.backToResults}
        </Button>
      </Group>
    </Stack>
  );
}
