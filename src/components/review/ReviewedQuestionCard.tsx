import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReviewedQuestion } from '../../../machines/shared/ports';
import { reviewCopy } from '../../content/review';
import { optionLetter } from '../option-letter';

function OptionLine({ question, index }: { question: ReviewedQuestion; index: number }) {
  const option = question.options[index];
  if (!option) return null;
  const chosen = option.id === question.chosenOptionId;
  const correct = option.id === question.correctOptionId;
  return (
    <List.Item data-option-id={option.id}>
      {/* Wraps: beside a long option the two badges do not fit a phone. */}
      <Group gap="xs" align="flex-start">
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

/**
 * One answered stand-alone question reviewed: the options lettered A–D, the choice and the key
 * marked (in words, not by colour alone), the rationale. Used by a practice set's review on
 * /results and by the mock exam report. `unavailableNote` is shown when the question has no content
 * (retired from the bank, or locked after access ended).
 */
export function ReviewedQuestionCard({
  question,
  heading,
  unavailableNote,
}: {
  question: ReviewedQuestion;
  heading: string;
  unavailableNote: string;
}) {
  return (
    <Paper withBorder p="lg" component="article" data-review-question={question.id}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} fz="h4">
            {heading}
          </Title>
          <Badge
            className="result-badge"
            color={question.isCorrect ? 'var(--pn-color-correct-strong)' : 'var(--pn-color-incorrect-strong)'}
            variant="filled"
            tt="none"
          >
            {question.isCorrect ? 'Correct' : 'Incorrect'}
          </Badge>
        </Group>
        {question.stem === null ? (
          <Text c="dimmed">{unavailableNote}</Text>
        ) : (
          <>
            <Text fw={500}>{question.stem}</Text>
            <List listStyleType="none" spacing="xs" aria-label={`Options of ${heading}`}>
              {question.options.map((option, i) => (
                <OptionLine key={option.id} question={question} index={i} />
              ))}
            </List>
            {question.rationale && (
              <Text className="rationale-text" data-testid="review-rationale">
                <Text span fw={600}>
                  {reviewCopy.rationale}
                </Text>{' '}
                {question.rationale}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
