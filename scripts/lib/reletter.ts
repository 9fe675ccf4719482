// Moving an item's key to another letter: the options are reordered (the key moves, the
// distractors keep their relative order), and every reference to an option letter in the rationale
// ("B is correct because…", "as in A", "options A and C") is rewritten to the new letters. The
// reviewer's answer follows the options.
//
// Capital A–D are not always option letters: "A client…", "vitamin D", "hepatitis B and C",
// "C. difficile", "38 °C", "C-A-B". Each mention is classified by its context; an item with a
// mention that is neither clearly an option letter nor clearly something else is refused, and so is
// an item whose stem or options mention option letters ("Both A and B"), because reordering would
// make those texts wrong.
import { OPTION_LETTERS, type OptionLetter } from '../../server/db/question-bank.ts';
import type { BankItem, ReviewRecord } from './question-bank.ts';

export type LetterUse = 'option' | 'other' | 'unknown';

export interface LetterMention {
  start: number;
  end: number;
  /** The letters of the mention, in text order ("A, B and D" → A, B, D). */
  letters: OptionLetter[];
  use: LetterUse;
}

/** Old letter → new letter. */
export type LetterMapping = Record<OptionLetter, OptionLetter>;

/** One letter, or a list of letters joined by ", ", " and ", " or ", ", and ", ", or ". */
const LETTER_LIST = /\b[A-D]\b(?:(?:, (?:and |or )?| and | or )[A-D]\b)*/g;

