import { assign, fromPromise, setup } from 'xstate';
import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorMessage } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import type { PracticePort, PracticeQuestion, SessionInfo } from '../shared/ports';
import { type Answers, answeredCount, shuffle } from './practice-rules';

/** 'one': one question at a time; 'all': the fallback with every question on one page. */
export type PracticeLayout = 'one' | 'all';

/** A session in progress, as kept on this device so a reload can resume it. */
export interface PracticeProgress {
  userId: string;
  questions: PracticeQuestion[];
  answers: Answers;
  /** Questions before this index are locked. */
  currentIndex: number;
  layout: PracticeLayout;
}

/** External facts the page reads before starting the flow. */
export interface PracticeSessionInput {
  /** The signed-in student, or null. */
  session: SessionInfo | null;
  /** The layout remembered on this device. */
  layout: PracticeLayout;
  /** The session in progress stored on this device, if any (resumed only for the same student). */
  saved: PracticeProgress | null;
  /** Random numbers in [0, 1) for reshuffling (Math.random in the app; fixed in tests). */
  random: () => number;
}

export interface PracticeSessionContext {
  session: SessionInfo | null;
  layout: PracticeLayout;
  questions: PracticeQuestion[];
  answers: Answers;
  currentIndex: number;
  /** Why the entitlement check failed, shown with Try again. */
  error: string | null;
  random: () => number;
}

export type PracticeSessionEvent =
  | { type: 'entitlement.retry' }
  | { type: 'questions.retry' }
  | { type: 'answer.select'; questionId: string; optionId: string }
  | { type: 'question.next' }
  | { type: 'session.submit' }
  | { type: 'layout.switch' }
  | { type: 'remediation.toggle' }
  | { type: 'session.restart' };

/** The saved progress to resume from, when it belongs to the signed-in student and still makes sense. */
export function resumableProgress(input: PracticeSessionInput): PracticeProgress | null {
  const { saved, session } = input;
  if (!saved || !session || saved.userId !== session.userId) return null;
  if (saved.questions.length === 0) return null;
  if (saved.currentIndex < 0 || saved.currentIndex >= saved.questions.length) return null;
  return saved;
}

function progressOf(context: PracticeSessionContext): PracticeProgress {
  return {
    userId: context.session?.userId ?? '',
    questions: context.questions,
    answers: context.answers,
    currentIndex: context.currentIndex,
    layout: context.layout,
  };
}

function questionIndex(context: PracticeSessionContext, questionId: string): number {
  return context.questions.findIndex((q) => q.id === questionId);
}

function isOptionOf(context: PracticeSessionContext, questionId: string, optionId: string): boolean {
  return context.questions.some((q) => q.id === questionId && q.options.some((o) => o.id === optionId));
}

// Selectors: facts the guards decide on and the views show, written once. Each takes a snapshot or a
// guard's arguments (both have `context`).
type WithContext = { context: PracticeSessionContext };

/** The question the student is on (one at a time), if any. */
export const currentQuestion = ({ context }: WithContext) => context.questions[context.currentIndex];
/** The current question is the set's last one: it shows Submit instead of Next. */
export const isLastQuestion = ({ context }: WithContext) =>
  context.questions.length > 0 && context.currentIndex === context.questions.length - 1;
/** The current question has an answer. */
export const isCurrentAnswered = ({ context }: WithContext) => {
  const current = currentQuestion({ context });
  return current !== undefined && context.answers[current.id] !== undefined;
};
/** How many questions of the set have an answer. */
export const answeredQuestions = ({ context }: WithContext) =>
  answeredCount(context.questions, context.answers);
/** Every question of the set has an answer. */
export const allAnswered = ({ context }: WithContext) =>
  answeredQuestions({ context }) === context.questions.length;

const selectParams = ({ event }: { event: PracticeSessionEvent }) => {
  const { questionId, optionId } = event as Extract<PracticeSessionEvent, { type: 'answer.select' }>;
  return { questionId, optionId };
};

