import type { AnyEventObject } from 'xstate';
import type { PracticeQuestion } from '../../machines/shared/ports';

/**
 * Every event the practice-session machine accepts, with the payload variants its model tests
 * explore, for a two-question set whose options are `<id>-right` and `<id>-wrong`. Shared by the
 * machine layer and the browser layer so both walk the same model.
 */
export function practiceModelEvents(set: PracticeQuestion[], backendError: Error): AnyEventObject[] {
  return [
    { type: 'xstate.done.actor.checkEntitlement', output: true },
    { type: 'xstate.done.actor.checkEntitlement', output: false },
    { type: 'xstate.error.actor.checkEntitlement', error: backendError },
    { type: 'entitlement.retry' },
    { type: 'xstate.done.actor.loadQuestions', output: set },
    { type: 'xstate.done.actor.loadQuestions', output: [] },
    { type: 'xstate.error.actor.loadQuestions', error: backendError },
    { type: 'questions.retry' },
    ...set.flatMap((q) => [
      { type: 'answer.select', questionId: q.id, optionId: `${q.id}-right` },
      { type: 'answer.select', questionId: q.id, optionId: `${q.id}-wrong` },
    ]),
    { type: 'question.next' },
    { type: 'session.submit' },
    { type: 'layout.switch' },
    { type: 'remediation.toggle' },
    { type: 'session.restart' },
  ];
}