/** Contexts in which a capital A–D names something else: vitamin D, hepatitis B, class C, anti-D, 38 °C, Rh(D). */
const OTHER_BEFORE =
  /(?:\b(?:vitamins?|hepatitis|class(?:es)?|types?|groups?|grades?|parts?|plans?|schedules?|categor(?:y|ies)|stages?|phases?|levels?|factors?|leads?|zones?|steps?|strep|influenza)\s+|[-‐°]\s?|\bRh\()$/i;
/** C. difficile, C-A-B, B-type natriuretic peptide. */
const OTHER_AFTER = /^(?:[-‐]|\.\s?[a-z])/;
/** Where a sentence or a quotation starts, the article "A" can stand. */
const SENTENCE_START = /(?:^|[.?!:;]["'”’)]*\s+|["'“‘([]\s*|\n\s*)$/;
/** Words that follow an option letter but never the article "A" ("A is correct", "A and C are"). */
const AUXILIARY_AFTER =
  /^\s+(?:is|are|was|were|would|could|can|may|might|must|should|does|did|do|has|have|had|also|alone|only|too|instead|and|or)\b(?![-‐])/;
const PUNCTUATION_AFTER = /^\s*(?:[.,;:!?)]|$)/;
/** Words that introduce an option letter mid-sentence ("as in A", "than D", "options A and C"). */
const REFERENCE_BEFORE =
  /(?:\b(?:options?|choices?|answers?|distractors?|letters?|in|as|than|unlike|like|and|or|with|for|from|to|of|over|between|both|either|neither|nor|key|keyed|except)\s+|\()$/i;
/** A third-person verb after B, C or D ("B records all three facts"). */
const VERB_AFTER = /^\s+[a-z]+s\b/;

function classify(before: string, letters: OptionLetter[], after: string): LetterUse {
  if (OTHER_BEFORE.test(before) || OTHER_AFTER.test(after)) return 'other';
  const isArticle =
    letters.length === 1 &&
    letters[0] === 'A' &&
    SENTENCE_START.test(before) &&
    /^\s+[\p{L}\p{N}"“'‘]/u.test(after) &&
    !AUXILIARY_AFTER.test(after);
  if (isArticle) return 'other';
  if (AUXILIARY_AFTER.test(after) || PUNCTUATION_AFTER.test(after) || REFERENCE_BEFORE.test(before))
    return 'option';
  if (VERB_AFTER.test(after)) return 'option';
  return 'unknown';
}

/** Every capital A–D (or list of them) in `text`, classified as an option letter, something else or unknown. */
export function letterMentions(text: string): LetterMention[] {
  return [...text.matchAll(LETTER_LIST)].map((match) => {
    const start = match.index;
    const end = start + match[0].length;
    const letters = match[0].match(/[A-D]/g) as OptionLetter[];
    return { start, end, letters, use: classify(text.slice(0, start), letters, text.slice(end)) };
  });
}

/** Rewrites the option letters of one mention; a list is put back in alphabetical order. */
function rewriteMention(text: string, mention: LetterMention, mapping: LetterMapping): string {
  const mapped = mention.letters.map((letter) => mapping[letter]).sort();
  let i = 0;
  return text.slice(mention.start, mention.end).replace(/[A-D]/g, () => mapped[i++] as string);
}

/**
 * Rewrites every option letter in `text` through `mapping`. Throws on a mention it cannot
 * classify, so a text is never half rewritten.
 */
export function rewriteOptionLetters(text: string, mapping: LetterMapping): string {
  const mentions = letterMentions(text);
  const unknown = mentions.find((mention) => mention.use === 'unknown');
  if (unknown) {
    throw new Error(`cannot tell whether "${text.slice(unknown.start, unknown.end)}" is an option letter`);
  }
  let result = '';
  let last = 0;
  for (const mention of mentions) {
    if (mention.use !== 'option') continue;
    result += text.slice(last, mention.start) + rewriteMention(text, mention, mapping);
    last = mention.end;
  }
  result += text.slice(last);
  // A new letter can change how its context reads ("B records…" becomes "A records…", which reads
  // as the article): refuse rather than leave a text that the next re-lettering would misread.
  if (mentionShape(letterMentions(result)) !== mentionShape(mentions)) {
    throw new Error('the rewritten letters would read differently in their context');
  }
  return result;
}

function mentionShape(mentions: readonly LetterMention[]): string {
  return mentions.map((mention) => `${mention.start}-${mention.end}:${mention.use}`).join(' ');
}

/** The rationale's explanations, split before each "X is correct" / "X is incorrect" sentence. */
const EXPLANATION_START = /(?<=[.?!]["'”’)]*)\s+(?=[A-D] (?:is|are) (?:in)?correct\b)/;

/**
 * Puts the explanations back in the bank's order: the key's first, then the distractors
 * alphabetically. Leaves a rationale that is not exactly one explanation per letter unchanged.
 */
export function orderExplanations(rationale: string, key: OptionLetter): string {
  const parts = rationale.split(EXPLANATION_START);
  const letterOf = (part: string) => /^([A-D]) (?:is|are) (?:in)?correct\b/.exec(part)?.[1];
  const letters = parts.map(letterOf);
  const oneEach = letters.length === 4 && OPTION_LETTERS.every((letter) => letters.includes(letter));
  if (!oneEach) return rationale;
  const rank = (part: string) => (letterOf(part) === key ? '' : (letterOf(part) ?? ''));
  return [...parts].sort((a, b) => rank(a).localeCompare(rank(b))).join(' ');
}

/** The mapping that moves the key from `oldKey` to `newKey`; the distractors keep their relative order. */
export function keyMoveMapping(oldKey: OptionLetter, newKey: OptionLetter): LetterMapping {
  const oldDistractors = OPTION_LETTERS.filter((letter) => letter !== oldKey);
  const newDistractors = OPTION_LETTERS.filter((letter) => letter !== newKey);
  const mapping = { [oldKey]: newKey } as LetterMapping;
  oldDistractors.forEach((letter, i) => {
    mapping[letter] = newDistractors[i] as OptionLetter;
  });
  return mapping;
}

export function isIdentity(mapping: LetterMapping): boolean {
  return OPTION_LETTERS.every((letter) => mapping[letter] === letter);
}

/**
 * Why the item's options cannot be reordered, or undefined when they can: its stem or an option
 * mentions an option letter (or a capital A–D the classifier cannot place), or its rationale has
 * a capital A–D the classifier cannot place or a letter that would read differently once moved.
 */
export function reletterRefusal(item: BankItem): string | undefined {
  const texts: Array<[string, string]> = [
    ['stem', item.stem],
    ...OPTION_LETTERS.map((letter): [string, string] => [`option ${letter}`, item.options[letter]]),
  ];
  for (const [where, text] of texts) {
    const mention = letterMentions(text).find((m) => m.use !== 'other');
    if (mention) return `${where} mentions "${text.slice(mention.start, mention.end)}"`;
  }
  for (const newKey of OPTION_LETTERS) {
    try {
      rewriteOptionLetters(item.rationale, keyMoveMapping(item.answer, newKey));
    } catch (error) {
      return `rationale with the key on ${newKey}: ${(error as Error).message}`;
    }
  }
  return undefined;
}

/** The item with its key moved to `newKey`; throws when reletterRefusal() gives a reason. */
export function reletterItem<T extends BankItem>(
  item: T,
  newKey: OptionLetter,
): { item: T; mapping: LetterMapping } {
  const mapping = keyMoveMapping(item.answer, newKey);
  if (isIdentity(mapping)) return { item, mapping };
  const refusal = reletterRefusal(item);
  if (refusal) throw new Error(`${item.id}: cannot re-letter: ${refusal}`);
  // Built in A–D order, so the JSON file keeps its options in letter order.
  const options = {} as Record<OptionLetter, string>;
  for (const newLetter of OPTION_LETTERS) {
    const oldLetter = OPTION_LETTERS.find((letter) => mapping[letter] === newLetter) as OptionLetter;
    options[newLetter] = item.options[oldLetter];
  }
  const rationale = orderExplanations(rewriteOptionLetters(item.rationale, mapping), newKey);
  return { item: { ...item, options, answer: newKey, rationale }, mapping };
}

function describeMapping(mapping: LetterMapping): string {
  return OPTION_LETTERS.map((letter) => `${letter}→${mapping[letter]}`).join(', ');
}

/**
 * The review record after its item was re-lettered: the reviewer's answer follows its option.
 * A note that names option letters keeps its words (it is a record of what was said then) and
 * gets the mapping appended, so its old letters can still be read.
 */
export function reletterReview(record: ReviewRecord, mapping: LetterMapping, date: string): ReviewRecord {
  if (isIdentity(mapping)) return record;
  const answer = record.reviewer_answer as OptionLetter;
  const reviewerAnswer = OPTION_LETTERS.includes(answer) ? mapping[answer] : record.reviewer_answer;
  const note = record.note ?? '';
  const namesLetters = letterMentions(note).some((mention) => mention.use !== 'other');
  if (!namesLetters) return { ...record, reviewer_answer: reviewerAnswer };
  const mappingNote = `${date} re-lettered for key balance: options reordered (old→new ${describeMapping(mapping)}), rationale letters updated, key unchanged; letters earlier in this note use the old order.`;
  return { ...record, reviewer_answer: reviewerAnswer, note: `${note} ${mappingNote}` };
}
