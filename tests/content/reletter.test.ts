import { describe, expect, it } from 'vitest';
import type { BankItem, OptionLetter, ReviewRecord } from '../../scripts/lib/question-bank.ts';
import {
  keyMoveMapping,
  type LetterMapping,
  letterMentions,
  orderExplanations,
  reletterItem,
  reletterRefusal,
  reletterReview,
  rewriteOptionLetters,
} from '../../scripts/lib/reletter.ts';

/** A→C, B→A, C→B, D→D: the key moves from B to A, the distractors keep their order. */
const B_TO_A: LetterMapping = { A: 'B', B: 'A', C: 'C', D: 'D' };
const SHIFT: LetterMapping = { A: 'C', B: 'A', C: 'B', D: 'D' };

function item(overrides: Partial<BankItem> = {}): BankItem {
  return {
    id: 'cc-001',
    difficulty: 'medium',
    topic: 'synthetic topic',
    stem: 'A client with heart failure is short of breath at rest. Which action should the PN take first?',
    options: {
      A: 'Encourage the client to walk in the hallway',
      B: 'Raise the head of the bed and report to the RN',
      C: 'Offer the client a large glass of water',
      D: 'Lay the client flat with the legs raised',
    },
    answer: 'B',
    rationale:
      'B is correct because sitting up eases breathing and the RN must know at once. A is incorrect because walking raises oxygen demand. C is incorrect because extra fluid worsens congestion, as does option D. D is incorrect because lying flat increases venous return, unlike B.',
    ...overrides,
  };
}

describe('letterMentions', () => {
  it('tells option letters from the article, vitamins, hepatitis, classes, units and abbreviations', () => {
    const text =
      'A client takes vitamin D for hepatitis B and C, has C. difficile, a temperature of 38 °C, anti-D antibodies, Rh(D) globulin, a class A, B and C extinguisher and CPR in the C-A-B order. A is correct; options B and D are not, as in C.';
    const uses = letterMentions(text).map((m) => `${text.slice(m.start, m.end)}:${m.use}`);
    expect(uses).toEqual([
      'A:other',
      'D:other',
      'B and C:other',
      'C:other',
      'C:other',
      'D:other',
      'D:other',
      'A, B and C:other',
      'C:other',
      'A:other',
      'B:other',
      'A:option',
      'B and D:option',
      'C:option',
    ]);
  });

  it('marks a capital letter it cannot place as unknown', () => {
    expect(letterMentions('Remember the D in the mnemonic.').map((m) => m.use)).toEqual(['unknown']);
  });
});

describe('rewriteOptionLetters', () => {
  it('rewrites every option letter at once and keeps letter lists in alphabetical order', () => {
    const text =
      'B is correct because it is safe, and B also helps. A is incorrect, as are options A and C; D is worse than A. Choices B, C and D differ. Vitamin D is unrelated.';
    expect(rewriteOptionLetters(text, SHIFT)).toBe(
      'A is correct because it is safe, and A also helps. C is incorrect, as are options B and C; D is worse than C. Choices A, B and D differ. Vitamin D is unrelated.',
    );
  });

  it('refuses a text with a capital letter it cannot place, instead of half rewriting it', () => {
    expect(() => rewriteOptionLetters('A is correct. Think of the D in the mnemonic.', SHIFT)).toThrow(
      /cannot tell whether "D"/,
    );
  });

  it('refuses a rewrite that would read differently ("B records…" would become "A records…")', () => {
    expect(() => rewriteOptionLetters('B is correct. B records the facts.', B_TO_A)).toThrow(
      /would read differently/,
    );
  });
});

describe('orderExplanations', () => {
  it('puts the key first and the distractors in letter order', () => {
    expect(orderExplanations('C is incorrect. A is correct. D is incorrect. B is incorrect.', 'A')).toBe(
      'A is correct. B is incorrect. C is incorrect. D is incorrect.',
    );
  });

  it('leaves a rationale that is not one explanation per letter alone', () => {
    const text = 'A is correct. B and C are incorrect because they delay care. D is incorrect.';
    expect(orderExplanations(text, 'A')).toBe(text);
  });
});

