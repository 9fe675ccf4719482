import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import {
  createPracticeSessionImplementations,
  type PracticeSessionInput,
  practiceSessionMachine,
} from '../../../machines/practice-session/practice-session.machine';
import type { PracticeFocus, SessionInfo } from '../../../machines/shared/ports';
import { newSetId } from '../../components/set-id';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { learningRecordService } from '../../services/learning-record.service';
import { practiceService } from '../../services/practice.service';
import { PracticeView } from './PracticeView';
import { LOAD_ERROR_LOG } from './practice-copy';
import { clearProgress, readLayout, readProgress, writeLayout, writeProgress } from './practice-storage';

// The machine asks for the first set alongside the access check itself (its `checkingAccess`).
const implementations = createPracticeSessionImplementations({
  ...practiceService,
  queueSet: learningRecordService.queueSet,
  recordSet: learningRecordService.recordSet,
});

/** `/practice?focus=weakest` or `missed` draws from the record; anything else is an ordinary set. */
function focusOf(value: string | null): PracticeFocus {
  return value === 'weakest' || value === 'missed' ? value : 'mixed';
}

/** What this device knows when the session starts (the machine reads its input once). */
function inputFor(session: SessionInfo | null, focus: PracticeFocus): PracticeSessionInput {
  return {
    session,
    layout: readLayout(),
    saved: session ? readProgress(session.userId) : null,
    random: Math.random,
    focus,
    newSetId,
    now: () => new Date().toISOString(),
  };
}

/** /practice: waits for the auth actor's first answer, then runs the practice session for that student. */
export function PracticePage() {
  usePageTitle('Practice');
  const focus = focusOf(useSearchParams()[0].get('focus'));
  return (
    <WithSession loaderLabel="Checking your session">
      {/* A new focus is a new session (the key restarts it). */}
      {(session) => <PracticeSession key={focus} session={session} focus={focus} />}
    </WithSession>
  );
}

function PracticeSession({ session, focus }: { session: SessionInfo | null; focus: PracticeFocus }) {
  const [snapshot, send] = useMachine(
    practiceSessionMachine.provide({
      ...implementations,
      actions: {
        ...useAppActions(),
        reportLoadError: (_, { error }) => console.error(LOAD_ERROR_LOG, error),
        saveProgress: (_, progress) => writeProgress(progress),
        clearProgress: () => {
          if (session) clearProgress(session.userId);
        },
        rememberLayout: (_, { layout }) => writeLayout(layout),
      },
    }),
    // Read once: useMachine takes the input on the first render only.
    { input: inputFor(session, focus), inspect },
  );
  return <PracticeView snapshot={snapshot} send={send} />;
}
