import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QUESTIONS_PER_SET } from '../../../domain/business-rules';
import {
  createPracticeSessionImplementations,
  type PracticeSessionInput,
  practiceSessionMachine,
  resumableProgress,
} from '../../../machines/practice-session/practice-session.machine';
import type { PracticeFocus, PracticeQuestion, SessionInfo } from '../../../machines/shared/ports';
import { useAppActions } from '../../app/app-actions';
import { inspect } from '../../app/inspector';
import { newSetId } from '../../components/set-id';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { learningRecordService } from '../../services/learning-record.service';
import { practiceService } from '../../services/practice.service';
import { PracticeView } from './PracticeView';
import { LOAD_ERROR_LOG } from './practice-copy';
import { clearProgress, readLayout, readProgress, writeLayout, writeProgress } from './practice-storage';

/** The first set's questions, requested before the machine asks for them (or null). */
type Prefetch = { current: Promise<PracticeQuestion[]> | null };

/**
 * The machine's actors; `loadQuestions` hands over the prefetched first set once, when it is the
 * set asked for, and fetches afresh otherwise (Try again, a new set).
 */
function implementationsFor(focus: PracticeFocus, prefetch: Prefetch) {
  return createPracticeSessionImplementations({
    ...practiceService,
    loadQuestions: (limit, requestedFocus) => {
      const first = prefetch.current;
      prefetch.current = null;
      return first && limit === QUESTIONS_PER_SET && requestedFocus === focus
        ? first
        : practiceService.loadQuestions(limit, requestedFocus);
    },
    recordSet: learningRecordService.recordSet,
  });
}

/** `/practice?focus=weakest` or `missed` draws from the record; anything else is an ordinary set. */
function focusOf(value: string | null): PracticeFocus {
  return value === 'weakest' || value === 'missed' ? value : 'mixed';
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
  const appActions = useAppActions();
  // Read once per session: the machine takes its input and actors on its first render only.
  const [input] = useState<PracticeSessionInput>(() => ({
    session,
    layout: readLayout(),
    saved: session ? readProgress(session.userId) : null,
    random: Math.random,
    focus,
    newSetId,
    now: () => new Date().toISOString(),
  }));
  const prefetch = useRef<Promise<PracticeQuestion[]> | null>(null);
  const [implementations] = useState(() => implementationsFor(focus, prefetch));
  // The first set is requested together with the machine's entitlement check when no set resumes:
  // one round trip on a slow network instead of two (decision 080). The machine still shows the
  // questions only once access is granted, and the procedure returns none to a student without
  // access. Started in an effect, so a render React discards requests nothing.
  useEffect(() => {
    if (input.session === null || resumableProgress(input) !== null) return;
    const request = practiceService.loadQuestions(QUESTIONS_PER_SET, input.focus);
    // Unused when the student has no access (the machine goes to billing): not an unhandled error.
    request.catch(() => {});
    prefetch.current = request;
    return () => {
      prefetch.current = null;
    };
  }, [input]);
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
        queueRecord: (_, record) => learningRecordService.queueSet(record),
      },
    }),
    { input, inspect },
  );
  return <PracticeView snapshot={snapshot} send={send} />;
}
