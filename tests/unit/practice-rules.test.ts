import { describe, expect, it } from 'vitest';
import { MAX_FOCUS_KEYWORDS } from '../../domain/business-rules';
import {
  focusKeywords,
  isAnsweredCorrectly,
  resultMessage,
  resultMessages,
  score,
  shuffle,
} from '../../machines/practice-session/practice-rules';
import type { PracticeQuestion } from '../../machines/shared/ports';
import { BANK_WORD_FREQUENCY } from '../../src/content/bank-word-frequency';
import {
  genericRemediationPrompt,
  remediationPrompt,
  remediationPrompts,
} from '../../src/content/remediation';
import { FOCUS_STOP_WORDS, STOP_WORDS } from '../../src/content/stop-words';

const q = (id: string, correct: string): PracticeQuestion => ({
  id,
  stem: id,
  category: null,
  options: ['a', 'b', 'c', 'd'].map((o) => ({ id: `${id}-${o}`, label: o, is_correct: o === correct })),
});

describe('score', () => {
  const questions = [q('q1', 'a'), q('q2', 'b'), q('q3', 'c')];

  it('counts the chosen options flagged correct', () => {
    expect(score(questions, { q1: 'q1-a', q2: 'q2-b', q3: 'q3-d' })).toBe(2);
    expect(score(questions, { q1: 'q1-a', q2: 'q2-b', q3: 'q3-c' })).toBe(3);
    expect(score(questions, { q1: 'q1-b', q2: 'q2-a', q3: 'q3-a' })).toBe(0);
  });

  it('counts unanswered questions and unknown options as not correct', () => {
    expect(score(questions, {})).toBe(0);
    expect(score(questions, { q1: 'q2-b' })).toBe(0);
    expect(isAnsweredCorrectly(questions[0] as PracticeQuestion, { q1: 'q1-a' })).toBe(true);
  });
});

describe('resultMessage', () => {
  it("says 'Perfect score!' only when all are correct", () => {
    expect(resultMessage(10, 10)).toBe('Perfect score!');
    expect(resultMessage(1, 1)).toBe(resultMessages.perfect);
    expect(resultMessage(9, 10)).not.toBe('Perfect score!');
  });

  it("says 'Great job!' at exactly 70 % (a tie) and above", () => {
    expect(resultMessage(7, 10)).toBe('Great job!');
    expect(resultMessage(700, 1000)).toBe('Great job!');
    expect(resultMessage(9, 10)).toBe('Great job!');
    expect(resultMessage(3, 4)).toBe('Great job!');
  });

  it("says 'Keep practicing!' below 70 %, at 69.9 % and at 0", () => {
    expect(resultMessage(699, 1000)).toBe('Keep practicing!');
    expect(resultMessage(6, 10)).toBe('Keep practicing!');
    expect(resultMessage(2, 3)).toBe('Keep practicing!');
    expect(resultMessage(0, 10)).toBe('Keep practicing!');
    expect(resultMessage(0, 0)).toBe('Keep practicing!');
  });
});

describe("focusKeywords with the bank's word frequencies", () => {
  it('keeps the words rarest across the bank, in the order of the stem', () => {
    const frequency = new Map([
      ['morning', 46],
      ['dose', 42],
      ['blood', 70],
    ]);
    expect(focusKeywords('Morning dose of digoxin, blood potassium', new Set(), frequency)).toEqual([
      'dose',
      'digoxin',
      'potassium',
    ]);
  });

  it('drops numbers and NCLEX boilerplate: ages, the setting, the reporting verbs', () => {
    expect(
      focusKeywords(
        'A 15-year-old client admitted to the long-term care unit reports nausea after 250 mg of metformin.',
        FOCUS_STOP_WORDS,
        BANK_WORD_FREQUENCY,
      ),
    ).toEqual(['nausea', 'metformin']);
  });

  it('still follows the spec: at most 3 distinct words longer than 3 letters, none a stop word', () => {
    for (const stem of [
      'A client with heart failure takes furosemide and digoxin; which finding needs follow-up?',
      'The nurse reinforces teaching about warfarin, vitamin K and bleeding precautions.',
    ]) {
      const words = focusKeywords(stem, FOCUS_STOP_WORDS, BANK_WORD_FREQUENCY);
      expect(words.length).toBeLessThanOrEqual(MAX_FOCUS_KEYWORDS);
      expect(new Set(words).size).toBe(words.length);
      for (const word of words) {
        expect(word.length).toBeGreaterThan(3);
        expect(FOCUS_STOP_WORDS.has(word)).toBe(false);
        expect(stem.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '')).toContain(word);
      }
    }
  });
});

