import { passedReport } from '../mock-report/mock-report.fixtures';
import type { MockExamRecord, NclexResult } from '../mock-report/mock-report.ports';
import { BackendError } from '../shared/backend-error';
import { done, type FlowFixtures, failed, plain } from '../shared/fixtures';

/** One finished mock exam and no real result yet. */
export const oneExamRecord: MockExamRecord = {
  exams: [
    {
      examId: passedReport.examId,
      startedAt: passedReport.startedAt,
      finishedAt: passedReport.finishedAt,
      rule: passedReport.rule,
      passed: passedReport.passed,
      estimate: passedReport.estimate,
      band: passedReport.band,
      passProbability: passedReport.passProbability,
      itemsAnswered: passedReport.itemsAnswered,
    },
  ],
  nclexResult: null,
};

export const passedNclex: NclexResult = { passed: true, takenOn: '2026-11-28' };
export const futureDate = new BackendError('The exam date cannot be in the future.', '22023');
const offline = new BackendError('Failed to fetch');

/** The mock-record flow's example inputs and events (see machines/shared/fixtures.ts). */
export const mockRecordFixtures: FlowFixtures<undefined> = {
  inputs: { 'Signed in': () => undefined },
  events: [
    done('loadRecord', oneExamRecord, 'one mock exam'),
    failed('loadRecord', offline),
    plain('record.retry'),
    plain('result.edit'),
    plain('result.cancel'),
    { label: 'save: passed today', event: { type: 'result.save', result: passedNclex } },
    done('saveNclexResult', passedNclex, 'saved'),
    failed('saveNclexResult', futureDate),
    plain('result.remove'),
    done('removeNclexResult', undefined, 'removed'),
    failed('removeNclexResult', offline),
  ],
};
