import { Button, Group, Stack, Title } from '@mantine/core';
import type { ReviewedSet } from '../../../../machines/shared/ports';
import { focusOnMount } from '../../../components/focus-on-mount';
import { ReviewedQuestionCard } from '../../../components/review/ReviewedQuestionCard';
import { resultsCopy, setDate } from '../results-copy';

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
        <ReviewedQuestionCard
          // A set holds each question once, so the id is a stable key.
          key={question.id}
          question={question}
          heading={`Question ${index + 1} of ${set.total}`}
          unavailableNote={
            set.contentAvailable === false ? resultsCopy.contentLocked : resultsCopy.retiredQuestion
          }
        />
      ))}
      <Group>
        <Button variant="default" onClick={onClose}>
          {resultsCopy.backToResults}
        </Button>
      </Group>
    </Stack>
  );
}
