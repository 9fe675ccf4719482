import { useMachine } from '@xstate/react';
import {
  createPracticeSessionImplementations,
  practiceSessionMachine,
} from '../../../machines/practice-session/practice-session.machine';
import type { SessionInfo } from '../../../machines/shared/ports';
import { useAppActions } from '../../app/app-actions';
import { inspect } from '../../app/inspector';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { practiceService } from '../../services/practice.service';
import { PracticeView } from './PracticeView';
import { LOAD_ERROR_LOG } from './practice-copy';
import { clearProgress, readLayout, readProgress, writeLayout, writeProgress } from './practice-storage';

const implementations = createPracticeSessionImplementations(practiceService);

/** /practice: waits for the auth actor's first answer, then runs the practice session for that student. */
export function PracticePage() {
  usePageTitle('Practice');
  return (
    <WithSession loaderLabel="Checking your session">
      {(session) => <PracticeSession session={session} />}
    </WithSession>
  );
}

function PracticeSession({ session }: { session: SessionInfo | null }) {
  const appActions = useAppActions();
  const [snapshot, send] = useMachine(
    practiceSessionMachine.provide({
      ...implementations,
      actions: {
        ...appActions,
        reportLoadError: (_, { error }) => console.error(LOAD_ERROR_LOG, error),
        saveProgress: (_, progress) => writeProgress(progress),
        clearProgress: () => {
          if (session) clearProgress(session.userId);
        },
        rememberLayout: (_, { layout }) => writeLayout(layout),
      },
    }),
    {
      input: {
        session,
        layout: readLayout(),
        saved: session ? readProgress(session.userId) : null,
        random: Math.random,
      },
      inspect,
    },
  );
  return <PracticeView snapshot={snapshot} send={send} />;
}
