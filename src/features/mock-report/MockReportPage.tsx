import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import {
  createMockReportImplementations,
  mockReportMachine,
} from '../../../machines/mock-report/mock-report.machine';
import type { SessionInfo } from '../../../machines/shared/ports';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { mockExamReportService } from '../../services/mock-exam-report';
import { MockReportView } from './MockReportView';
import { reportCopy } from './report-copy';

const implementations = createMockReportImplementations(mockExamReportService);

/** /exams/mock/report?exam=<id>: a finished mock exam's readiness report (the latest without an id). */
export function MockReportPage() {
  usePageTitle(reportCopy.title);
  const examId = useSearchParams()[0].get('exam');
  return (
    <WithSession loaderLabel="Checking your session">
      {(session) => <MockReport key={examId ?? ''} session={session} examId={examId} />}
    </WithSession>
  );
}

function MockReport({ session, examId }: { session: SessionInfo | null; examId: string | null }) {
  const [snapshot, send] = useMachine(
    mockReportMachine.provide({ ...implementations, actions: useAppActions() }),
    { input: { session, examId }, inspect },
  );
  return <MockReportView snapshot={snapshot} send={send} />;
}
