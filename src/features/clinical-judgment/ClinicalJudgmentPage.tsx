import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import {
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

const implementations = createClinicalJudgmentImplementations(judgmentService);

/** /clinical-judgment (`?kind=case` for a case study): waits for the session, then runs the practice. */
export function ClinicalJudgmentPage() {
  usePageTitle(judgmentCopy.title);
  const kind: JudgmentSetKind = useSearchParams()[0].get('kind') === 'case' ? 'case' : 'standalone';
  return (
    <WithSession loaderLabel="Checking your session">
      {(session) => <ClinicalJudgment key={kind} session={session} kind={kind} />}
    </WithSession>
  );
}

function ClinicalJudgment({ session, kind }: { session: SessionInfo | null; kind: JudgmentSetKind }) {
  const [snapshot, send] = useMachine(
    clinicalJudgmentMachine.provide({
      ...implementations,
      actions: { ...useAppActions(), queueRecord: (_, record) => judgmentService.queueSet(record) },
    }),
    { input: { session, kind, newSetId, now: () => new Date().toISOString() }, inspect },
  );
  return <ClinicalJudgmentView snapshot={snapshot} send={send} />;
}
