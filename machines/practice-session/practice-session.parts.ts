/**
 * The pieces of the practice-session machine's configuration used more than once, and its
 * implementations factory: kept beside the machine so the machine file reads as its chart.
 */
import { fromPromise } from 'xstate';
import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { accessGateMachine, createAccessGateImplementations } from '../access-gate/access-gate.machine';
import {
  createRecordDeliveryImplementations,
  recordDeliveryMachine,
} from '../record-delivery/record-delivery.machine';
import type { LearningRecordPort, PracticeFocus, PracticePort, PracticeQuestion } from '../shared/ports';
import { progressOf, setRecordOf } from './practice-session.selectors';
import type { PracticeSessionContext, PracticeSessionEvent } from './practice-session.types';

export type WithContext = { context: PracticeSessionContext };

export const selectParams = ({ event }: { event: PracticeSessionEvent }) => {
  const { questionId, optionId } = event as Extract<PracticeSessionEvent, { type: 'answer.select' }>;
  return { questionId, optionId };
};
export const saveProgress = {
  type: 'saveProgress',
  params: ({ context }: WithContext) => progressOf(context),
} as const;

/**
 * Loading a set of 10 questions, the same wherever it happens (the first set, Try again, a new set):
 * questions are stored and go to `questions`; none, or a load error (only logged, as the spec says),
 * go to `none`.
 */
export function loadQuestions(targets: { questions: string; none: string }) {
  return {
    id: 'loadQuestions',
    src: 'loadQuestions',
    input: ({ context }: WithContext) => ({ limit: QUESTIONS_PER_SET, focus: context.focus }),
    onDone: [
      {
        guard: {
          type: 'hasNoQuestions',
          params: ({ event }: { event: { output: PracticeQuestion[] } }) => ({ questions: event.output }),
        },
        target: targets.none,
      },
      {
        target: targets.questions,
        actions: {
          type: 'storeQuestions',
          params: ({ event }: { event: { output: PracticeQuestion[] } }) => ({ questions: event.output }),
        },
      },
    ],
    onError: {
      target: targets.none,
      actions: {
        type: 'reportLoadError',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  } as const;
}

/** The context of a set just drawn or restarted: a fresh id, started now, not submitted. */
export function aNewSet() {
  return {
    setId: ({ context }: WithContext) => context.newSetId(),
    startedAt: ({ context }: WithContext) => context.now(),
    submittedAt: null,
  };
}

/** The set handed to the shared record delivery when the results open. */
export const recordDeliveryInput = ({ context }: WithContext) => ({ record: setRecordOf(context) });

/** Layout switch: the other layout, remembered on this device and in the stored progress. */
export function switchLayout() {
  return [
    'toggleLayout',
    { type: 'rememberLayout', params: ({ context }: WithContext) => ({ layout: context.layout }) },
    saveProgress,
  ] as const;
}

/** The ports the practice session uses: the bank and entitlement, and the learning record's outbox and send. */
export type PracticeSessionPorts = PracticePort & Pick<LearningRecordPort, 'queueSet' | 'recordSet'>;

/** The machine's real actors, built from its ports (the page passes them to `provide`). */
export function createPracticeSessionImplementations(port: PracticeSessionPorts) {
  return {
    actors: {
      accessGate: accessGateMachine.provide(createAccessGateImplementations(port)),
      loadQuestions: fromPromise<PracticeQuestion[], { limit: number; focus: PracticeFocus }>(({ input }) =>
        port.loadQuestions(input.limit, input.focus),
      ),
      recordDelivery: recordDeliveryMachine.provide(
        createRecordDeliveryImplementations({ queue: port.queueSet, send: port.recordSet }),
      ),
    },
  };
}
