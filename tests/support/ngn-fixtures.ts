/**
 * The one NGN fixture set of the tests: unit, content, SQL and browser tests build their NGN items
 * from here. They are test data (not bank content): short, and valid by the item schema.
 *
 * - `STANDALONE` and `CASE`: one item of every type and scoring rule and a six-item case study, with
 *   hand-worked scores in tests/unit/ngn-scoring.test.ts and tests/sql/clinical-judgment.test.ts.
 * - `fixtureItems` and `fixtureCase`: one item of every type with readable clinical wording, and a
 *   six-item case study, for the browser tests (the picks in tests/support/judgment-support.ts).
 * - `options`, `RATIONALE`: the builders the content tests use for their bank files.
 */
import type { CaseStudy, NgnItem } from '../../domain/ngn-items';
import { maxPoints, scoringKeyOf } from '../../domain/ngn-scoring';

export const CC = 'Coordinated Care';
export const SIC = 'Safety & Infection Control';
export const HPM = 'Health Promotion & Maintenance';
export const PSY = 'Psychosocial Integrity';
export const BCC = 'Basic Care & Comfort';
export const PHA = 'Pharmacological Therapies';
export const RRP = 'Reduction of Risk Potential';
export const PA = 'Physiological Adaptation';

export const RATIONALE =
  'Test rationale: each correct choice fits the client data in the record, and each other choice does not fit it.';

const common = (id: string, step: string, category: string) => ({
  id,
  step,
  category,
  setting: 'med-surg',
  difficulty: 'medium',
  topic: `test ${id}`,
  stem: `Test stem for ${id}: answer from the record.`,
  rationale: RATIONALE,
});
/** Options a, b, c, … with the listed ones correct. */
export const options = (count: number, correct: string) =>
  Array.from({ length: count }, (_, i) => {
    const id = String.fromCharCode(97 + i);
    return { id, text: `Option ${id}`, correct: correct.includes(id) };
  });
const blanksTemplate = (count: number) =>
  Array.from({ length: count }, (_, i) => `Part {{${i + 1}}} of the sentence.`).join(' ');
const tokens = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: String.fromCharCode(97 + i), text: `Token ${i + 1}` }));
const segments = (count: number, correct: number[]) =>
  Array.from({ length: count }, (_, i) => ({
    id: `s${i + 1}`,
    text: `Finding ${i + 1}.`,
    correct: correct.includes(i + 1),
  }));

/**
 * One standalone item of every type and scoring rule, as written in a bank file (plain JSON-shaped
 * objects; parse them with ngnFileSchema). Unit and SQL tests work their expectations by hand from
 * these keys: change an item and those expectations change with it.
 */
