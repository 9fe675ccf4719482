import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { PASSING_STANDARD } from '../../../../domain/cat/constants';
import {
  createMockRecordImplementations,
  type MockRecordEvent,
  mockRecordMachine,
} from '../../../../machines/mock-record/mock-record.machine';
import type { MockExamRecord, NclexResult } from '../../../../machines/mock-report/mock-report.ports';
import { BusyNote } from '../../../components/BusyNote';
import { ErrorDetails } from '../../../components/ErrorDetails';
import { EstimateTrend } from '../../../components/EstimateTrend';
import { logits, probabilityText } from '../../../components/readiness-format';
import { setDate } from '../../../components/record-format';
import { paths } from '../../../config/paths';
import { inspect } from '../../../runtime/inspector';
import { mockExamReportService } from '../../../services/mock-exam-report';

const implementations = createMockRecordImplementations(mockExamReportService);

export const mockExamsCopy = {
  heading: 'Mock exams',
  loading: 'Loading your mock exams…',
  failedTitle: 'We could not load your mock exams',
  none: 'No mock exam finished yet. Take one from the Mock Exams page to see your readiness here.',
  toExams: 'Go to Mock Exams',
  listLabel: 'Your mock exams, oldest first',
  line: (estimate: string, passed: boolean, band: string, probability: string) =>
    `Estimate ${estimate} logits (${passed ? 'pass' : 'did not pass'}), 95% band ${band}, probability of passing ${probability}.`,
  viewReport: 'View report',
  resultHeading: 'Your NCLEX-PN result',
  resultIntro:
    'Took the NCLEX-PN? Record your result: it is counted, without your name, in our check of how well the mock exam predicts the real one. Change or remove it at any time.',
  record: 'Record your result',
  change: 'Change',
  remove: 'Remove',
  save: 'Save result',
  cancel: 'Cancel',
  outcome: 'Your result',
  passed: 'Passed',
  notPassed: 'Did not pass',
  takenOn: 'Date of your NCLEX-PN',
  recorded: (result: NclexResult) =>
    `${result.passed ? 'Passed' : 'Did not pass'} on ${new Date(
      `${result.takenOn}T12:00:00`,
    ).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' })}.`,
  method: 'How readiness is estimated',
};

/** Today in the student's time zone, YYYY-MM-DD (the date input's latest day). */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export type MockRecordSnapshot = SnapshotFrom<typeof mockRecordMachine>;

/** /results' mock exams, running their own flow (machines/mock-record). */
export function MockExams() {
  const [snapshot, send] = useMachine(mockRecordMachine.provide(implementations), { inspect });
  return <MockExamsView snapshot={snapshot} send={send} />;
}

/** Each finished exam with its estimate and band over time, and the real result, from the snapshot. */
export function MockExamsView({
  snapshot,
  send,
}: {
  snapshot: MockRecordSnapshot;
  send(event: MockRecordEvent): void;
}) {
  const { record, error } = snapshot.context;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="mock-exams"
      data-testid="mock-exams"
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="mock-exams">
          {mockExamsCopy.heading}
        </Title>
        {snapshot.matches('loading') && <BusyNote label={mockExamsCopy.loading} />}
        {snapshot.matches('failed') && (
          <Alert color="red" role="alert" title={mockExamsCopy.failedTitle}>
            <Stack gap="sm" align="flex-start">
              <ErrorDetails message={error} />
              <Button onClick={() => send({ type: 'record.retry' })}>Try again</Button>
            </Stack>
          </Alert>
        )}
        {snapshot.matches('ready') && record && (
          <>
            <ExamList record={record} />
            {record.exams.length > 0 && (
              <RealResult
                result={record.nclexResult}
                editing={snapshot.hasTag('form')}
                busy={snapshot.hasTag('busy')}
                error={error}
                send={send}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ExamList({ record }: { record: MockExamRecord }) {
  if (record.exams.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>{mockExamsCopy.none}</Text>
        <Button component={Link} to={paths.exams} variant="light">
          {mockExamsCopy.toExams}
        </Button>
      </Stack>
    );
  }
  // A list rather than a table: five columns do not fit a phone, and each exam reads as one line.
  return (
    <>
      <EstimateTrend exams={record.exams} cut={PASSING_STANDARD} />
      <List
        listStyleType="none"
        spacing="sm"
        data-testid="mock-exam-list"
        aria-label={mockExamsCopy.listLabel}
      >
        {record.exams.map((exam) => (
          <List.Item key={exam.examId} data-exam-id={exam.examId}>
            <Text fw={600}>{setDate(exam.finishedAt)}</Text>
            <Text fz="sm">
              {mockExamsCopy.line(
                logits(exam.estimate),
                exam.passed,
                `${logits(exam.band.lower)} to ${logits(exam.band.upper)}`,
                probabilityText(exam.passProbability),
              )}{' '}
              <Anchor
                component={Link}
                to={`${paths.mockReport}?exam=${exam.examId}`}
                aria-label={`View report of ${setDate(exam.finishedAt)}`}
              >
                {mockExamsCopy.viewReport}
              </Anchor>
            </Text>
          </List.Item>
        ))}
      </List>
    </>
  );
}

function RealResult({
  result,
  editing,
  busy,
  error,
  send,
}: {
  result: NclexResult | null;
  editing: boolean;
  busy: boolean;
  error: string | null;
  send(event: MockRecordEvent): void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="nclex-result" data-testid="nclex-result">
      <Title order={3} fz="h4" id="nclex-result">
        {mockExamsCopy.resultHeading}
      </Title>
      <Text fz="sm">{mockExamsCopy.resultIntro}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {editing ? (
        <ResultForm initial={result} busy={busy} send={send} />
      ) : (
        <Group gap="sm">
          {result && <Text data-testid="nclex-recorded">{mockExamsCopy.recorded(result)}</Text>}
          {result ? (
            <>
              <Button variant="default" disabled={busy} onClick={() => send({ type: 'result.edit' })}>
                {mockExamsCopy.change}
              </Button>
              <Button
                variant="default"
                color="red"
                loading={busy}
                onClick={() => send({ type: 'result.remove' })}
              >
                {mockExamsCopy.remove}
              </Button>
            </>
          ) : (
            <Button variant="light" onClick={() => send({ type: 'result.edit' })}>
              {mockExamsCopy.record}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

function ResultForm({
  initial,
  busy,
  send,
}: {
  initial: NclexResult | null;
  busy: boolean;
  send(event: MockRecordEvent): void;
}) {
  const [passed, setPassed] = useState(initial ? String(initial.passed) : '');
  const [takenOn, setTakenOn] = useState(initial?.takenOn ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'result.save', result: { passed: passed === 'true', takenOn } });
  };
  return (
    <Stack component="form" gap="sm" onSubmit={submit} align="flex-start">
      <Radio.Group label={mockExamsCopy.outcome} value={passed} onChange={setPassed} required>
        <Group mt={4}>
          <Radio value="true" label={mockExamsCopy.passed} />
          <Radio value="false" label={mockExamsCopy.notPassed} />
        </Group>
      </Radio.Group>
      <TextInput
        type="date"
        label={mockExamsCopy.takenOn}
        value={takenOn}
        max={today()}
        required
        onChange={(event) => setTakenOn(event.currentTarget.value)}
      />
      <Group>
        <Button type="submit" loading={busy} disabled={!passed || !takenOn}>
          {mockExamsCopy.save}
        </Button>
        <Button variant="default" disabled={busy} onClick={() => send({ type: 'result.cancel' })}>
          {mockExamsCopy.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
