import {
  FOCUS_KEYWORD_MIN_EXCLUSIVE_LENGTH,
  GOOD_SCORE_THRESHOLD,
  MAX_FOCUS_KEYWORDS,
} from '../../domain/business-rules';
import type { PracticeQuestion } from '../shared/ports';

/** Chosen option ids by question id. */
export type Answers = Record<string, string>;

/** The results messages, quoted from the product spec (section 4, Practice, point 7). */
export const resultMessages = {
  perfect: 'Perfect score!',
  good: 'Great job!',
  keepPracticing: 'Keep practicing!',
} as const;

/** Whether the option chosen for `question` is flagged correct. */
export function isAnsweredCorrectly(question: PracticeQuestion, answers: Answers): boolean {
  const chosen = answers[question.id];
  return question.options.some((option) => option.id === chosen && option.is_correct);
}

/** Score = the number of chosen options flagged correct. */
export function score(questions: readonly PracticeQuestion[], answers: Answers): number {
  return questions.filter((question) => isAnsweredCorrectly(question, answers)).length;
}

/** 'Perfect score!' when all are correct, 'Great job!' at 70 % or more, else 'Keep practicing!'. */
export function resultMessage(correct: number, total: number): string {
  if (total > 0 && correct === total) return resultMessages.perfect;
  // Compare counts rather than a rounded percentage, so exactly 70 % is a tie that earns 'Great job!'
  // and 69.9 % does not.
  if (total > 0 && correct >= GOOD_SCORE_THRESHOLD * total) return resultMessages.good;
  return resultMessages.keepPracticing;
}

/** How many of `questions` have an answer. */
export function answeredCount(questions: readonly PracticeQuestion[], answers: Answers): number {
  return questions.filter((question) => answers[question.id] !== undefined).length;
}

/**
 * The distinct words of a stem that can be keywords, in order: longer than 3 letters once
 * punctuation is stripped, lowercased, without digits. The bank's word-frequency table
 * (`npm run bank:export`) counts the same words.
 */
export function stemWords(stem: string): string[] {
  const words: string[] = [];
  for (const raw of stem.toLowerCase().split(/\s+/)) {
    // Letters and digits stay; apostrophes and hyphens inside a word are punctuation too.
    const word = raw.replace(/[^\p{L}\p{N}]/gu, '');
    if (word.length <= FOCUS_KEYWORD_MIN_EXCLUSIVE_LENGTH || /\p{N}/u.test(word)) continue;
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

/**
 * Up to 3 focus keywords from a stem: distinct words longer than 3 letters, punctuation stripped,
 * lowercased, stop words and numbers (any word with a digit, such as "15yearold") removed. With
 * `bankFrequency` (in how many of the bank's stems each common word appears) the most informative
 * words are kept: the rarest across the bank first, so "digoxin" outranks "morning"; a word missing
 * from the table is rare. They are returned in the order the stem gives them.
 */
export function focusKeywords(
  stem: string,
  stopWords: ReadonlySet<string>,
  bankFrequency: ReadonlyMap<string, number> = new Map(),
): string[] {
  const candidates = stemWords(stem).filter((word) => !stopWords.has(word));
  const frequency = (word: string) => bankFrequency.get(word) ?? 0;
  // A stable sort: equally frequent words keep the stem's order.
  const kept = new Set(
    [...candidates].sort((a, b) => frequency(a) - frequency(b)).slice(0, MAX_FOCUS_KEYWORDS),
  );
  return candidates.filter((word) => kept.has(word));
}

/** A Fisher–Yates shuffle into a new array; `random` returns a number in [0, 1). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
