import type { PracticeSetRecord } from '../shared/ports';
import { answeredCount } from './practice-rules';
import type {
  PracticeProgress,
  PracticeSessionContext,
  PracticeSessionInput,
} from './practice-session.types';

// Selectors: facts the guards decide on and the views show, written once. Each takes a snapshot or a
// guard's arguments (both have `context`).
type WithContext = { context: PracticeSessionContext };

/** The saved progress to resume from, when it belongs to the signed-in student and still makes sense. */
export function resumableProgress(input: PracticeSessionInput): PracticeProgress | null {
  const { saved, session } = input;
  if (!saved || !session || saved.userId !== session.userId) return null;
  if (saved.questions.length === 0) return null;
  if (saved.currentIndex < 0 || saved.currentIndex >= saved.questions.length) return null;
  return saved;
}

/** The set in progress as this device keeps it for a reload. */
export function progressOf(context: PracticeSessionContext): PracticeProgress {
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

export function questionIndex(context: PracticeSessionContext, questionId: string): number {
  return context.questions.findIndex((q) => q.id === questionId);
}

export function isOptionOf(context: PracticeSessionContext, questionId: string, optionId: string): boolean {
  return context.questions.some((q) => q.id === questionId && q.options.some((o) => o.id === optionId));
}

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
