import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { CLASSIC_PART } from '../../../machines/mock-exam/exam-rules';
import type { MockExamEvent, mockExamMachine } from '../../../machines/mock-exam/mock-exam.machine';
import type { ShownItem } from '../../../machines/mock-exam/mock-exam.ports';
import { BusyNote } from '../../components/BusyNote';
import { Calculator } from '../../components/Calculator';
import { ErrorDetails } from '../../components/ErrorDetails';
import { gateScreenOf } from '../../components/flow-parts/AccessGateScreen';
import { focusOnMount } from '../../components/focus-on-mount';
import { Exhibit } from '../../components/items/Exhibit';
import { ItemView } from '../../components/items/ItemView';
import { QuestionCard } from '../../components/items/QuestionCard';
import { TimeLeft } from '../../components/TimeLeft';
import { examCopy } from './exam-copy';

export type MockExamSnapshot = SnapshotFrom<typeof mockExamMachine>;

interface ViewProps {
  snapshot: MockExamSnapshot;
  send(event: MockExamEvent): void;
}

/** "4:59:07": hours, minutes and seconds left, never below zero. */

/** /exams/mock from the exam's snapshot. */
export function MockExamView({ snapshot, send }: ViewProps) {
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Title order={1}>{examCopy.title}</Title>
      <Body snapshot={snapshot} send={send} />
    </Stack>
  );
}

