import { describe, expect, it } from 'vitest';
import { type NgnItem, ngnFileProblems } from '../../domain/ngn-items';
import {
  maxPoints,
  responseProblem,
  type ScoringKey,
  scoreResponse,
  scoringKeyOf,
} from '../../domain/ngn-scoring';
import { options, standaloneItem } from '../support/ngn-fixtures';

// The shared NGN fixture set (tests/support/ngn-fixtures.ts): one item of every type and rule. The
// expectations below are worked by hand from those keys, written beside each item.
/** +/- select all that apply: options a–f, a b c keyed. */
const sata = standaloneItem('ngn-mr-001');
/** 0/1 select 2: options a–e, a d keyed. */
const select2 = standaloneItem('ngn-mr-002');
/** 0/1 matrix, one column per row: rows r1–r4 keyed c1 c2 c1 c2. */
const matrixOne = standaloneItem('ngn-mx-001') as { rows: unknown[] };
/** +/- matrix, several per row: r1 c1+c2, r2 c3, r3 c2. */
const matrixMany = standaloneItem('ngn-mx-002');
/** 0/1 drop-down cloze: blanks 1–3 keyed a b c. */
const dropDown01 = standaloneItem('ngn-dd-001');
/** Dyad drop-down: blanks 1–2 keyed b a (options a–d). */
const dyad = standaloneItem('ngn-dd-002');
/** Triad drop-down: blanks 1–3 keyed a c b. */
const triad = standaloneItem('ngn-dd-003') as { blanks: unknown[] };
/** Dyad drag-and-drop: tokens a–d, blank 1 takes a, blank 2 takes c. */
const drag = standaloneItem('ngn-dg-002');
/** +/- highlight: segments s1–s8, s2 s4 s7 keyed. */
const highlight = standaloneItem('ngn-hl-001');
/** 0/1 bow-tie: condition b of a–d, actions a d of a–e, parameters c e of a–e. */
const bowTie = standaloneItem('ngn-bt-001');

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
    expect(score(dropDown01, { '1': ['a'], '2': ['b'], '3': ['a'] })).toEqual({ points: 2, max: 3 });
  });
  it('dyad: both blanks right → 1 of 1; one right → 0 of 1', () => {
    expect(score(dyad, { '1': ['b'], '2': ['a'] })).toEqual({ points: 1, max: 1 });
    expect(score(dyad, { '1': ['b'], '2': ['c'] })).toEqual({ points: 0, max: 1 });
  });
  it('triad: blanks 1 and 2 right, 3 wrong → 1 of 2; 1 wrong with 2 and 3 right → 0 of 2; all right → 2 of 2', () => {
    expect(score(triad, { '1': ['a'], '2': ['c'], '3': ['a'] })).toEqual({ points: 1, max: 2 });
    expect(score(triad, { '1': ['b'], '2': ['c'], '3': ['b'] })).toEqual({ points: 0, max: 2 });
    expect(score(triad, { '1': ['a'], '2': ['c'], '3': ['b'] })).toEqual({ points: 2, max: 2 });
  });
  it('0/1 bow-tie: condition right, 1 of 2 actions, both parameters → 1 + 1 + 2 = 4 of 5', () => {
    expect(score(bowTie, { condition: ['b'], actions: ['a', 'b'], parameters: ['c', 'e'] })).toEqual({
      points: 4,
      max: 5,
    });
  });
  it('+/- highlight: 3 keys, highlights 2 keys and 1 other → 2 − 1 = 1 of 3', () => {
    expect(score(highlight, { segments: ['s2', 's4', 's1'] })).toEqual({ points: 1, max: 3 });
  });
  it('dyad drag-and-drop: both tokens in place → 1; swapped → 0', () => {
    expect(score(drag, { '1': ['a'], '2': ['c'] })).toEqual({ points: 1, max: 1 });
    expect(score(drag, { '1': ['c'], '2': ['a'] })).toEqual({ points: 0, max: 1 });
  });
  it('an unanswered item scores 0 of its maximum', () => {
    expect(score(bowTie, {})).toEqual({ points: 0, max: 5 });
    expect(maxPoints(key(triad))).toBe(2);
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
      { ...sata, options: options(6, 'a') },
      'ngn-mr-001: options:',
    ],
    [
      'select 2 with 3 correct options',
      { ...select2, options: options(5, 'abc') },
      'ngn-mr-002: options: select 2 needs exactly 2',
    ],
    [
      'matrix row naming a missing column',
      { ...matrixOne, rows: [{ id: 'r1', text: 'x', correct: ['c9'] }, ...matrixOne.rows.slice(1)] },
      'ngn-mx-001: rows.0.correct:',
    ],
    [
      'drop-down blank with two correct options',
      { ...dropDown01, blanks: [{ id: '1', options: options(3, 'ab') }] },
      'ngn-dd-001: blanks.0.options: exactly one correct',
    ],
    [
      'triad with two blanks',
      { ...triad, blanks: triad.blanks.slice(0, 2) },
      'ngn-dd-003: scoring: triad scoring needs exactly 3 blanks',
    ],
    [
      'drag-and-drop answer naming a missing token',
      { ...drag, answers: { '1': 'a', '2': 'q' } },
      'ngn-dg-002: answers: names a token',
    ],
    [
      'highlight with nothing to highlight',
      { ...highlight, segments: options(8, '') },
      'ngn-hl-001: segments:',
    ],
    [
      'bow-tie with one correct action',
      { ...bowTie, actions: options(5, 'b') },
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
        items: [sata, select2, matrixOne, matrixMany, dropDown01, dyad, triad, drag, highlight, bowTie],
      }),
    ).toEqual([]);
  });
});
