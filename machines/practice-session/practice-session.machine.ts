import { assign, setup } from 'xstate';
import { accessGateGuards, paidFlowGate, redirectingState } from '../access-gate/access-gate.machine';
import { appActionPlaceholders } from '../shared/app-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { PracticeQuestion } from '../shared/ports';
import { shuffle } from './practice-rules';
import {
  aNewSet,
  createPracticeSessionImplementations,
  loadQuestions,
  recordDeliveryInput,
  saveProgress,
  selectParams,
  switchLayout,
} from './practice-session.parts';
import {
  allAnswered,
  isCurrentAnswered,
  isLastQuestion,
  isOptionOf,
  questionIndex,
  resumableProgress,
} from './practice-session.selectors';
import type {
  PracticeLayout,
  PracticeProgress,
  PracticeSessionContext,
  PracticeSessionEvent,
  PracticeSessionInput,
} from './practice-session.types';

export { createPracticeSessionImplementations, type PracticeSessionPorts } from './practice-session.parts';
export * from './practice-session.selectors';
export type * from './practice-session.types';

/** /practice: guards, loads a set of questions, takes the answers with locking, scores and reshuffles. */
export const practiceSessionMachine = setup({
  types: {
    context: {} as PracticeSessionContext,
    events: {} as PracticeSessionEvent,
    input: {} as PracticeSessionInput,
    // The invoked actors by id, so views reach the shared parts' own actors with their types.
    children: {} as {
      accessGate: 'accessGate';
      loadQuestions: 'loadQuestions';
      recordDelivery: 'recordDelivery';
    },
    tags: {} as 'busy' | 'form' | 'error' | 'done',
  },
  actors: placeholdersFor('practice-session', createPracticeSessionImplementations),
  guards: {
    ...accessGateGuards,
    /** The first set is requested alongside the access check, unless a set resumes (or nobody is signed in). */
    needsFirstSet: ({ context }) => context.session !== null && context.questions.length === 0,
    hasQuestions: ({ context }) => context.questions.length > 0,
    firstSetFailed: ({ context }) => context.firstSetError !== null,
    hasNoQuestions: (_, params: { questions: PracticeQuestion[] }) => params.questions.length === 0,
    prefersAllOnOnePage: ({ context }) => context.layout === 'all',
    /** One at a time, only the current question can be answered: earlier ones are locked. */
    isCurrentQuestionOption: ({ context }, params: { questionId: string; optionId: string }) =>
      questionIndex(context, params.questionId) === context.currentIndex &&
      isOptionOf(context, params.questionId, params.optionId),
    /** On one page, every question not yet locked by Next can be answered. */
    isUnlockedQuestionOption: ({ context }, params: { questionId: string; optionId: string }) =>
      questionIndex(context, params.questionId) >= context.currentIndex &&
      isOptionOf(context, params.questionId, params.optionId),
    canGoNext: ({ context }) => isCurrentAnswered({ context }) && !isLastQuestion({ context }),
    canSubmitLast: ({ context }) => isCurrentAnswered({ context }) && isLastQuestion({ context }),
    allAnswered,
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    /** Logs a question-load error (provided by the app: console.error). */
    reportLoadError: (_, _params: { error: unknown }) => {},
    /** Keeps the session in progress on this device (provided by the app). */
    saveProgress: (_, _params: PracticeProgress) => {},
    /** Forgets the stored session in progress (provided by the app). */
    clearProgress: () => {},
    /** Remembers the chosen layout on this device (provided by the app). */
    rememberLayout: (_, _params: { layout: PracticeLayout }) => {},
    keepFirstSetError: assign({ firstSetError: ({ event }) => (event as { error?: unknown }).error ?? null }),
    markSubmitted: assign({ submittedAt: ({ context }) => context.now() }),
    storeQuestions: assign({
      questions: (_, params: { questions: PracticeQuestion[] }) => params.questions,
      answers: {},
      currentIndex: 0,
      ...aNewSet(),
    }),
    recordAnswer: assign({
      answers: ({ context }, params: { questionId: string; optionId: string }) => ({
        ...context.answers,
        [params.questionId]: params.optionId,
      }),
    }),
    /** Start a new set: the finished one is recorded, so nothing of it stays on screen. */
    forgetSet: assign({ questions: [], answers: {}, currentIndex: 0 }),
    lockCurrentQuestion: assign({ currentIndex: ({ context }) => context.currentIndex + 1 }),
    toggleLayout: assign({
      layout: ({ context }) => (context.layout === 'one' ? 'all' : 'one') as PracticeLayout,
    }),
    // Practice Again is a new set in the record: same questions, new id and start time.
    shuffleQuestions: assign({
      questions: ({ context }) => shuffle(context.questions, context.random),
      answers: {},
      currentIndex: 0,
      ...aNewSet(),
    }),
  },
}).createMachine({
  id: 'practice-session',
  description: 'A practice set: signed-in and entitled students answer questions, then see their score.',
  context: ({ input }) => {
    const resumed = resumableProgress(input);
    return {
      session: input.session,
      layout: resumed?.layout ?? input.layout,
      questions: resumed?.questions ?? [],
      answers: resumed?.answers ?? {},
      currentIndex: resumed?.currentIndex ?? 0,
      random: input.random,
      focus: resumed?.focus ?? input.focus,
      setId: resumed?.setId ?? input.newSetId(),
      startedAt: resumed?.startedAt ?? input.now(),
      submittedAt: null,
      firstSetError: null,
      newSetId: input.newSetId,
      now: input.now,
    };
  },
  initial: 'checkingAccess',
  states: {
    checkingAccess: {
      description:
        'The access gate and, alongside it, the first set (one round trip instead of two, decision 080); questions show only once access is granted.',
      tags: ['busy'],
      type: 'parallel',
      onDone: [
        { guard: 'hasQuestions', target: 'answering' },
        // The first set's load error is logged only now: refused students leave without a log.
        {
          guard: 'firstSetFailed',
          target: 'empty',
          actions: { type: 'reportLoadError', params: ({ context }) => ({ error: context.firstSetError }) },
        },
        { target: 'empty' },
      ],
      states: {
        access: {
          description: 'The shared access gate: session, then entitlement (a failed check shows Try again).',
          initial: 'checking',
          states: {
            checking: {
              description: 'The gate runs; its screens show (checking, or the failed check with Try again).',
              invoke: paidFlowGate({ granted: 'granted', redirecting: '#practice-session.redirecting' }),
            },
            granted: {
              description: 'Access granted; "Loading questions…" while the first set is still on its way.',
              type: 'final',
            },
          },
        },
        firstSet: {
          description: 'The first set, requested with the access check (none when a set resumes).',
          initial: 'choosing',
          states: {
            choosing: {
              description: 'A set stored on this device resumes; otherwise the first set is requested.',
              always: [{ guard: 'needsFirstSet', target: 'requesting' }, { target: 'ready' }],
            },
            requesting: {
              description: 'Loading a set of 10 questions (the procedure returns none without access).',
              invoke: {
                ...loadQuestions({ questions: 'ready', none: 'ready' }),
                onError: { target: 'ready', actions: 'keepFirstSetError' },
              },
            },
            ready: {
              description: 'The first set is in (or none came, or none was needed).',
              type: 'final',
            },
          },
        },
      },
    },
    redirecting: redirectingState,
    loading: {
      description: 'Loading a set of 10 questions; a loading state shows.',
      tags: ['busy'],
      invoke: loadQuestions({ questions: 'answering', none: 'empty' }),
    },
    empty: {
      description:
        "No questions came back (or loading failed): 'No questions available yet.' with Try again.",
      on: { 'set.retry': { target: 'loading' } },
    },
    answering: {
      description: 'The student answers the set; every change is kept on this device so a reload resumes.',
      tags: ['form'],
      initial: 'choosingLayout',
      entry: saveProgress,
      states: {
        choosingLayout: {
          description: 'Opening the layout remembered on this device.',
          always: [{ guard: 'prefersAllOnOnePage', target: 'allOnOnePage' }, { target: 'oneAtATime' }],
        },
        oneAtATime: {
          description:
            'One question at a time with progress; Next once it is answered locks it, and the last question shows Submit.',
          on: {
            'answer.select': {
              guard: { type: 'isCurrentQuestionOption', params: selectParams },
              actions: [{ type: 'recordAnswer', params: selectParams }, saveProgress],
            },
            'question.next': { guard: 'canGoNext', actions: ['lockCurrentQuestion', saveProgress] },
            'set.submit': {
              guard: 'canSubmitLast',
              target: '#practice-session.results',
              actions: 'markSubmitted',
            },
            'layout.switch': { target: 'allOnOnePage', actions: switchLayout() },
          },
        },
        allOnOnePage: {
          description:
            "The fallback: every question on one page; 'Submit Answers' is enabled only when all are answered.",
          on: {
            'answer.select': {
              guard: { type: 'isUnlockedQuestionOption', params: selectParams },
              actions: [{ type: 'recordAnswer', params: selectParams }, saveProgress],
            },
            'set.submit': {
              guard: 'allAnswered',
              target: '#practice-session.results',
              actions: 'markSubmitted',
            },
            'layout.switch': { target: 'oneAtATime', actions: switchLayout() },
          },
        },
      },
    },
    results: {
      description:
        "The score as 'score / total' with its message, each question marked; meanwhile the shared record delivery saves the set.",
      tags: ['done'],
      // A finished set is not resumed: a reload on the results starts a new set. The delivery puts the
      // set in the device outbox first, so it is kept even if saving fails or the tab closes.
      entry: 'clearProgress',
      invoke: {
        id: 'recordDelivery',
        src: 'recordDelivery',
        input: recordDeliveryInput,
      },
      on: {
        'set.restart': { target: 'answering', actions: 'shuffleQuestions' },
        'set.new': { target: 'loading', actions: 'forgetSet' },
      },
      initial: 'summary',
      states: {
        summary: {
          description: 'Results with remediation hidden.',
          on: { 'remediation.toggle': { target: 'remediation' } },
        },
        remediation: {
          description: 'Results with remediation shown for the incorrect questions only.',
          on: { 'remediation.toggle': { target: 'summary' } },
        },
      },
    },
  },
});
