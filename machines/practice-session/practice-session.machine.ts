import { assign, fromPromise, setup } from 'xstate';
import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorMessage } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import type {
  LearningRecordPort,
  PracticeFocus,
  PracticePort,
  PracticeQuestion,
  PracticeSetRecord,
  SessionInfo,
} from '../shared/ports';
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
  /** The set's id and start time (older stored progress may lack them: a new id is made then). */
  setId?: string;
  startedAt?: string;
  focus?: PracticeFocus;
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
  /** What the sets draw from (`/practice?focus=weakest` or `missed`; the whole bank otherwise). */
  focus: PracticeFocus;
  /** A new set id (crypto.randomUUID in the app; a counter in tests). */
  newSetId: () => string;
  /** The current time as an ISO string (fixed in tests). */
  now: () => string;
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
  focus: PracticeFocus;
  /** The set on screen: a new id for every set drawn and every Practice Again. */
  setId: string;
  startedAt: string;
  /** Set when the student submits; the record sent to the backend carries it. */
  submittedAt: string | null;
  /** Why the last attempt to save the set failed (the set waits on this device meanwhile). */
  recordError: string | null;
  newSetId: () => string;
  now: () => string;
}

export type PracticeSessionEvent =
  | { type: 'entitlement.retry' }
  | { type: 'questions.retry' }
  | { type: 'answer.select'; questionId: string; optionId: string }
  | { type: 'question.next' }
  | { type: 'session.submit' }
  | { type: 'layout.switch' }
  | { type: 'remediation.toggle' }
  | { type: 'session.restart' }
  | { type: 'session.new' }
  | { type: 'record.retry' };

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
    setId: context.setId,
    startedAt: context.startedAt,
    focus: context.focus,
  };
}

/** The submitted set as the backend records it (it grades the choices itself). */
export function setRecordOf(context: PracticeSessionContext): PracticeSetRecord {
  return {
    setId: context.setId,
    userId: context.session?.userId ?? '',
    questionIds: context.questions.map((q) => q.id),
    chosenOptionIds: context.questions.map((q) => context.answers[q.id] ?? ''),
    layout: context.layout,
    focus: context.focus,
    startedAt: context.startedAt,
    submittedAt: context.submittedAt ?? context.startedAt,
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

/** The context of a set just drawn or restarted: a fresh id, started now, not submitted. */
function aNewSet() {
  return {
    setId: ({ context }: WithContext) => context.newSetId(),
    startedAt: ({ context }: WithContext) => context.now(),
    submittedAt: null,
    recordError: null,
  };
}

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
    /** Keeps the submitted set on this device until the backend has it (provided by the app). */
    queueRecord: (_, _params: PracticeSetRecord) => {},
    markSubmitted: assign({ submittedAt: ({ context }) => context.now() }),
    rememberRecordError: assign({ recordError: (_, params: { message: string }) => params.message }),
    clearRecordError: assign({ recordError: null }),
    rememberError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
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
      error: null,
      random: input.random,
      focus: resumed?.focus ?? input.focus,
      setId: resumed?.setId ?? input.newSetId(),
      startedAt: resumed?.startedAt ?? input.now(),
      submittedAt: null,
      recordError: null,
      newSetId: input.newSetId,
      now: input.now,
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
        input: ({ context }) => ({ limit: QUESTIONS_PER_SET, focus: context.focus }),
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
            'session.submit': {
              guard: 'canSubmitLast',
              target: '#practice-session.results',
              actions: 'markSubmitted',
            },
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
            'session.submit': {
              guard: 'allAnswered',
              target: '#practice-session.results',
              actions: 'markSubmitted',
            },
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
        "The score as 'score / total' with its message, each question marked; meanwhile the set is saved to the record.",
      tags: ['done'],
      type: 'parallel',
      // A finished set is not resumed: a reload on the results starts a new set. The set goes to the
      // device outbox first, so it is kept even if saving fails or the tab closes.
      entry: ['clearProgress', { type: 'queueRecord', params: ({ context }) => setRecordOf(context) }],
      on: {
        'session.restart': { target: 'answering', actions: 'shuffleQuestions' },
        'session.new': { target: 'loading', actions: 'forgetSet' },
      },
      states: {
        review: {
          description: 'What the student reads: the results, with or without remediation.',
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
        record: {
          description: 'Saving the set to the learning record, without holding up the results.',
          initial: 'saving',
          states: {
            saving: {
              description: 'Sending the set; the backend grades it and stores it once.',
              invoke: {
                id: 'recordSet',
                src: 'recordSet',
                input: ({ context }) => setRecordOf(context),
                onDone: { target: 'saved', actions: 'clearRecordError' },
                onError: {
                  target: 'notSaved',
                  actions: {
                    type: 'rememberRecordError',
                    params: ({ event }) => ({ message: errorMessage(event.error) }),
                  },
                },
              },
            },
            saved: {
              description: 'The set is in the record: /results counts it.',
            },
            notSaved: {
              description:
                'Saving failed: the set waits on this device and is sent on the next visit; Try again sends it now.',
              on: { 'record.retry': { target: 'saving' } },
            },
          },
        },
      },
    },
  },
});

/** The ports the practice session uses: the bank and entitlement, and the learning record. */
export type PracticeSessionPorts = PracticePort & Pick<LearningRecordPort, 'recordSet'>;

/** The machine's real actors, built from its ports (the page passes them to `provide`). */
export function createPracticeSessionImplementations(port: PracticeSessionPorts) {
  return {
    actors: {
      checkEntitlement: fromPromise<boolean, { userId: string }>(({ input }) =>
        port.checkEntitlement(input.userId),
      ),
      loadQuestions: fromPromise<PracticeQuestion[], { limit: number; focus: PracticeFocus }>(({ input }) =>
        port.loadQuestions(input.limit, input.focus),
      ),
      recordSet: fromPromise<void, PracticeSetRecord>(({ input }) => port.recordSet(input)),
    },
  };
}
