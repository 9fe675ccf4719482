/**
 * One NGN item of every type, and one six-item case study, for the SQL and browser tests. They are
 * test data (not bank content): short, and valid by the item schema.
 */
import type { CaseStudy, NgnItem } from '../../domain/ngn-items';
import { maxPoints, scoringKeyOf } from '../../domain/ngn-scoring';

const common = {
  category: 'Physiological Adaptation',
  setting: 'med-surg' as const,
  difficulty: 'medium' as const,
  trend: false,
  exhibit: [] as NgnItem['exhibit'],
  rationale:
    'Test rationale: every correct choice fits the client data in the record, and every other choice does not fit it.',
};
const opts = (texts: string[], correct: number[]) =>
  texts.map((text, i) => ({ id: String.fromCharCode(97 + i), text, correct: correct.includes(i) }));

export const fixtureItems: NgnItem[] = [
  {
    ...common,
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
    ...common,
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
    ...common,
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
    ...common,
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
    ...common,
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
    ...common,
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
  ...common,
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
