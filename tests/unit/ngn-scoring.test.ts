import { describe, expect, it } from 'vitest';
import { type NgnItem, ngnFileProblems } from '../../domain/ngn-items';
import {
  maxPoints,
  responseProblem,
  type ScoringKey,
  scoreResponse,
  scoringKeyOf,
} from '../../domain/ngn-scoring';

const options = (ids: string, correct: string) =>
  [...ids].map((id) => ({ id, text: `Option ${id}`, correct: correct.includes(id) }));
const common = {
  category: 'Physiological Adaptation',
  step: 'recognize-cues',
  setting: 'med-surg',
  difficulty: 'medium',
  topic: 'test',
  trend: false,
  exhibit: [],
  stem: 'Which findings require follow-up?',
  rationale:
    'Each correct choice is right because of the client data, and every other choice is wrong because it is expected.',
} as const;

const sata = {
  ...common,
  id: 'ngn-mr-001',
  type: 'multiple-response',
  select: 'all',
  options: options('abcdef', 'abc'),
} as const;
const select2 = {
  ...common,
  id: 'ngn-mr-002',
  type: 'multiple-response',
  select: 2,
  options: options('abcde', 'ad'),
} as const;
const matrixOne = {
  ...common,
  id: 'ngn-mx-001',
  type: 'matrix',
  multiple: false,
  columns: [
    { id: 'c1', text: 'Expected' },
    { id: 'c2', text: 'Unexpected' },
  ],
  rows: ['r1', 'r2', 'r3', 'r4'].map((id, i) => ({ id, text: `Row ${id}`, correct: [i % 2 ? 'c2' : 'c1'] })),
} as const;
const matrixMany = {
  ...common,
  id: 'ngn-mx-002',
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
} as const;
const dropDown = (scoring: '0/1' | 'dyad' | 'triad', blanks: number) =>
  ({
    ...common,
    id: 'ngn-dd-001',
    type: 'drop-down',
    scoring,
    template: Array.from({ length: blanks }, (_, i) => `Part {{${i + 1}}}.`).join(' '),
    blanks: Array.from({ length: blanks }, (_, i) => ({ id: String(i + 1), options: options('abc', 'a') })),
  }) as const;
