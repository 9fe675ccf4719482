/**
 * The Next Generation NCLEX item model: one schema for the bank files, the database and the app.
 * Each item type is a zod schema (a malformed item is refused with the item and the field named);
 * domain/ngn-scoring.ts compiles any item to its neutral scoring shape (`scoringKeyOf`).
 */
import { z } from 'zod';
import { CLIENT_NEEDS } from './client-needs';
import { JUDGMENT_STEPS } from './judgment-steps';

export { JUDGMENT_STEPS, type JudgmentStep } from './judgment-steps';

const categoryNames = CLIENT_NEEDS.map((need) => need.name) as [string, ...string[]];

export const SETTINGS = [
  'med-surg',
  'maternity',
  'paediatrics',
  'mental-health',
  'long-term-care',
  'community',
] as const;

const text = z.string().trim().min(1);
const choiceId = z.string().regex(/^[a-z0-9-]{1,12}$/, 'a short id of lowercase letters, digits or dashes');

const exhibitTab = z.union([
  z.object({ tab: text, text }).strict(),
  z
    .object({
      tab: text,
      table: z.object({ columns: z.array(text).min(2), rows: z.array(z.array(z.string())).min(1) }).strict(),
    })
    .strict()
    .refine((t) => t.table.rows.every((row) => row.length === t.table.columns.length), {
      message: 'every table row has one cell per column',
      path: ['table', 'rows'],
    }),
]);
export type ExhibitTab = z.infer<typeof exhibitTab>;

const option = z.object({ id: choiceId, text, correct: z.boolean() }).strict();

const common = {
  id: z.string().regex(/^ngn-[a-z]{2}-\d{2,3}(-\d)?$/, 'ngn-<type>-<number>, e.g. ngn-mr-001'),
  category: z.enum(categoryNames),
  step: z.enum(JUDGMENT_STEPS),
  setting: z.enum(SETTINGS),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  topic: text,
  trend: z.boolean().default(false),
  exhibit: z.array(exhibitTab).default([]),
  stem: text,
  rationale: z.string().trim().min(80, 'a rationale that explains every choice'),
};

function uniqueIds(ids: string[]): boolean {
  return new Set(ids).size === ids.length;
}

const multipleResponse = z
  .object({
    ...common,
    type: z.literal('multiple-response'),
    select: z.union([z.literal('all'), z.number().int().min(2).max(4)]),
    options: z.array(option).min(5).max(10),
  })
  .strict()
  .superRefine((item, ctx) => {
    const correct = item.options.filter((o) => o.correct).length;
    if (!uniqueIds(item.options.map((o) => o.id)))
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'option ids repeat' });
    if (item.select === 'all' && (correct < 2 || correct >= item.options.length))
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'select all that apply needs 2 or more correct options and at least one wrong one',
      });
    if (typeof item.select === 'number' && correct !== item.select)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `select ${item.select} needs exactly ${item.select} correct options`,
      });
  });

const matrix = z
  .object({
    ...common,
    type: z.literal('matrix'),
    columns: z
      .array(z.object({ id: choiceId, text }).strict())
      .min(2)
      .max(4),
    multiple: z.boolean(),
    rows: z
      .array(z.object({ id: choiceId, text, correct: z.array(choiceId).min(1) }).strict())
      .min(3)
      .max(8),
  })
  .strict()
  .superRefine((item, ctx) => {
    const columns = item.columns.map((c) => c.id);
    item.rows.forEach((row, i) => {
      if (row.correct.some((c) => !columns.includes(c)))
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'correct'],
          message: 'names a column that does not exist',
        });
      if (!item.multiple && row.correct.length !== 1)
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'correct'], message: 'one correct column per row' });
    });
    if (!uniqueIds(item.rows.map((r) => r.id)))
      ctx.addIssue({ code: 'custom', path: ['rows'], message: 'row ids repeat' });
  });

const BLANK = /\{\{(\w+)\}\}/g;
const blankIdsOf = (template: string) => [...template.matchAll(BLANK)].map((m) => m[1] ?? '');
const clozeScoring = z.enum(['0/1', 'dyad', 'triad']);

function checkCloze(
  item: { template: string; scoring: '0/1' | 'dyad' | 'triad' },
  blankIds: string[],
  ctx: z.RefinementCtx,
) {
  const inTemplate = blankIdsOf(item.template);
  if (inTemplate.join() !== blankIds.join())
    ctx.addIssue({
      code: 'custom',
      path: ['template'],
      message: `blanks {{…}} must be ${blankIds.join(', ')} in order`,
    });
  const needed = { '0/1': undefined, dyad: 2, triad: 3 }[item.scoring];
  if (needed !== undefined && blankIds.length !== needed)
    ctx.addIssue({
      code: 'custom',
      path: ['scoring'],
      message: `${item.scoring} scoring needs exactly ${needed} blanks`,
    });
}

