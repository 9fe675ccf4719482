import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type Answers,
  focusKeywords,
  isAnsweredCorrectly,
} from '../../../../machines/practice-session/practice-rules';
import type { PracticeQuestion } from '../../../../machines/shared/ports';
import { optionLetter } from '../../../components/option-letter';
import { BANK_WORD_FREQUENCY } from '../../../content/bank-word-frequency';
import { remediationPrompt } from '../../../content/remediation';
import { FOCUS_STOP_WORDS } from '../../../content/stop-words';

interface RemediationListProps {
  questions: PracticeQuestion[];
  answers: Answers;
}

/** Remediation for the incorrect questions only: the category prompt and up to 3 focus keywords. */
export function RemediationList({ questions, answers }: RemediationListProps) {
  const incorrect = questions.filter((question) => !isAnsweredCorrectly(question, answers));
  return (
    <Stack gap="md">
      <Title order={2} fz="h3" id="practice-remediation-title" tabIndex={-1}>
        Remediation
      </Title>
      {incorrect.length === 0 && <Text>Every answer was correct: nothing to review in this set.</Text>}
      {incorrect.map((question) => {
        const chosen = question.options.find((o) => o.id === answers[question.id]);
        const correct = question.options.find((o) => o.is_correct);
        const keywords = focusKeywords(question.stem, FOCUS_STOP_WORDS, BANK_WORD_FREQUENCY);
        return (
          <Paper key={question.id} withBorder p="md" component="article" data-remediation-for={question.id}>
            <Stack gap="xs">
              <Title order={3} fz="md">
                {question.stem}
              </Title>
              <Text fz="sm">
                <Text span fw={600}>
                  Your answer:
                </Text>{' '}
                {chosen ? `${optionLetter(question.options.indexOf(chosen))}. ${chosen.label}` : 'No answer'}
              </Text>
              {correct && (
                <Text fz="sm">
                  <Text span fw={600}>
                    Correct answer:
                  </Text>{' '}
                  {optionLetter(question.options.indexOf(correct))}. {correct.label}
                </Text>
              )}
              <Text fz="sm" data-testid="remediation-category">
                <Text span fw={600}>
                  {question.category ?? 'General review'}:
                </Text>{' '}
                <span data-testid="remediation-prompt">{remediationPrompt(question.category)}</span>
              </Text>
              {keywords.length > 0 && (
                <Group gap={6} data-testid="remediation-keywords">
                  <Text span fz="sm" fw={600}>
                    Focus keywords:
                  </Text>
                  {keywords.map((keyword) => (
                    <Badge key={keyword} variant="outline" color="var(--mantine-color-anchor)" tt="none">
                      {keyword}
                    </Badge>
                  ))}
                </Group>
              )}
              {question.rationale && (
                <Text className="rationale-text" data-testid="remediation-rationale">
                  <Text span fw={600}>
                    Rationale:
                  </Text>{' '}
                  {question.rationale}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
