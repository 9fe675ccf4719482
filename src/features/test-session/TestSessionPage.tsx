import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import type { SessionInfo } from '../../../machines/shared/ports';
import {
  type CustomTestPort,
  createTestSessionImplementations,
  type TestSessionInput,
  testSessionMachine,
} from '../../../machines/test-session/test-session.machine';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import {
  answerCustomTestItem,
  loadCustomTest,
  saveItemMark,
  submitCustomTest,
} from '../../services/custom-tests';
import { practiceService } from '../../services/practice.service';
import { TestSessionView } from './TestSessionView';
import { testSessionCopy } from './test-session-copy';
import { clearTestProgress, readTestProgress, writeTestProgress } from './test-session-storage';

/**
 * The backend as the machine sees it. Submitting sends, one at a time, the answers this device
 * still holds (timed mode keeps them here until the end), then submits: the server grades and
 * records. Until then the answers stay in this device's progress, which is the submission's outbox.
 */
const port: CustomTestPort = {
  checkEntitlement: practiceService.checkEntitlement,
  loadCustomTest,
  answerCustomTestItem: (testId, a) => answerCustomTestItem(testId, a.position, a.response, a.secondsSpent),
  saveItemMark,
  queueSubmission: () => {},
  async submitCustomTest({ testId, answers }) {
    for (const a of answers) await answerCustomTestItem(testId, a.position, a.response, a.secondsSpent);
    await submitCustomTest(testId);
  },
};
const implementations = createTestSessionImplementations(port);

/** `/practice/custom/test?test=<id>`: waits for the session, then runs the test session. */
export function TestSessionPage() {
  usePageTitle(testSessionCopy.title);
  const testId = useSearchParams()[0].get('test');
  return (
    <WithSession loaderLabel="Checking your session">
      {(session) => <TestSession key={testId ?? ''} session={session} testId={testId} />}
    </WithSession>
  );
}

function inputFor(session: SessionInfo | null, testId: string | null): TestSessionInput {
  return {
    session,
    testId,
    saved: session && testId ? readTestProgress(session.userId, testId) : null,
    now: () => new Date().toISOString(),
  };
}

function TestSession({ session, testId }: { session: SessionInfo | null; testId: string | null }) {
  const [snapshot, send] = useMachine(
    testSessionMachine.provide({
      ...implementations,
      actions: {
        ...useAppActions(),
        saveProgress: (_, progress) => writeTestProgress(progress),
        clearProgress: () => {
          if (session && testId) clearTestProgress(session.userId, testId);
        },
      },
    }),
    { input: inputFor(session, testId), inspect },
  );
  return <TestSessionView snapshot={snapshot} send={send} />;
}
