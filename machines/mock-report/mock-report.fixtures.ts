import {
  grantedAccess,
  judgmentItems,
  signedOutAccess,
} from '../clinical-judgment/clinical-judgment.fixtures';
import { missedQuestion } from '../learning-record/learning-record.fixtures';
import { BackendError } from '../shared/backend-error';
import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import type { MockReportInput } from './mock-report.machine';
import type { MockExamReport } from './mock-report.ports';

const [selectAll] = judgmentItems;

/** A passed exam ended by the confidence rule at 85 items (two items of its review are enough here). */
export const passedReport: MockExamReport = {
  examId: '3b6d8a52-5a7e-4bb8-9a55-0f3f1d8f2c11',
  startedAt: '2026-11-28T08:00:00.000Z',
  finishedAt: '2026-11-28T09:30:00.000Z',
  timeLimitSeconds: 18_000,
  timeUsedSeconds: 5_400,
  itemsAnswered: 85,
  scoredItems: 70,
  rule: 'confidence',
  passed: true,
  passingStandard: -0.18,
  provisional: true,
  estimate: 1.2,
  standardError: 0.3,
  band: { lower: 0.61, upper: 1.79 },
  passProbability: 0.9999,
  passProbabilityMethod: 'normal-approximation',
  performance: {
    clientNeeds: [
      { group: 'Coordinated Care', items: 12, level: 'above', band: { lower: 0.1, upper: 2.1 } },
      { group: 'Basic Care and Comfort', items: 6, level: 'near', band: { lower: -1.2, upper: 1.9 } },
    ],
    judgmentSteps: [{ group: 'recognize-cues', items: 3, level: 'below', band: { lower: -3, upper: -0.5 } }],
  },
  review: [
    {
      bank: 'classic',
      ordinal: 1,
      itemId: 'q1',
      points: 0,
      maxPoints: 1,
      question: missedQuestion('Coordinated Care'),
    },
    ...(selectAll
      ? [
          {
            bank: 'ngn' as const,
            ordinal: 2,
            itemId: selectAll.id,
            points: 3,
            maxPoints: 3,
            category: selectAll.category,
            item: selectAll,
            picks: { options: ['a', 'c', 'd'] },
            caseStudy: null,
          },
        ]
      : []),
  ],
};

export const noExam = new BackendError('There is no finished mock exam to report.', 'no_exam');
const offline = new BackendError('Failed to fetch');

/** The mock-report flow's example inputs and events (see machines/shared/fixtures.ts). */
export const mockReportFixtures: FlowFixtures<MockReportInput> = {
  inputs: {
    'Signed in, an exam named in the address': () => ({ session: ada, examId: passedReport.examId }),
  },
  events: [
    done('accessGate', grantedAccess, 'access granted'),
    done('accessGate', { access: 'notEntitled', redirectTo: 'billing' }, 'no plan or trial: to /billing'),
    done('accessGate', signedOutAccess, 'signed out: to /login'),
    done('loadReport', passedReport, 'a passed exam'),
    failed('loadReport', noExam),
    failed('loadReport', offline),
    plain('report.retry'),
  ],
};
