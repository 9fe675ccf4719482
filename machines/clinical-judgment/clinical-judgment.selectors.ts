import type { NgnItem } from '../../domain/ngn-items';
import type { NgnResponse } from '../../domain/ngn-scoring';
import type { JudgmentSetRecord } from './clinical-judgment.ports';
import type {
  ClinicalJudgmentContext,
  ClinicalJudgmentInput,
  JudgmentProgress,
} from './clinical-judgment.types';
import { isAnswered } from './judgment-rules';

type WithContext = { context: ClinicalJudgmentContext };

/** The item on screen. */
export const currentItem = ({ context }: WithContext): NgnItem | undefined =>
  context.set?.items[context.currentIndex];
export const currentResponse = ({ context }: WithContext): NgnResponse =>
  context.responses[context.currentIndex] ?? {};
export const isLastItem = ({ context }: WithContext) =>
  (context.set?.items.length ?? 0) > 0 && context.currentIndex === (context.set?.items.length ?? 0) - 1;
export const isCurrentAnswered = ({ context }: WithContext) => {
  const item = currentItem({ context });
  return item !== undefined && isAnswered(item, currentResponse({ context }));
};

/** The finished set as the backend records it (it grades the responses itself). */
export function judgmentRecordOf(context: ClinicalJudgmentContext): JudgmentSetRecord {
  return {
    setId: context.setId,
    userId: context.session?.userId ?? '',
    kind: context.kind,
    caseId: context.set?.caseStudy?.id ?? null,
    itemIds: context.set?.items.map((i) => i.id) ?? [],
    responses: context.responses,
    startedAt: context.startedAt,
    submittedAt: context.submittedAt ?? context.startedAt,
  };
}

/** The set in progress as the page keeps it on this device. */
export function judgmentProgressOf(context: ClinicalJudgmentContext): JudgmentProgress | null {
  if (!context.session || !context.set) return null;
  return {
    userId: context.session.userId,
    kind: context.kind,
    set: context.set,
    responses: context.responses,
    currentIndex: context.currentIndex,
    setId: context.setId,
    startedAt: context.startedAt,
  };
}

/**
 * The stored progress to resume: only the signed-in student's, of the kind asked for, with one
 * response per item and an index inside the set. Anything else starts a new set.
 */
export function resumableJudgment(input: ClinicalJudgmentInput): JudgmentProgress | null {
  const { saved, session } = input;
  if (!saved || !session || saved.userId !== session.userId || saved.kind !== input.kind) return null;
  const count = saved.set.items.length;
  if (count === 0 || saved.responses.length !== count) return null;
  if (!Number.isInteger(saved.currentIndex) || saved.currentIndex < 0 || saved.currentIndex >= count)
    return null;
  return saved;
}