const bowTie = {
  ...common,
  id: 'ngn-bt-001',
  type: 'bow-tie',
  condition: options('abcd', 'a'),
  actions: options('abcde', 'bc'),
  parameters: options('abcde', 'de'),
} as const;
const highlight = {
  ...common,
  id: 'ngn-hl-001',
  type: 'highlight',
  segments: options('abcdefgh', 'abcd'),
} as const;
const drag = {
  ...common,
  id: 'ngn-dg-001',
  type: 'drag-and-drop',
  scoring: 'dyad',
  template: 'The client is at risk for {{1}} because of {{2}}.',
  tokens: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Token ${id}` })),
  answers: { '1': 'b', '2': 'd' },
} as const;

const key = (item: unknown): ScoringKey => scoringKeyOf(item as NgnItem);
const score = (item: unknown, response: Record<string, string[]>) => scoreResponse(key(item), response);

describe('NCSBN scoring rules, worked by hand', () => {
  it('+/- select all that apply: 3 keys, picks 2 keys and 1 distractor → 2 − 1 = 1 of 3', () => {
    expect(score(sata, { options: ['a', 'b', 'd'] })).toEqual({ points: 1, max: 3 });
  });
  it('+/- select all that apply: picks 1 key and 3 distractors → 1 − 3, floored at 0 of 3', () => {
    expect(score(sata, { options: ['a', 'd', 'e', 'f'] })).toEqual({ points: 0, max: 3 });
  });
  it('+/- select all that apply: picks every option → 3 − 3 = 0 of 3 (no reward for picking all)', () => {
    expect(score(sata, { options: ['a', 'b', 'c', 'd', 'e', 'f'] })).toEqual({ points: 0, max: 3 });
  });
  it('+/- select all that apply: picks exactly the 3 keys → 3 of 3', () => {
    expect(score(sata, { options: ['c', 'b', 'a'] })).toEqual({ points: 3, max: 3 });
  });
  it('0/1 select 2: picks 1 key and 1 distractor → 1 of 2, no penalty', () => {
    expect(score(select2, { options: ['a', 'b'] })).toEqual({ points: 1, max: 2 });
  });
  it('0/1 select 2: picking 3 is more than allowed → 0 of 2, and the response is refused', () => {
    expect(score(select2, { options: ['a', 'd', 'b'] })).toEqual({ points: 0, max: 2 });
    expect(responseProblem(key(select2), { options: ['a', 'd', 'b'] })).toBe(
      'Part "options" takes at most 2 choices.',
    );
  });
  it('0/1 matrix, one choice per row: 4 rows, 3 right → 3 of 4', () => {
    expect(score(matrixOne, { r1: ['c1'], r2: ['c2'], r3: ['c1'], r4: ['c1'] })).toEqual({
      points: 3,
      max: 4,
    });
  });
  it('+/- matrix, several per row: row 1 keys c1+c2, picks c1+c3 → 1 − 1 = 0; row 2 right → 1; row 3 right → 1: 2 of 4', () => {
    expect(score(matrixMany, { r1: ['c1', 'c3'], r2: ['c3'], r3: ['c2'] })).toEqual({ points: 2, max: 4 });
  });
  it('0/1 drop-down cloze: 3 blanks, 2 right → 2 of 3', () => {
    expect(score(dropDown('0/1', 3), { '1': ['a'], '2': ['b'], '3': ['a'] })).toEqual({ points: 2, max: 3 });
  });
  it('dyad: both blanks right → 1 of 1; one right → 0 of 1', () => {
    expect(score(dropDown('dyad', 2), { '1': ['a'], '2': ['a'] })).toEqual({ points: 1, max: 1 });
    expect(score(dropDown('dyad', 2), { '1': ['a'], '2': ['c'] })).toEqual({ points: 0, max: 1 });
  });
  it('triad: blanks 1 and 2 right, 3 wrong → 1 of 2; 1 wrong with 2 and 3 right → 0 of 2; all right → 2 of 2', () => {
    const triad = dropDown('triad', 3);
    expect(score(triad, { '1': ['a'], '2': ['a'], '3': ['b'] })).toEqual({ points: 1, max: 2 });
    expect(score(triad, { '1': ['b'], '2': ['a'], '3': ['a'] })).toEqual({ points: 0, max: 2 });
    expect(score(triad, { '1': ['a'], '2': ['a'], '3': ['a'] })).toEqual({ points: 2, max: 2 });
  });
  it('0/1 bow-tie: condition right, 1 of 2 actions, both parameters → 1 + 1 + 2 = 4 of 5', () => {
    expect(score(bowTie, { condition: ['a'], actions: ['b', 'd'], parameters: ['d', 'e'] })).toEqual({
      points: 4,
      max: 5,
    });
  });
  it('+/- highlight: 4 keys, highlights 3 keys and 2 others → 3 − 2 = 1 of 4', () => {
    expect(score(highlight, { segments: ['a', 'b', 'c', 'e', 'f'] })).toEqual({ points: 1, max: 4 });
  });
  it('dyad drag-and-drop: both tokens in place → 1; swapped → 0', () => {
    expect(score(drag, { '1': ['b'], '2': ['d'] })).toEqual({ points: 1, max: 1 });
    expect(score(drag, { '1': ['d'], '2': ['b'] })).toEqual({ points: 0, max: 1 });
  });
  it('an unanswered item scores 0 of its maximum', () => {
    expect(score(bowTie, {})).toEqual({ points: 0, max: 5 });
    expect(maxPoints(key(dropDown('triad', 3)))).toBe(2);
  });
  it('forged and repeated choice ids earn nothing, and the response is refused with the reason', () => {
    expect(score(sata, { options: ['a', 'a', 'zz'] })).toEqual({ points: 1, max: 3 });
    expect(responseProblem(key(sata), { options: ['zz'] })).toBe('Unknown choice "zz" in part "options".');
    expect(responseProblem(key(sata), { options: ['a', 'a'] })).toBe(
      'A choice is picked twice in part "options".',
    );
    expect(responseProblem(key(sata), { rows: ['a'] })).toBe('Unknown part "rows".');
    expect(responseProblem(key(sata), { options: ['a', 'b'] })).toBeNull();
  });
});

describe('the item model refuses a malformed item of every type, naming the item and the field', () => {
  const problems = (item: unknown) => ngnFileProblems({ items: [item] });
  it.each([
    [
      'multiple response with one correct option',
      { ...sata, options: options('abcdef', 'a') },
      'ngn-mr-001: options:',
    ],
    [
      'select 2 with 3 correct options',
      { ...select2, options: options('abcde', 'abc') },
      'ngn-mr-002: options: select 2 needs exactly 2',
    ],
    [
      'matrix row naming a missing column',
      { ...matrixOne, rows: [{ id: 'r1', text: 'x', correct: ['c9'] }, ...matrixOne.rows.slice(1)] },
      'ngn-mx-001: rows.0.correct:',
    ],
    [
      'drop-down blank with two correct options',
      { ...dropDown('0/1', 1), blanks: [{ id: '1', options: options('abc', 'ab') }] },
      'ngn-dd-001: blanks.0.options: exactly one correct',
    ],
    [
      'triad with two blanks',
      dropDown('triad', 2),
      'ngn-dd-001: scoring: triad scoring needs exactly 3 blanks',
    ],
    [
      'drag-and-drop answer naming a missing token',
      { ...drag, answers: { '1': 'b', '2': 'q' } },
      'ngn-dg-001: answers: names a token',
    ],
    [
      'highlight with nothing to highlight',
      { ...highlight, segments: options('abcdefgh', '') },
      'ngn-hl-001: segments:',
    ],
    [
      'bow-tie with one correct action',
      { ...bowTie, actions: options('abcde', 'b') },
      'ngn-bt-001: actions: 2 correct of 5',
    ],
    ['an unknown category', { ...sata, category: 'Cardiology' }, 'ngn-mr-001: category:'],
    ['a missing rationale', { ...bowTie, rationale: '' }, 'ngn-bt-001: rationale:'],
  ])('%s', (_, item, expected) => {
    const found = problems(item);
    expect(
      found.some((p) => p.startsWith(expected)),
      found.join('\n'),
    ).toBe(true);
  });

  it('a case study must walk the six steps in order with ids <case>-1…6', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({
      ...sata,
      id: `ngn-cs-01-${i + 1}`,
      step: 'recognize-cues',
    }));
    const found = ngnFileProblems({
      cases: [
        {
          id: 'ngn-cs-01',
          title: 'T',
          setting: 'med-surg',
          category: 'Physiological Adaptation',
          difficulty: 'medium',
          intro: 'I',
          items,
        },
      ],
    });
    expect(found).toContain('ngn-cs-01-2: step: item 2 is the analyze-cues step');
  });

  it('accepts a well-formed item of every type', () => {
    expect(
      ngnFileProblems({
        items: [sata, select2, matrixOne, matrixMany, dropDown('triad', 3), drag, highlight, bowTie],
      }),
    ).toEqual([]);
  });
});
