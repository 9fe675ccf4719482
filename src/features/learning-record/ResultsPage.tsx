import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { currentSession } from '../../../machines/auth/auth.machine';
import {
  createLearningRecordImplementations,
  learningRecordMachine,
} from '../../../machines/learning-record/learning-record.machine';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthSnapshot } from '../../runtime/auth-actor';
import { inspect } from '../../runtime/inspector';
import { learningRecordService } from '../../services/learning-record.service';
import { MockExams } from './parts/MockExams';
import { ResultsView } from './ResultsView';

const implementations = createLearningRecordImplementations(learningRecordService);

/** /results (behind the session guard): the student's learning record and past sets. */
export function ResultsPage() {
  usePageTitle('Results');
  const userId = useAuthSnapshot(currentSession)?.userId;
  const openSetId = useSearchParams()[0].get('set');
  // The guard renders this page only with a session; the key restarts the record for another student.
  if (!userId) return null;
  return <Results key={userId} userId={userId} openSetId={openSetId} />;
}

function Results({ userId, openSetId }: { userId: string; openSetId: string | null }) {
  const [snapshot, send] = useMachine(learningRecordMachine.provide(implementations), {
    input: { userId, openSetId },
    inspect,
  });
  return <ResultsView snapshot={snapshot} send={send} mockExams={<MockExams />} />;
}
