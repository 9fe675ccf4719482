import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  createMockExamImplementations,
  type MockExamInput,
  mockExamMachine,
} from '../../../machines/mock-exam/mock-exam.machine';
import type { SessionInfo } from '../../../machines/shared/ports';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { paths } from '../../config/paths';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { mockExamService } from '../../services/mock-exam';
import { examCopy } from './exam-copy';
import { MockExamView } from './MockExamView';

const implementations = createMockExamImplementations(mockExamService);

/** /exams/mock: waits for the session, then runs the exam (its machine checks access). */
export function MockExamPage() {
  usePageTitle(examCopy.title);
  return (
    <WithSession loaderLabel="Checking your session">
      {(session) => <MockExam session={session} />}
    </WithSession>
  );
}

function MockExam({ session }: { session: SessionInfo | null }) {
  const [input] = useState<MockExamInput>(() => ({ session, now: () => Date.now() }));
  const navigate = useNavigate();
  const appActions = useAppActions();
  const actions = useMemo(
    () => ({
      ...appActions,
      // Replace: Back from the report must not land on an exam that has ended.
      openReport: (_: unknown, { examId }: { examId: string }) =>
        navigate(`${paths.mockReport}?exam=${encodeURIComponent(examId)}`, { replace: true }),
    }),
    [appActions, navigate],
  );
  const [snapshot, send] = useMachine(mockExamMachine.provide({ ...implementations, actions }), {
    input,
    inspect,
  });
  return <MockExamView snapshot={snapshot} send={send} />;
}
