import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { type Answers, isAnsweredCorrectly } from '../../../../machines/practice-session/practice-rules';
import type { PracticeQuestion } from '../../../../machines/shared/ports';
import {
  RecordDeliveryNote,
  type RecordDeliveryRef,
} from '../../../components/flow-parts/RecordDeliveryNote';
import { focusOnMount } from '../../../components/focus-on-mount';
import { paths } from '../../../config/paths';
import { practiceCopy } from '../practice-copy';
import { RemediationList } from './RemediationList';

interface ResultsPanelProps {
  questions: PracticeQuestion[];
  answers: Answers;
  score: number;
  message: string;
  showRemediation: boolean;
  canToggleRemediation: boolean;
  canRestart: boolean;
  onToggleRemediation(): void;
  onRestart(): void;
  /** The set on its way to the learning record (the shared record delivery). */
  delivery: RecordDeliveryRef | undefined;
  setId: string;
  canStartNewSet: boolean;
  onStartNewSet(): void;
}

/** The shared delivery line, with the link to review the set once it is saved. */
function RecordNote({ delivery, setId }: Pick<ResultsPanelProps, 'delivery' | 'setId'>) {
  return (
    <RecordDeliveryNote
      delivery={delivery}
      afterSaved={
        <Anchor component={Link} to={`${paths.results}?set=${encodeURIComponent(setId)}`}>
          {practiceCopy.reviewThisSet}
        </Anchor>
      }
    />
  );
}

/** The score, its message, each question marked Correct or Incorrect, and what to do next. */
export function ResultsPanel(props: ResultsPanelProps) {
  const { questions, answers, score, message, showRemediation } = props;
  const missed = questions.length - score;
  // On a phone the remediation starts far below the score (ten question texts sit between them):
  // open it if needed, then move focus, and with it the scroll position, to its heading.
  const goToRemediation = () => {
    if (!showRemediation && props.canToggleRemediation) props.onToggleRemediation();
    requestAnimationFrame(() => document.getElementById('practice-remediation-title')?.focus());
  };
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Stack gap="xs" align="flex-start">
          <Title order={2} tabIndex={-1} ref={focusOnMount}>
            Your results
          </Title>
          <Text fz={40} fw={700} lh={1.1} data-testid="practice-score">
            {score} / {questions.length}
          </Text>
          <Text fz="lg" fw={500} data-testid="practice-message">
            {message}
          </Text>
          {missed > 0 && (
            <Anchor
              component="button"
              type="button"
              onClick={goToRemediation}
              data-testid="jump-to-remediation"
            >
              {practiceCopy.jumpToRemediation(missed)}
            </Anchor>
          )}
          <RecordNote delivery={props.delivery} setId={props.setId} />
        </Stack>
      </Paper>
      <List listStyleType="none" spacing="sm" aria-label="Answers by question">
        {questions.map((question, index) => {
          const correct = isAnsweredCorrectly(question, answers);
          return (
            <List.Item key={question.id} data-question-id={question.id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Badge
                  className="result-badge"
                  color={correct ? 'var(--pn-color-correct-strong)' : 'var(--pn-color-incorrect-strong)'}
                  variant="filled"
                  tt="none"
                >
                  {correct ? 'Correct' : 'Incorrect'}
                </Badge>
                <Text>
                  {index + 1}. {question.stem}
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
      <Group>
        <Button
          variant="outline"
          onClick={props.onToggleRemediation}
          disabled={!props.canToggleRemediation}
          aria-expanded={showRemediation}
          aria-controls="practice-remediation"
        >
          {showRemediation ? 'Hide Remediation' : 'View Remediation'}
        </Button>
        <Button onClick={props.onRestart} disabled={!props.canRestart}>
          Practice Again (New Set)
        </Button>
        <Button variant="light" onClick={props.onStartNewSet} disabled={!props.canStartNewSet}>
          {practiceCopy.startNewSet}
        </Button>
        <Button component={Link} to={paths.dashboard} variant="default">
          Go to Dashboard
        </Button>
      </Group>
      <div id="practice-remediation">
        {showRemediation && <RemediationList questions={questions} answers={answers} />}
      </div>
    </Stack>
  );
}