const dropDown = z
  .object({
    ...common,
    type: z.literal('drop-down'),
    template: text,
    blanks: z
      .array(z.object({ id: z.string().regex(/^\d+$/), options: z.array(option).min(3).max(6) }).strict())
      .min(1)
      .max(6),
    scoring: clozeScoring,
  })
  .strict()
  .superRefine((item, ctx) => {
    checkCloze(
      item,
      item.blanks.map((b) => b.id),
      ctx,
    );
    item.blanks.forEach((blank, i) => {
      if (blank.options.filter((o) => o.correct).length !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['blanks', i, 'options'],
          message: 'exactly one correct option per blank',
        });
    });
  });

const dragAndDrop = z
  .object({
    ...common,
    type: z.literal('drag-and-drop'),
    template: text,
    tokens: z
      .array(z.object({ id: choiceId, text }).strict())
      .min(3)
      .max(10),
    answers: z.record(z.string().regex(/^\d+$/), choiceId),
    scoring: clozeScoring,
  })
  .strict()
  .superRefine((item, ctx) => {
    const blanks = blankIdsOf(item.template);
    checkCloze(
      item,
      Object.keys(item.answers).sort((a, b) => Number(a) - Number(b)),
      ctx,
    );
    const tokens = item.tokens.map((t) => t.id);
    const used = Object.values(item.answers);
    if (used.some((id) => !tokens.includes(id)))
      ctx.addIssue({ code: 'custom', path: ['answers'], message: 'names a token that does not exist' });
    if (!uniqueIds(used))
      ctx.addIssue({ code: 'custom', path: ['answers'], message: 'a token answers two blanks' });
    if (tokens.length <= blanks.length)
      ctx.addIssue({ code: 'custom', path: ['tokens'], message: 'more tokens than blanks' });
  });

const highlight = z
  .object({
    ...common,
    type: z.literal('highlight'),
    segments: z.array(option).min(6).max(16),
  })
  .strict()
  .superRefine((item, ctx) => {
    const correct = item.segments.filter((s) => s.correct).length;
    if (correct < 2 || correct >= item.segments.length)
      ctx.addIssue({
        code: 'custom',
        path: ['segments'],
        message: '2 or more segments to highlight and some not',
      });
  });

const bowTieList = (size: number, correct: number) =>
  z
    .array(option)
    .length(size)
    .refine((options) => options.filter((o) => o.correct).length === correct, {
      message: `${correct} correct of ${size}`,
    });

const bowTie = z
  .object({
    ...common,
    type: z.literal('bow-tie'),
    condition: bowTieList(4, 1),
    actions: bowTieList(5, 2),
    parameters: bowTieList(5, 2),
  })
  .strict();

export const ngnItemSchema = z.discriminatedUnion('type', [
  multipleResponse,
  matrix,
  dropDown,
  dragAndDrop,
  highlight,
  bowTie,
]);
export type NgnItem = z.infer<typeof ngnItemSchema>;
export type NgnItemType = NgnItem['type'];

export const caseStudySchema = z
  .object({
    id: z.string().regex(/^ngn-cs-\d{2}$/, 'ngn-cs-<two digits>'),
    title: text,
    setting: z.enum(SETTINGS),
    category: z.enum(categoryNames),
    difficulty: z.enum(['easy', 'medium', 'hard']),
    intro: text,
    items: z.array(ngnItemSchema).length(6),
  })
  .strict()
  .superRefine((study, ctx) => {
    study.items.forEach((item, i) => {
      if (item.step !== JUDGMENT_STEPS[i])
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'step'],
          message: `item ${i + 1} is the ${JUDGMENT_STEPS[i]} step`,
        });
      if (item.id !== `${study.id}-${i + 1}`)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: `must be ${study.id}-${i + 1}` });
      if (item.type === 'bow-tie')
        ctx.addIssue({ code: 'custom', path: ['items', i, 'type'], message: 'bow-tie items stand alone' });
    });
  });
export type CaseStudy = z.infer<typeof caseStudySchema>;

/** A bank file of NGN items: standalone items, case studies, or both. */
export const ngnFileSchema = z
  .object({ items: z.array(ngnItemSchema).default([]), cases: z.array(caseStudySchema).default([]) })
  .strict();

/** Every problem of a parsed file as "<item id>: <field path>: <message>". */
export function ngnFileProblems(data: unknown): string[] {
  const result = ngnFileSchema.safeParse(data);
  if (result.success) return [];
  const record = data as {
    items?: Array<{ id?: unknown }>;
    cases?: Array<{ id?: unknown; items?: Array<{ id?: unknown }> }>;
  };
  return result.error.issues.map((issue) => {
    const [list, index, ...rest] = issue.path;
    let owner = 'file';
    let field = rest;
    if (list === 'items' && typeof index === 'number')
      owner = String(record.items?.[index]?.id ?? `items[${index}]`);
    if (list === 'cases' && typeof index === 'number') {
      const study = record.cases?.[index];
      owner = String(study?.id ?? `cases[${index}]`);
      if (rest[0] === 'items' && typeof rest[1] === 'number') {
        owner = String(study?.items?.[rest[1]]?.id ?? `${owner} item ${rest[1] + 1}`);
        field = rest.slice(2);
      }
    }
    return `${owner}: ${field.join('.') || '(item)'}: ${issue.message}`;
  });
}
