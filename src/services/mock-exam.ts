// The mock exam's calls: start / current / answer on the `mock-exam` Edge Function (served locally
// by server/mock-exam.ts), each answer decoded with zod and each refusal turned into a
// MockExamRefusal the machine acts on. docs/decisions/180-mock-exam-on-the-server.md.
import type { z } from 'zod';
import type { NgnItem } from '../../domain/ngn-items';
import {
  type ExamView,
  type MockExamPort,
  MockExamRefusal,
  type MockExamRefusalCode,
  type ShownItem,
} from '../../machines/mock-exam/mock-exam.ports';
import { messages } from '../../machines/shared/messages';
import { BackendError } from '../../machines/shared/ports';
import { unexpectedShape } from './backend-error';
import { mockExamBody, mockExamRefusalBody, type shownNgnItem } from './decoders';
import { practiceService } from './practice.service';
import { getSupabase } from './supabase';

type WireExam = z.output<typeof mockExamBody>['exam'];
type WireNgnItem = z.output<typeof shownNgnItem>;

const REFUSALS: readonly MockExamRefusalCode[] = ['stale', 'time_up', 'exam_in_progress', 'no_access'];

/**
 * The shown NGN item as the practice item model: every key field the server stripped becomes a
 * neutral placeholder (no choice correct, no rationale). The renderers and the pick rules
 * (machines/clinical-judgment/judgment-rules.ts) read ids, texts and pick limits only.
 */
export function asItemModel(item: WireNgnItem): NgnItem {
  const neutral = (choices: { id: string; text: string }[]) =>
    choices.map((choice) => ({ ...choice, correct: false }));
  const common = {
    ...item,
    setting: item.setting as NgnItem['setting'],
    difficulty: 'medium',
    rationale: '',
  };
  switch (item.type) {
    case 'multiple-response':
      return { ...common, type: item.type, options: neutral(item.options) } as NgnItem;
    case 'matrix':
      return {
        ...common,
        type: item.type,
        rows: item.rows.map((row) => ({ ...row, correct: [] })),
      } as NgnItem;
    case 'drop-down':
      return {
        ...common,
        type: item.type,
        scoring: '0/1',
        blanks: item.blanks.map((blank) => ({ ...blank, options: neutral(blank.options) })),
      } as NgnItem;
    case 'drag-and-drop': {
      // The blanks are the template's; which word belongs where is the key, left empty.
      const blanks = [...item.template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);
      return {
        ...common,
        type: item.type,
        scoring: '0/1',
        answers: Object.fromEntries(blanks.map((blank) => [blank, ''])),
      } as NgnItem;
    }
    case 'highlight':
      return { ...common, type: item.type, segments: neutral(item.segments) } as NgnItem;
    case 'bow-tie':
      return {
        ...common,
        type: item.type,
        condition: neutral(item.condition),
        actions: neutral(item.actions),
        parameters: neutral(item.parameters),
      } as NgnItem;
  }
}

function toView(exam: WireExam): ExamView {
  const wire = exam.item;
  const item: ShownItem | null =
    wire === null
      ? null
      : wire.bank === 'classic'
        ? wire
        : {
            ordinal: wire.ordinal,
            token: wire.token,
            itemId: wire.itemId,
            bank: 'ngn',
            item: asItemModel(wire.item),
            caseStudy: wire.caseStudy,
          };
  return {
    id: exam.id,
    status: exam.status,
    timeLimitSeconds: exam.timeLimitSeconds,
    timeLeftSeconds: exam.timeLeftSeconds,
    itemsAnswered: exam.itemsAnswered,
    item,
  };
}

/** The function's refusal as the machine needs it (its code and the exam it carries), or a plain error. */
async function refusalOf(error: unknown): Promise<BackendError> {
  // supabase-js's FunctionsHttpError carries the response as `context` (see billing.service.ts).
  const response = error instanceof Error && 'context' in error ? error.context : null;
  if (response instanceof Response) {
    const body = mockExamRefusalBody.safeParse(await response.json().catch(() => null));
    if (body.success) {
      const code = REFUSALS.find((known) => known === body.data.error);
      if (code)
        return new MockExamRefusal(body.data.message, code, body.data.exam ? toView(body.data.exam) : null);
      return new BackendError(body.data.message, body.data.error);
    }
  }
  return new BackendError(error instanceof Error && error.message ? error.message : messages.unexpectedError);
}

const NO_EXAM = 'no_exam';

async function call(body: Record<string, unknown>): Promise<ExamView> {
  const { data, error } = await (await getSupabase()).functions.invoke('mock-exam', {
    method: 'POST',
    body,
  });
  if (error) throw await refusalOf(error);
  const decoded = mockExamBody.safeParse(data);
  if (!decoded.success) unexpectedShape('The mock exam');
  return toView(decoded.data.exam);
}

/** The mock exam over the `mock-exam` function; the entitlement check is the practice flows' own. */
export const mockExamService: MockExamPort = {
  checkEntitlement: practiceService.checkEntitlement,

  async loadCurrentExam() {
    try {
      return await call({ action: 'current' });
    } catch (error) {
      // No exam in progress is an answer, not a failure: the start screen shows.
      if (error instanceof BackendError && error.code === NO_EXAM) return null;
      throw error;
    }
  },

  startExam: () => call({ action: 'start' }),

  answerItem: (answer) => call({ action: 'answer', ...answer }),
};