export const STANDALONE = [
  {
    ...common('ngn-mr-001', 'recognize-cues', PA),
    type: 'multiple-response',
    select: 'all',
    options: options(6, 'abc'),
  },
  {
    ...common('ngn-mr-002', 'take-action', SIC),
    type: 'multiple-response',
    select: 2,
    options: options(5, 'ad'),
  },
  {
    ...common('ngn-mx-001', 'analyze-cues', RRP),
    type: 'matrix',
    multiple: false,
    columns: [
      { id: 'c1', text: 'Expected' },
      { id: 'c2', text: 'Unexpected' },
    ],
    rows: ['c1', 'c2', 'c1', 'c2'].map((c, i) => ({ id: `r${i + 1}`, text: `Row ${i + 1}`, correct: [c] })),
  },
  {
    ...common('ngn-mx-002', 'analyze-cues', PA),
    type: 'matrix',
    multiple: true,
    columns: [
      { id: 'c1', text: 'Heart failure' },
      { id: 'c2', text: 'Pneumonia' },
      { id: 'c3', text: 'Asthma' },
    ],
    rows: [
      { id: 'r1', text: 'Crackles', correct: ['c1', 'c2'] },
      { id: 'r2', text: 'Wheezes', correct: ['c3'] },
      { id: 'r3', text: 'Fever', correct: ['c2'] },
    ],
  },
  {
    ...common('ngn-dd-001', 'generate-solutions', PHA),
    type: 'drop-down',
    scoring: '0/1',
    template: blanksTemplate(3),
    blanks: ['a', 'b', 'c'].map((key, i) => ({ id: String(i + 1), options: options(3, key) })),
  },
  {
    ...common('ngn-dd-002', 'prioritize-hypotheses', PA),
    type: 'drop-down',
    scoring: 'dyad',
    template: blanksTemplate(2),
    blanks: ['b', 'a'].map((key, i) => ({ id: String(i + 1), options: options(4, key) })),
  },
  {
    ...common('ngn-dd-003', 'prioritize-hypotheses', PSY),
    type: 'drop-down',
    scoring: 'triad',
    template: blanksTemplate(3),
    blanks: ['a', 'c', 'b'].map((key, i) => ({ id: String(i + 1), options: options(3, key) })),
  },
  {
    ...common('ngn-dg-001', 'take-action', BCC),
    type: 'drag-and-drop',
    scoring: '0/1',
    template: blanksTemplate(2),
    tokens: tokens(4),
    answers: { '1': 'b', '2': 'd' },
  },
  {
    ...common('ngn-dg-002', 'evaluate-outcomes', CC),
    type: 'drag-and-drop',
    scoring: 'dyad',
    template: blanksTemplate(2),
    tokens: tokens(4),
    answers: { '1': 'a', '2': 'c' },
  },
  {
    ...common('ngn-dg-003', 'prioritize-hypotheses', HPM),
    type: 'drag-and-drop',
    scoring: 'triad',
    template: blanksTemplate(3),
    tokens: tokens(5),
    answers: { '1': 'e', '2': 'a', '3': 'c' },
  },
  { ...common('ngn-hl-001', 'recognize-cues', RRP), type: 'highlight', segments: segments(8, [2, 4, 7]) },
  {
    ...common('ngn-bt-001', 'take-action', PA),
    type: 'bow-tie',
    exhibit: [{ tab: "Nurses' Notes", text: '0800: the client reports shortness of breath.' }],
    condition: options(4, 'b'),
    actions: options(5, 'ad'),
    parameters: options(5, 'ce'),
  },
];

/** A six-item case study, one item per CJMM step; the last is a trend item. */
export const CASE = {
  id: 'ngn-cs-01',
  title: 'Test case: a client after surgery',
  setting: 'med-surg',
  category: PA,
  difficulty: 'medium',
  intro: 'A client is on the first day after abdominal surgery.',
  items: [
    { ...common('ngn-cs-01-1', 'recognize-cues', PA), type: 'highlight', segments: segments(6, [1, 5]) },
    {
      ...common('ngn-cs-01-2', 'analyze-cues', PA),
      type: 'matrix',
      multiple: false,
      columns: [
        { id: 'c1', text: 'Expected' },
        { id: 'c2', text: 'Unexpected' },
      ],
      rows: ['c2', 'c1', 'c2'].map((c, i) => ({ id: `r${i + 1}`, text: `Row ${i + 1}`, correct: [c] })),
    },
    {
      ...common('ngn-cs-01-3', 'prioritize-hypotheses', RRP),
      type: 'drop-down',
      scoring: 'dyad',
      template: blanksTemplate(2),
      blanks: ['c', 'a'].map((key, i) => ({ id: String(i + 1), options: options(3, key) })),
    },
    {
      ...common('ngn-cs-01-4', 'generate-solutions', BCC),
      type: 'multiple-response',
      select: 3,
      options: options(6, 'bdf'),
    },
    {
      ...common('ngn-cs-01-5', 'take-action', PHA),
      type: 'drag-and-drop',
      scoring: '0/1',
      template: blanksTemplate(2),
      tokens: tokens(3),
      answers: { '1': 'c', '2': 'a' },
    },
    {
      ...common('ngn-cs-01-6', 'evaluate-outcomes', SIC),
      type: 'matrix',
      multiple: true,
      trend: true,
      exhibit: [
        {
          tab: 'Vital Signs',
          table: {
            columns: ['Time', 'Pulse'],
            rows: [
              ['0800', '88'],
              ['1200', '104'],
              ['1600', '118'],
            ],
          },
        },
      ],
      columns: [
        { id: 'c1', text: 'Improved' },
        { id: 'c2', text: 'Not improved' },
      ],
      rows: [
        { id: 'r1', text: 'Pulse', correct: ['c1', 'c2'] },
        { id: 'r2', text: 'Pain', correct: ['c2'] },
        { id: 'r3', text: 'Oxygen saturation', correct: ['c1'] },
      ],
    },
  ],
};

