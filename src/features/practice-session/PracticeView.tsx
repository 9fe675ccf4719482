import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { SnapshotFrom } from 'xstate';
import { resultMessage, score } from '../../../machines/practice-session/practice-rules';
import {
  allAnswered,
  answeredQuestions,
  currentQuestion,
  isLastQuestion,
  type PracticeSessionEvent,
  type practiceSessionMachine,
} from '../../../machines/practice-session/practice-session.machine';
import type { PracticeFocus, PracticeQuestion } from '../../../machines/shared/ports';
import { BusyNote } from '../../components/BusyNote';
import { gateScreenOf } from '../../components/flow-parts/AccessGateScreen';
import { QuestionCard } from '../../components/items/QuestionCard';
import { optionLetter } from '../../components/option-letter';
import { LayoutSwitch } from './parts/LayoutSwitch';
import { ProgressHeader } from './parts/ProgressHeader';
import { ResultsPanel } from './parts/ResultsPanel';
import { practiceCopy } from './practice-copy';

export type PracticeSnapshot = SnapshotFrom<typeof practiceSessionMachine>;

interface PracticeViewProps {
  snapshot: PracticeSnapshot;
  send(event: PracticeSessionEvent): void;
}

/** Keys: 1–9 or the letters A–I choose an option of the current question, Enter goes to Next or Submit. */
function useAnswerKeys({ snapshot, send }: PracticeViewProps) {
  const oneAtATime = snapshot.matches({ answering: 'oneAtATime' });
  const current = currentQuestion(snapshot);
  const pick = (n: number) => () => {
    const option = current?.options[n - 1];
    if (!oneAtATime || !current || !option) return;
    const event = { type: 'answer.select', questionId: current.id, optionId: option.id } as const;
    if (snapshot.can(event)) send(event);
  };
  // Radios are inputs, so inputs are not ignored: the number keys work while an option has focus.
  const positions = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  useHotkeys(
    [
      ...positions.map((n) => [String(n), pick(n)] as [string, () => void]),
      // The options are lettered as the rationales name them, so their letters choose them too.
      ...positions.map((n) => [optionLetter(n - 1).toLowerCase(), pick(n)] as [string, () => void]),
    ],
    ['TEXTAREA', 'SELECT'],
  );
  // A focused button or link handles Enter itself; handling it here too would press twice.
  useHotkeys(
    [
      [
        'Enter',
        () => {
          if (snapshot.can({ type: 'question.next' })) send({ type: 'question.next' });
          else if (snapshot.can({ type: 'set.submit' })) send({ type: 'set.submit' });
        },
      ],
    ],
    ['TEXTAREA', 'SELECT', 'BUTTON', 'A'],
  );
}