describe('keyMoveMapping', () => {
  it('moves the key and keeps the distractors in their order', () => {
    expect(keyMoveMapping('B', 'D')).toEqual({ A: 'A', B: 'D', C: 'B', D: 'C' });
    expect(keyMoveMapping('C', 'C')).toEqual({ A: 'A', B: 'B', C: 'C', D: 'D' });
  });
});

describe('reletterItem', () => {
  it('moves the key option, rewrites the rationale and reorders its explanations', () => {
    const original = item();
    const { item: moved, mapping } = reletterItem(original, 'D');
    expect(mapping).toEqual({ A: 'A', B: 'D', C: 'B', D: 'C' });
    expect(moved.answer).toBe('D');
    expect(moved.options).toEqual({
      A: original.options.A,
      B: original.options.C,
      C: original.options.D,
      D: original.options.B,
    });
    expect(Object.keys(moved.options)).toEqual(['A', 'B', 'C', 'D']);
    expect(moved.rationale).toBe(
      'D is correct because sitting up eases breathing and the RN must know at once. A is incorrect because walking raises oxygen demand. B is incorrect because extra fluid worsens congestion, as does option C. C is incorrect because lying flat increases venous return, unlike D.',
    );
  });

  it('gives the original back when the key moves back', () => {
    const original = item();
    for (const letter of ['A', 'B', 'C', 'D'] as OptionLetter[]) {
      const there = reletterItem(original, letter).item;
      expect(reletterItem(there, 'B').item).toEqual(original);
    }
  });

  it('refuses an item whose options mention option letters, rather than corrupt it', () => {
    const both = item({ options: { ...item().options, D: 'Both A and B are appropriate here' } });
    expect(reletterRefusal(both)).toMatch(/option D mentions "A and B"/);
    expect(() => reletterItem(both, 'A')).toThrow(/cannot re-letter/);
    expect(reletterItem(both, 'B').item).toBe(both); // staying on its letter is always fine
  });

  it('refuses an item whose stem names an option letter', () => {
    const stem = item({
      stem: 'The PN compares option A with the others. Which action should the PN take first?',
    });
    expect(reletterRefusal(stem)).toMatch(/stem mentions "A"/);
  });

  it('accepts options that start with the article "A" or name vitamins and classes', () => {
    const fine = item({
      options: {
        A: 'A class C or multipurpose ABC extinguisher',
        B: 'A pressurized water (class A) extinguisher',
        C: 'A daily vitamin D supplement',
        D: 'A 76-year-old client with hepatitis B',
      },
    });
    expect(reletterRefusal(fine)).toBeUndefined();
  });
});

describe('reletterReview', () => {
  const mapping = keyMoveMapping('B', 'D');

  it("moves the reviewer's answer with its option", () => {
    const record: ReviewRecord = { id: 'cc-001', reviewer_answer: 'C', verdict: 'agree', note: '' };
    expect(reletterReview(record, mapping, '2026-11-25')).toEqual({ ...record, reviewer_answer: 'B' });
  });

  it('keeps a note that names letters and appends the old→new mapping', () => {
    const record: ReviewRecord = {
      id: 'cc-001',
      reviewer_answer: 'B',
      verdict: 'fixed',
      note: 'Replaced distractor C. Re-review (cold answer B): agree.',
    };
    expect(reletterReview(record, mapping, '2026-11-25').note).toBe(
      'Replaced distractor C. Re-review (cold answer B): agree. 2026-11-25 re-lettered for key balance: options reordered (old→new A→A, B→D, C→B, D→C), rationale letters updated, key unchanged; letters earlier in this note use the old order.',
    );
  });

  it('changes nothing when the key stays', () => {
    const record: ReviewRecord = { id: 'cc-001', reviewer_answer: 'B', verdict: 'agree', note: 'A is fine.' };
    expect(reletterReview(record, keyMoveMapping('B', 'B'), '2026-11-25')).toBe(record);
  });
});