function Failure({ title, snapshot, send }: ViewProps & { title: string }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <ErrorDetails message={snapshot.context.error} />
        <Button onClick={() => send({ type: 'exam.retry' })} disabled={!snapshot.can({ type: 'exam.retry' })}>
          {examCopy.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}

function Body({ snapshot, send }: ViewProps) {
  const gate = gateScreenOf(snapshot);
  if (gate) return gate;
  if (snapshot.matches('resuming')) return <BusyNote label={examCopy.resuming} />;
  if (snapshot.matches('loadFailed'))
    return <Failure title={examCopy.loadFailedTitle} snapshot={snapshot} send={send} />;
  if (snapshot.matches('ready')) {
    return (
      <Paper withBorder p="lg" component="section" aria-labelledby="exam-ready">
        <Stack gap="md" align="flex-start">
          <Title order={2} fz="h3" id="exam-ready">
            {examCopy.readyHeading}
          </Title>
          <List spacing="xs">
            {examCopy.readyPoints.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          <Button onClick={() => send({ type: 'exam.start' })}>{examCopy.start}</Button>
        </Stack>
      </Paper>
    );
  }
  if (snapshot.matches('starting')) return <BusyNote label={examCopy.starting} />;
  if (snapshot.matches('startFailed'))
    return <Failure title={examCopy.startFailedTitle} snapshot={snapshot} send={send} />;
  if (snapshot.matches('timeUp')) {
    return (
      <Alert color="blue" role="status" title={examCopy.timeUpTitle}>
        <Stack gap="xs">
          {snapshot.context.notice && <Text>{snapshot.context.notice}</Text>}
          <Text>{examCopy.timeUpText}</Text>
        </Stack>
      </Alert>
    );
  }
  if (snapshot.matches('timeUpFailed'))
    return <Failure title={examCopy.timeUpFailedTitle} snapshot={snapshot} send={send} />;
  if (snapshot.matches('finished')) return <BusyNote label={examCopy.finished} />;
  if (snapshot.matches('exam')) return <InExam snapshot={snapshot} send={send} />;
  return null;
}

/** The exam in progress: the bar (question, time left, break, calculator) and the item or the break. */
function InExam({ snapshot, send }: ViewProps) {
  const [calculatorOpen, setCalculatorOpen] = useState(false);
  const { exam, timeLeftMs, notice } = snapshot.context;
  const item = exam?.item;
  if (!exam || !item) return null;
  const onBreak = snapshot.matches({ exam: 'onBreak' });
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" component="section" aria-label="Exam status">
        <Group justify="space-between" gap="sm">
          <Text fw={700} data-testid="exam-question-number">
            {examCopy.questionOf(item.ordinal)}
          </Text>
          <TimeLeft ms={timeLeftMs} label={examCopy.timeLeft} testId="exam-time-left" hours />
          <Group gap="xs">
            <Button
              variant="default"
              aria-expanded={calculatorOpen}
              onClick={() => setCalculatorOpen((open) => !open)}
              disabled={onBreak}
            >
              {calculatorOpen ? examCopy.hideCalculator : examCopy.calculator}
            </Button>
            <Button
              variant="default"
              onClick={() => send({ type: 'break.start' })}
              disabled={!snapshot.can({ type: 'break.start' })}
            >
              {examCopy.takeBreak}
            </Button>
          </Group>
        </Group>
      </Paper>
      {onBreak ? (
        <Paper withBorder p="xl" component="section" aria-labelledby="exam-break">
          <Stack gap="md" align="flex-start">
            <Title order={2} fz="h3" id="exam-break" tabIndex={-1} ref={focusOnMount}>
              {examCopy.breakHeading}
            </Title>
            <Text>{examCopy.breakText}</Text>
            <Button onClick={() => send({ type: 'break.end' })}>{examCopy.endBreak}</Button>
          </Stack>
        </Paper>
      ) : (
        <>
          {calculatorOpen && <Calculator />}
          {notice && (
            <Alert color="orange" role="alert" title={examCopy.refusedTitle}>
              {notice}
            </Alert>
          )}
          <ItemArea item={item} snapshot={snapshot} send={send} />
        </>
      )}
    </Stack>
  );
}

function ItemArea({ item, snapshot, send }: ViewProps & { item: ShownItem }) {
  const { response } = snapshot.context;
  const heading = examCopy.questionOf(item.ordinal);
  const next = (
    <Group justify="flex-end">
      {snapshot.matches({ exam: 'submitting' }) && <BusyNote label={examCopy.submitting} />}
      <Button
        onClick={() => send({ type: 'answer.submit' })}
        disabled={!snapshot.can({ type: 'answer.submit' })}
      >
        {examCopy.next}
      </Button>
    </Group>
  );
  const failed = snapshot.matches({ exam: 'submitFailed' }) && (
    <Failure title={examCopy.submitFailedTitle} snapshot={snapshot} send={send} />
  );
  if (item.bank === 'classic') {
    return (
      <Stack gap="md" key={item.token}>
        <QuestionCard
          question={{ id: item.itemId, stem: item.stem, options: item.options }}
          index={item.ordinal - 1}
          total={0}
          heading={heading}
          answer={response[CLASSIC_PART]?.[0]}
          // The machine takes no pick while the answer is on its way; the card stays as it was.
          locked={false}
          focusHeading
          onSelect={(choiceId) => send({ type: 'choice.pick', groupId: CLASSIC_PART, choiceId })}
        />
        {failed}
        {next}
      </Stack>
    );
  }
  const ngn = item.item;
  return (
    <Stack gap="md" key={item.token}>
      {item.caseStudy && (
        <Paper withBorder p="md" component="section" aria-labelledby="exam-case">
          <Title order={2} fz="h4" id="exam-case">
            {examCopy.caseStudy(item.caseStudy.title)}
          </Title>
          <Text>{item.caseStudy.intro}</Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, md: ngn.exhibit.length > 0 ? 2 : 1 }} spacing="lg">
        {ngn.exhibit.length > 0 && <Exhibit tabs={ngn.exhibit} title={examCopy.clientRecord} />}
        <Stack gap="md">
          <ItemView
            item={ngn}
            index={item.ordinal - 1}
            total={0}
            heading={heading}
            showStep={false}
            response={response}
            canPick={(groupId, choiceId) => snapshot.can({ type: 'choice.pick', groupId, choiceId })}
            onPick={(groupId, choiceId) => send({ type: 'choice.pick', groupId, choiceId })}
          />
          {failed}
          {next}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
