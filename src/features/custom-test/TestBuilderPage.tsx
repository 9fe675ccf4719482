import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CUSTOM_TEST_POOLS, type CustomTestPool } from '../../../domain/custom-tests';
import type { SessionInfo } from '../../../machines/shared/ports';
import { defaultSettings } from '../../../machines/test-builder/builder-rules';
import {
  createTestBuilderImplementations,
  type TestBuilderInput,
  testBuilderMachine,
} from '../../../machines/test-builder/test-builder.machine';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { paths } from '../../config/paths';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { localUtcOffsetMinutes, testBuilderService } from '../../services/custom-tests';
import { builderCopy } from './builder-copy';
import { TestBuilderView } from './TestBuilderView';

const implementations = createTestBuilderImplementations(testBuilderService);

/**
 * /practice/custom "Create a test" (`?pool=due` opens with that pool, `&start=1` starts at once when
 * it gives items: the dashboard's one-click review). Guarded like /practice by the shared access gate.
 */
export function TestBuilderPage() {
  usePageTitle(builderCopy.title);
  const [params] = useSearchParams();
  const pool = params.get('pool');
  return (
    <WithSession loaderLabel="Checking your session">
      {(session) => (
        <TestBuilder
          session={session}
          pool={CUSTOM_TEST_POOLS.find((p) => p === pool) ?? null}
          autoStart={params.get('start') === '1'}
        />
      )}
    </WithSession>
  );
}

function TestBuilder({
  session,
  pool,
  autoStart,
}: {
  session: SessionInfo | null;
  pool: CustomTestPool | null;
  autoStart: boolean;
}) {
  const navigate = useNavigate();
  // Read once: the machine takes its input on its first render only.
  const [input] = useState<TestBuilderInput>(() => {
    const settings = defaultSettings(localUtcOffsetMinutes());
    return { session, settings: pool ? { ...settings, pool } : settings, autoStart };
  });
  const [snapshot, send] = useMachine(
    testBuilderMachine.provide({
      ...implementations,
      actions: {
        ...useAppActions(),
        // The answering page loads the test by its id (a reload there resumes it).
        openTest: (_, { testId }) =>
          navigate(`${paths.customTestSession}?test=${encodeURIComponent(testId)}`),
      },
    }),
    { input, inspect },
  );
  return <TestBuilderView snapshot={snapshot} send={send} />;
}
