import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type ClinicalJudgmentInput,
  clinicalJudgmentMachine,
  createClinicalJudgmentImplementations,
} from '../../../machines/clinical-judgment/clinical-judgment.machine';
import type { JudgmentSetKind, SessionInfo } from '../../../machines/shared/ports';
import { newSetId } from '../../components/set-id';
import { usePageTitle } from '../../components/usePageTitle';
import { WithSession } from '../../components/WithSession';
import { useAppActions } from '../../runtime/app-actions';
import { inspect } from '../../runtime/inspector';
import { judgmentService } from '../../services/judgment.service';
import { ClinicalJudgmentView } from './ClinicalJudgmentView';
import { judgmentCopy } from './judgment-copy';
import { clearJudgmentProgress, readJudgmentProgress, writeJudgmentProgress } from './judgment-storage';

const implementations = createClinicalJudgmentImplementations(judgmentService);

/**
 * /clinical-judgment (`?kind=case` for a case study, `?review=<set id>` to reopen a recorded set):
 * waits for the session, then runs the practice.
 */
export function ClinicalJudgmentPage() {
  usePageTitle(judgmentCopy.title);
  const [params] = useSearchParams();
  const kind: JudgmentSetKind = params.get('kind') === 'case' ? 'case' : 'standalone';
  const reviewSetId = params.get('review');
  return (
    <WithSession loaderLabel="Checking your session">
      {(session) => (
        <ClinicalJudgment
          key={`${kind}/${reviewSetId ?? ''}`}
          session={session}
          kind={kind}
          reviewSetId={reviewSetId}
        />
      )}
    </WithSession>
  );
}

function ClinicalJudgment({
  session,
  kind,
  reviewSetId,
}: {
  session: SessionInfo | null;
  kind: JudgmentSetKind;
  reviewSetId: string | null;
}) {
  // Read once per set: the machine takes its input on its first render only.
  const [input] = useState<ClinicalJudgmentInput>(() => ({
    session,
    kind,
    reviewSetId,
    saved: session ? readJudgmentProgress(session.userId, kind) : null,
    newSetId,
    now: () => new Date().toISOString(),
  }));
  const [snapshot, send] = useMachine(
    clinicalJudgmentMachine.provide({
      ...implementations,
      actions: {
        ...useAppActions(),
        saveProgress: (_, progress) => writeJudgmentProgress(progress),
        clearProgress: () => {
          if (session) clearJudgmentProgress(session.userId, kind);
        },
      },
    }),
    { input, inspect },
  );
  return <ClinicalJudgmentView snapshot={snapshot} send={send} />;
}