/** /practice from the session's snapshot: every screen of the practice flow. */
export function PracticeView(props: PracticeViewProps) {
  const { snapshot, send } = props;
  useAnswerKeys(props);
  const { questions, currentIndex, layout } = snapshot.context;
  const answering = snapshot.matches('answering');
  return (
    <Stack gap="lg" maw={820} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Practice</Title>
        {answering && (
          <LayoutSwitch
            layout={layout}
            enabled={snapshot.can({ type: 'layout.switch' })}
            onSwitch={() => send({ type: 'layout.switch' })}
          />
        )}
      </Group>
      <FocusHeading focus={snapshot.context.focus} questions={questions} />
      <PracticeBody {...props} />
      {answering && questions.length > 0 && currentIndex === 0 && answeredQuestions(snapshot) === 0 && (
        <Text c="dimmed" fz="sm" data-testid="keyboard-hint">
          {snapshot.matches({ answering: 'oneAtATime' })
            ? practiceCopy.keyboardHintOneAtATime(currentQuestion(snapshot)?.options.length ?? 4)
            : practiceCopy.keyboardHintAllOnOnePage}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Which set this is, for a set drawn from the record (`?focus=weakest` or `missed`): the weakest
 * category's set names its category, the one all its questions share.
 */
function FocusHeading({
  focus,
  questions,
}: {
  focus: PracticeFocus;
  questions: readonly PracticeQuestion[];
}) {
  if (focus === 'mixed') return null;
  const categories = new Set(questions.map((question) => question.category));
  const [category] = categories;
  const named = focus === 'weakest' && categories.size === 1 && category;
  return (
    <Title order={2} fz="h3" data-testid="focus-heading">
      {practiceCopy.focusHeading[focus]}
      {named ? `: ${category}` : ''}
    </Title>
  );
}

function PracticeBody({ snapshot, send }: PracticeViewProps) {
  const { questions, answers, currentIndex } = snapshot.context;
  const select = (questionId: string) => (optionId: string) => {
    const event = { type: 'answer.select', questionId, optionId } as const;
    if (snapshot.can(event)) send(event);
  };

  if (snapshot.matches({ checkingAccess: { access: 'granted' } }) || snapshot.matches('loading')) {
    return <BusyNote label="Loading questions…" />;
  }
  const gate = gateScreenOf(snapshot);
  if (gate) return gate;

  if (snapshot.matches('empty')) {
    return (
      <Paper withBorder p="xl">
        <Stack align="flex-start">
          <Text fz="lg">{practiceCopy.empty}</Text>
          <Button onClick={() => send({ type: 'set.retry' })} disabled={!snapshot.can({ type: 'set.retry' })}>
            Try again
          </Button>
        </Stack>
      </Paper>
    );
  }

  const answered = answeredQuestions(snapshot);

  if (snapshot.matches({ answering: 'oneAtATime' })) {
    const question = currentQuestion(snapshot);
    if (!question) return null;
    return (
      <Stack gap="md">
        <ProgressHeader
          questions={questions}
          answers={answers}
          currentIndex={currentIndex}
          answered={answered}
        />
        <QuestionCard
          key={question.id}
          question={question}
          index={currentIndex}
          total={questions.length}
          answer={answers[question.id]}
          locked={false}
          focusHeading
          onSelect={select(question.id)}
        />
        <Group justify="flex-end">
          {isLastQuestion(snapshot) ? (
            <Button
              onClick={() => send({ type: 'set.submit' })}
              disabled={!snapshot.can({ type: 'set.submit' })}
            >
              Submit
            </Button>
          ) : (
            <Button
              onClick={() => send({ type: 'question.next' })}
              disabled={!snapshot.can({ type: 'question.next' })}
            >
              Next
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  if (snapshot.matches({ answering: 'allOnOnePage' })) {
    return (
      <Stack gap="md">
        {questions.map((question, index) => (
          <QuestionCard
            key={question.id}
            question={question}
            index={index}
            total={questions.length}
            answer={answers[question.id]}
            locked={index < currentIndex}
            focusHeading={false}
            onSelect={select(question.id)}
          />
        ))}
        <Stack gap="xs" align="flex-end">
          <Text aria-live="polite" id="practice-answer-all" fz="sm">
            {allAnswered(snapshot) ? '' : practiceCopy.answerAll(answered, questions.length)}
          </Text>
          <Button
            onClick={() => send({ type: 'set.submit' })}
            disabled={!snapshot.can({ type: 'set.submit' })}
            aria-describedby="practice-answer-all"
          >
            {practiceCopy.submitAnswers}
          </Button>
        </Stack>
      </Stack>
    );
  }

  if (snapshot.matches('results')) {
    const correct = score(questions, answers);
    return (
      <ResultsPanel
        questions={questions}
        answers={answers}
        score={correct}
        message={resultMessage(correct, questions.length)}
        showRemediation={snapshot.matches({ results: 'remediation' })}
        canToggleRemediation={snapshot.can({ type: 'remediation.toggle' })}
        canRestart={snapshot.can({ type: 'set.restart' })}
        onToggleRemediation={() => send({ type: 'remediation.toggle' })}
        onRestart={() => send({ type: 'set.restart' })}
        delivery={snapshot.children.recordDelivery}
        setId={snapshot.context.setId}
        canStartNewSet={snapshot.can({ type: 'set.new' })}
        onStartNewSet={() => send({ type: 'set.new' })}
      />
    );
  }
  return null;
}