/** The standalone item of `STANDALONE` with this id. */
export function standaloneItem(id: string): (typeof STANDALONE)[number] {
  const item = STANDALONE.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no fixture item ${id}`);
  return item;
}

// The browser set: readable wording, the texts the browser tests click.
const browserCommon = {
  category: 'Physiological Adaptation',
  setting: 'med-surg' as const,
  difficulty: 'medium' as const,
  trend: false,
  exhibit: [] as NgnItem['exhibit'],
  rationale: RATIONALE,
};
const opts = (texts: string[], correct: number[]) =>
  texts.map((text, i) => ({ id: String.fromCharCode(97 + i), text, correct: correct.includes(i) }));

export const fixtureItems: NgnItem[] = [
  {
    ...browserCommon,
    id: 'ngn-mr-901',
    type: 'multiple-response',
    step: 'recognize-cues',
    topic: 'fixture sata',
    stem: 'Which findings require follow-up? Select all that apply.',
    select: 'all',
    options: opts(
      ['Respirations 28/min', 'Pulse 78/min', 'SpO2 88%', 'Temperature 98.6 °F', 'New confusion'],
      [0, 2, 4],
    ),
  },
  {
    ...browserCommon,
    id: 'ngn-mx-901',
    type: 'matrix',
    step: 'analyze-cues',
    topic: 'fixture matrix',
    stem: 'For each finding, select whether it is expected or unexpected after surgery.',
    multiple: false,
    columns: [
      { id: 'c1', text: 'Expected' },
      { id: 'c2', text: 'Unexpected' },
    ],
    rows: [
      { id: 'r1', text: 'Incisional pain 4/10', correct: ['c1'] },
      { id: 'r2', text: 'Calf swelling on one side', correct: ['c2'] },
      { id: 'r3', text: 'Low-grade temperature on day 1', correct: ['c1'] },
    ],
  },
  {
    ...browserCommon,
    id: 'ngn-dd-901',
    type: 'drop-down',
    step: 'prioritize-hypotheses',
    topic: 'fixture dyad',
    stem: 'Complete the sentence.',
    template: 'The client is most likely experiencing {{1}} as evidenced by {{2}}.',
    scoring: 'dyad',
    blanks: [
      { id: '1', options: opts(['hypoglycemia', 'hyperkalemia', 'dehydration'], [0]) },
      { id: '2', options: opts(['shakiness and sweating', 'a dry cough', 'warm flushed skin'], [0]) },
    ],
  },
  {
    ...browserCommon,
    id: 'ngn-dg-901',
    type: 'drag-and-drop',
    step: 'generate-solutions',
    topic: 'fixture drag',
    stem: 'Drag the words into the sentence.',
    template: 'The nurse should first {{1}} and then {{2}}.',
    tokens: [
      { id: 'a', text: 'check blood glucose' },
      { id: 'b', text: 'give 15 g of fast-acting carbohydrate' },
      { id: 'c', text: 'give the scheduled insulin' },
    ],
    answers: { '1': 'a', '2': 'b' },
    scoring: '0/1',
  },
  {
    ...browserCommon,
    id: 'ngn-hl-901',
    type: 'highlight',
    step: 'recognize-cues',
    topic: 'fixture highlight',
    stem: 'Highlight the findings that require follow-up.',
    segments: opts(
      [
        'Alert and oriented.',
        'Reports new chest pain.',
        'Lungs clear.',
        'Pulse 124/min.',
        'Ate 75% of breakfast.',
        'Skin warm and dry.',
      ],
      [1, 3],
    ),
  },
  {
    ...browserCommon,
    id: 'ngn-bt-901',
    type: 'bow-tie',
    step: 'take-action',
    topic: 'fixture bow-tie',
    trend: true,
    exhibit: [
      {
        tab: 'Vital Signs',
        table: {
          columns: ['Time', 'BP', 'Pulse'],
          rows: [
            ['0800', '128/80', '84'],
            ['1000', '110/70', '102'],
            ['1200', '92/60', '118'],
          ],
        },
      },
    ],
    stem: 'Complete the diagram by selecting the condition the client is most likely experiencing, 2 actions to take, and 2 parameters to monitor.',
    condition: opts(['Hemorrhage', 'Pneumonia', 'Hyperglycemia', 'Anxiety'], [0]),
    actions: opts(
      [
        'Report to the RN at once',
        'Check the dressing',
        'Ambulate the client',
        'Offer a warm drink',
        'Lower the bed rails',
      ],
      [0, 1],
    ),
    parameters: opts(['Blood pressure', 'Pulse', 'Appetite', 'Hair loss', 'Sleep'], [0, 1]),
  },
];

const caseItem = (n: number, step: NgnItem['step']): NgnItem => ({
  ...browserCommon,
  id: `ngn-cs-91-${n}`,
  type: 'multiple-response',
  step,
  topic: `fixture case ${n}`,
  exhibit: [{ tab: "Nurses' Notes", text: `Note ${n}: the client reports feeling weak.` }],
  stem: `Case item ${n}: select 2 findings that require follow-up.`,
  select: 2,
  options: opts(['Finding A', 'Finding B', 'Finding C', 'Finding D', 'Finding E'], [0, 1]),
});

export const fixtureCase: CaseStudy = {
  id: 'ngn-cs-91',
  title: 'Fixture case',
  setting: 'med-surg',
  category: 'Physiological Adaptation',
  difficulty: 'medium',
  intro: 'A test case study.',
  items: (
    [
      'recognize-cues',
      'analyze-cues',
      'prioritize-hypotheses',
      'generate-solutions',
      'take-action',
      'evaluate-outcomes',
    ] as const
  ).map((step, i) => caseItem(i + 1, step)),
};

/** Replaces the NGN bank with these items and cases (as the loader stores them). */
export async function replaceNgnBank(
  backend: {
    db: { exec(sql: string): Promise<unknown>; query(sql: string, params?: unknown[]): Promise<unknown> };
  },
  items: NgnItem[],
  cases: CaseStudy[] = [],
) {
  await backend.db.exec('delete from public.ngn_items; delete from public.ngn_cases;');
  const insert = async (item: NgnItem, caseId: string | null, position: number | null) => {
    const key = scoringKeyOf(item);
    await backend.db.query(
      `insert into public.ngn_items (id, case_id, position, type, category, step, setting, difficulty, trend, item, scoring, max_points)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        item.id,
        caseId,
        position,
        item.type,
        item.category,
        item.step,
        item.setting,
        item.difficulty,
        item.trend,
        item,
        key,
        maxPoints(key),
      ],
    );
  };
  for (const study of cases) {
    await backend.db.query(
      'insert into public.ngn_cases (id, title, setting, category, difficulty, intro) values ($1, $2, $3, $4, $5, $6)',
      [study.id, study.title, study.setting, study.category, study.difficulty, study.intro],
    );
  }
  for (const item of items) await insert(item, null, null);
  for (const study of cases)
    for (const [i, item] of study.items.entries()) await insert(item, study.id, i + 1);
}
