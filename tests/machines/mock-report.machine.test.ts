import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { mockReportFixtures, noExam, passedReport } from '../../machines/mock-report/mock-report.fixtures';
import { type MockReportInput, mockReportMachine } from '../../machines/mock-report/mock-report.machine';
import { BackendError } from '../../machines/shared/backend-error';
import { ada } from '../../machines/shared/fixtures';
import { describeModel, FakeActors } from '../support/model';

function start(input: MockReportInput, fakes = new FakeActors()) {
  const navigations: string[] = [];
  const actor = createActor(
    mockReportMachine.provide({
      actors: {
        // The gate stands in as a promise: its own states are its model test's (access-gate.machine.test.ts).
        accessGate: fakes.promise('accessGate') as never,
        loadReport: fakes.promise('loadReport'),
      },
      actions: { navigateTo: (_, { route }) => navigations.push(route) },
    }),
    { input },
  ).start();
  return { actor, fakes, navigations };
}

describeModel(mockReportMachine, mockReportFixtures, async ({ input, fakes, replay }) => {
  const { actor, navigations } = start(input, fakes);
  await replay({
    actor,
    assertions: {
      'mock-report.checkingAccess': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.report).toBeNull();
      },
      'mock-report.redirecting': (s) => {
        expect(s.status).toBe('done');
        expect(['login', 'billing']).toContain(navigations.at(-1));
      },
      'mock-report.loading': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.calls.at(-1)).toEqual({ name: 'loadReport', input: { examId: passedReport.examId } });
      },
      'mock-report.ready': (s) => {
        expect(s.context.report).toEqual(passedReport);
        expect(s.context.error).toBeNull();
      },
      'mock-report.failed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.can({ type: 'report.retry' })).toBe(true);
      },
      'mock-report.unavailable': (s) => {
        expect(s.context.error).toBe(noExam.message);
        expect(s.context.refusal).toBe('no_exam');
        // No retry: asking again for an exam that is not there changes nothing.
        expect(s.can({ type: 'report.retry' })).toBe(false);
      },
    },
  });
  actor.stop();
});

describe('mock-report machine (behaviour)', () => {
  it('treats a running exam as unavailable, not as a failure to retry', async () => {
    const { actor, fakes } = start({ session: ada, examId: null });
    await fakes.settle('accessGate', { output: { access: 'granted', redirectTo: null } });
    expect(fakes.calls.at(-1)).toEqual({ name: 'loadReport', input: { examId: null } });
    await fakes.settle('loadReport', {
      error: new BackendError('The report is ready when the exam ends.', 'exam_not_finished'),
    });
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.refusal).toBe('exam_not_finished');
    actor.stop();
  });
});