/** /practice: guards, loads a set of questions, takes the answers with locking, scores and reshuffles. */
export const practiceSessionMachine = setup({
  types: {
    context: {} as PracticeSessionContext,
    events: {} as PracticeSessionEvent,
    input: {} as PracticeSessionInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
  },
  actors: placeholdersFor('practice-session', createPracticeSessionImplementations),
  guards: {
    hasSession: ({ context }) => context.session !== null,
    isEntitled: (_, params: { entitled: boolean }) => params.entitled === true,
    hasResumedSet: ({ context }) => context.questions.length > 0,
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
    rememberError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    storeQuestions: assign({
      questions: (_, params: { questions: PracticeQuestion[] }) => params.questions,
      answers: {},
      currentIndex: 0,
    }),
    recordAnswer: assign({
      answers: ({ context }, params: { questionId: string; optionId: string }) => ({
        ...context.answers,
        [params.questionId]: params.optionId,
      }),
    }),
    lockCurrentQuestion: assign({ currentIndex: ({ context }) => context.currentIndex + 1 }),
    toggleLayout: assign({
      layout: ({ context }) => (context.layout === 'one' ? 'all' : 'one') as PracticeLayout,
    }),
    shuffleQuestions: assign({
      questions: ({ context }) => shuffle(context.questions, context.random),
      answers: {},
      currentIndex: 0,
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
      error: null,
      random: input.random,
    };
  },
  initial: 'checkingSession',
  states: {
    checkingSession: {
      description: 'Practice needs a session: without one the student goes to /login.',
      tags: ['busy'],
      always: [{ guard: 'hasSession', target: 'checkingEntitlement' }, { target: 'redirectingToLogin' }],
    },
    redirectingToLogin: {
      description: 'No session: navigating to /login.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'navigateTo', params: { route: 'login' } },
    },
    checkingEntitlement: {
      description: 'Asking the backend whether the student has a paid plan or a trial; a loader shows.',
      tags: ['busy'],
      invoke: {
        id: 'checkEntitlement',
        src: 'checkEntitlement',
        input: ({ context }) => ({ userId: context.session?.userId ?? '' }),
        onDone: [
          {
            guard: { type: 'isEntitled', params: ({ event }) => ({ entitled: event.output }) },
            target: 'entitled',
            actions: 'clearError',
          },
          { target: 'redirectingToBilling', actions: 'clearError' },
        ],
        onError: {
          target: 'entitlementFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    entitlementFailed: {
      description:
        'The access check itself failed: a paying student must not be sent to billing, so an error shows with Try again.',
      tags: ['error'],
      on: { 'entitlement.retry': { target: 'checkingEntitlement' } },
    },
    redirectingToBilling: {
      description: 'No paid plan or trial: navigating to /billing.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'navigateTo', params: { route: 'billing' } },
    },
    entitled: {
      description: 'Access granted: a session in progress on this device resumes, otherwise a new set loads.',
      tags: ['busy'],
      always: [{ guard: 'hasResumedSet', target: 'answering' }, { target: 'loading' }],
    },
    loading: {
      description: 'Loading a set of 10 questions; a loading state shows.',
      tags: ['busy'],
      invoke: {
        id: 'loadQuestions',
        src: 'loadQuestions',
        input: () => ({ limit: QUESTIONS_PER_SET }),
        onDone: [
          {
            guard: { type: 'hasNoQuestions', params: ({ event }) => ({ questions: event.output }) },
            target: 'empty',
          },
          {
            target: 'answering',
            actions: { type: 'storeQuestions', params: ({ event }) => ({ questions: event.output }) },
          },
        ],
        // The spec: a load error is only logged, and the empty state shows.
        onError: {
          target: 'empty',
          actions: { type: 'reportLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    empty: {
      description:
        "No questions came back (or loading failed): 'No questions available yet.' with Try again.",
      on: { 'questions.retry': { target: 'loading' } },
    },
    answering: {
      description: 'The student answers the set; every change is kept on this device so a reload resumes.',
      tags: ['form'],
      initial: 'choosingLayout',
      entry: { type: 'saveProgress', params: ({ context }) => progressOf(context) },
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
              actions: [
                { type: 'recordAnswer', params: selectParams },
                { type: 'saveProgress', params: ({ context }) => progressOf(context) },
              ],
            },
            'question.next': {
              guard: 'canGoNext',
              actions: [
                'lockCurrentQuestion',
                { type: 'saveProgress', params: ({ context }) => progressOf(context) },
              ],
            },
            'session.submit': { guard: 'canSubmitLast', target: '#practice-session.results' },
            'layout.switch': {
              target: 'allOnOnePage',
              actions: [
                'toggleLayout',
                { type: 'rememberLayout', params: ({ context }) => ({ layout: context.layout }) },
                { type: 'saveProgress', params: ({ context }) => progressOf(context) },
              ],
            },
          },
        },
        allOnOnePage: {
          description:
            "The fallback: every question on one page; 'Submit Answers' is enabled only when all are answered.",
          on: {
            'answer.select': {
              guard: { type: 'isUnlockedQuestionOption', params: selectParams },
              actions: [
                { type: 'recordAnswer', params: selectParams },
                { type: 'saveProgress', params: ({ context }) => progressOf(context) },
              ],
            },
            'session.submit': { guard: 'allAnswered', target: '#practice-session.results' },
            'layout.switch': {
              target: 'oneAtATime',
              actions: [
                'toggleLayout',
                { type: 'rememberLayout', params: ({ context }) => ({ layout: context.layout }) },
                { type: 'saveProgress', params: ({ context }) => progressOf(context) },
              ],
            },
          },
        },
      },
    },
    results: {
      description:
        "The score as 'score / total' with its message; each question is marked Correct or Incorrect.",
      tags: ['done'],
      // A finished set is not resumed: a reload on the results starts a new set.
      entry: 'clearProgress',
      initial: 'summary',
      on: {
        'session.restart': { target: 'answering', actions: 'shuffleQuestions' },
      },
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

/** The machine's real actors, built from the practice port (the page passes them to `provide`). */
export function createPracticeSessionImplementations(port: PracticePort) {
  return {
    actors: {
      checkEntitlement: fromPromise<boolean, { userId: string }>(({ input }) =>
        port.checkEntitlement(input.userId),
      ),
      loadQuestions: fromPromise<PracticeQuestion[], { limit: number }>(({ input }) =>
        port.loadQuestions(input.limit),
      ),
    },
  };
}
