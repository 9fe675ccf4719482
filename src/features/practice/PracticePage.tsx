import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import {
  createPracticeSessionImplementations,
  practiceSessionMachine,
} from '../../../machines/practice-session/practice-session.machine';
import type { SessionInfo } from '../../../machines/shared/ports';
import { useAuthSnapshot } from '../../app/auth-actor';
import { inspect } from '../../app/inspector';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { practiceService } from '../../services/practice.service';
import { PracticeView } from './PracticeView';
import { LOAD_ERROR_LOG } from './practice-copy';
import { clearProgress, readLayout, readProgress, writeLayout, writeProgress } from './practice-storage';

const implementations = createPracticeSessionImplementations(practiceService);

/** /practice: waits for the auth actor's first answer, then runs the practice session for that student. */
export function PracticePage() {
  usePageTitle('Practice');
  const checking = useAuthSnapshot((s) => !s.hasTag('signedIn') && !s.hasTag('signedOut'));
  const session = useAuthSnapshot((s) => (s.hasTag('signedIn') ? s.context.session : null));
  if (checking) {
    return <PageLoader label="Checking your session" />;
  }
  // A different student (or a sign-out) starts a different session.
  return <PracticeSession key={session?.userId ?? 'signed-out'} session={session} />;
}

function PracticeSession({ session }: { session: SessionInfo | null }) {
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    practiceSessionMachine.provide({
      ...implementations,
      actions: {
        navigateTo: (_, { path }) => navigate(path, { replace: true }),
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