describe('focusKeywords', () => {
  const stop = new Set(['which', 'should', 'with', 'about', 'client', 'nurse']);

  it('strips punctuation, lowercases and keeps the first distinct words in order', () => {
    expect(focusKeywords('Hypokalemia: which FINDING, with digoxin?', stop)).toEqual([
      'hypokalemia',
      'finding',
      'digoxin',
    ]);
  });

  it('keeps at most 3 keywords', () => {
    const words = focusKeywords('Insulin glargine dosing schedule before breakfast', stop);
    expect(words).toEqual(['insulin', 'glargine', 'dosing']);
    expect(words).toHaveLength(MAX_FOCUS_KEYWORDS);
  });

  it('drops repeated words whatever their case or punctuation', () => {
    expect(focusKeywords('Warfarin. WARFARIN, warfarin! Bleeding bleeding gums', stop)).toEqual([
      'warfarin',
      'bleeding',
      'gums',
    ]);
  });

  it('returns fewer than 3 when the stem has fewer qualifying words', () => {
    expect(focusKeywords('Which IV med?', stop)).toEqual([]);
    expect(focusKeywords('The nurse should check edema.', stop)).toEqual(['check', 'edema']);
  });

  it('keeps only words longer than 3 letters, counted after stripping punctuation', () => {
    expect(focusKeywords('IV (PO) pulse, "BP" ekg: apex...', stop)).toEqual(['pulse', 'apex']);
    expect(focusKeywords("don't can't won't", new Set())).toEqual(['dont', 'cant', 'wont']);
  });

  it('removes stop words with the shared list', () => {
    expect(
      focusKeywords(
        "Which action should the practical nurse take first for a client who doesn't have potassium results?",
        STOP_WORDS,
      ),
    ).toEqual(['potassium', 'results']);
  });
});

describe('shuffle', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];

  it('returns a permutation and leaves the input alone', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    for (let run = 0; run < 20; run++) {
      const result = shuffle(items, random);
      expect([...result].sort()).toEqual(items);
    }
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('uses the random source for every swap (Fisher–Yates)', () => {
    const draws: number[] = [];
    const zero = () => {
      draws.push(0);
      return 0;
    };
    expect(shuffle(items, zero)).toEqual(['b', 'c', 'd', 'e', 'a']);
    expect(draws).toHaveLength(items.length - 1);
    // Drawing just under 1 always picks the element itself: the order stays.
    expect(shuffle(items, () => 0.999)).toEqual(items);
  });

  it('handles empty and single lists', () => {
    expect(shuffle([], () => 0.5)).toEqual([]);
    expect(shuffle(['x'], () => 0.5)).toEqual(['x']);
  });
});

describe('remediation prompts', () => {
  it('has a prompt for every NCLEX-PN client-need category and a generic fallback', () => {
    expect(Object.keys(remediationPrompts).sort()).toEqual([
      'Basic Care & Comfort',
      'Coordinated Care',
      'Health Promotion & Maintenance',
      'Pharmacological Therapies',
      'Physiological Adaptation',
      'Psychosocial Integrity',
      'Reduction of Risk Potential',
      'Safety & Infection Control',
    ]);
    expect(remediationPrompt('Pharmacological Therapies')).toBe(
      remediationPrompts['Pharmacological Therapies'],
    );
    expect(remediationPrompt(null)).toBe(genericRemediationPrompt);
    expect(remediationPrompt('Unknown')).toBe(genericRemediationPrompt);
  });
});
