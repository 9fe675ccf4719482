// The order of key letters inside a bank file: how predictable it is, and a seeded way to assign
// letters so that it stays balanced and unpredictable (used by `npm run bank:merge`).
import { OPTION_LETTERS, type OptionLetter } from '../../server/db/question-bank.ts';

export interface KeySequenceLimits {
  /** How many previous keys the predictor looks at. */
  context: number;
  /** Highest allowed next-key prediction accuracy, percent. */
  predictabilityMax: number;
  /** Allowed share of each letter, percent. */
  shareMin: number;
  shareMax: number;
}

/** Counts of the letters that followed one context. */
type FollowerCounts = Record<OptionLetter, number>;

function emptyCounts(): FollowerCounts {
  return { A: 0, B: 0, C: 0, D: 0 };
}

function contextAt(keys: readonly OptionLetter[], i: number, context: number): string {
  return keys.slice(i - context, i).join('');
}

/**
 * How often the next key is guessed from the `context` keys before it, in percent: for each
 * position, the guess is the letter that most often followed the same keys elsewhere in the file.
 *
 * The guess leaves the position itself out (leave-one-out). Without that, a 40-item file has so
 * few repeats of each of the 64 three-letter contexts that any sequence looks predictable: a
 * context seen once "predicts" its own follower. A context seen nowhere else, or a tie, earns the
 * chance share of a guess, so a shuffled file scores about 25 %.
 */
export function nextKeyPredictability(keys: readonly OptionLetter[], context = 3): number {
  if (keys.length <= context) return 0;
  const followers = new Map<string, FollowerCounts>();
  for (let i = context; i < keys.length; i++) {
    const key = contextAt(keys, i, context);
    const counts = followers.get(key) ?? emptyCounts();
    counts[keys[i] as OptionLetter]++;
    followers.set(key, counts);
  }
  let hits = 0;
  for (let i = context; i < keys.length; i++) {
    const actual = keys[i] as OptionLetter;
    const others = { ...(followers.get(contextAt(keys, i, context)) ?? emptyCounts()) };
    others[actual]--;
    const best = Math.max(...OPTION_LETTERS.map((letter) => others[letter]));
    if (best === 0) {
      hits += 1 / OPTION_LETTERS.length;
      continue;
    }
    const guesses = OPTION_LETTERS.filter((letter) => others[letter] === best);
    if (guesses.includes(actual)) hits += 1 / guesses.length;
  }
  return (hits / (keys.length - context)) * 100;
}

/** Share of each letter among `keys`, percent. */
export function letterShares(keys: readonly OptionLetter[]): Record<OptionLetter, number> {
  const counts = emptyCounts();
  for (const key of keys) counts[key]++;
  const shares = emptyCounts();
  for (const letter of OPTION_LETTERS)
    shares[letter] = keys.length === 0 ? 0 : (counts[letter] / keys.length) * 100;
  return shares;
}

export function meetsKeyLimits(keys: readonly OptionLetter[], limits: KeySequenceLimits): boolean {
  const shares = letterShares(keys);
  return (
    nextKeyPredictability(keys, limits.context) <= limits.predictabilityMax &&
    OPTION_LETTERS.every((letter) => shares[letter] >= limits.shareMin && shares[letter] <= limits.shareMax)
  );
}

/** A deterministic pseudo-random number generator in [0, 1) from a text seed (FNV-1a + mulberry32). */
export function seededRandom(seed: string): () => number {
  let hash = 0x811c9dc5;
  for (const char of seed) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  let state = hash;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * The letters the free slots need so the whole file ends as even as possible: each letter's
 * target is a quarter of the file (the remainder goes to the letters the fixed slots already
 * favour, so fewer letters overshoot); a letter the fixed slots already overfill gets none.
 */
function lettersToFill(slots: ReadonlyArray<OptionLetter | null>): OptionLetter[] {
  const fixed = emptyCounts();
  for (const slot of slots) if (slot !== null) fixed[slot]++;
  const free = slots.filter((slot) => slot === null).length;
  const base = Math.floor(slots.length / OPTION_LETTERS.length);
  const byFixed = [...OPTION_LETTERS].sort((a, b) => fixed[b] - fixed[a]);
  const extra = new Set(byFixed.slice(0, slots.length % OPTION_LETTERS.length));
  const needed = emptyCounts();
  for (const letter of OPTION_LETTERS)
    needed[letter] = Math.max(0, base + (extra.has(letter) ? 1 : 0) - fixed[letter]);
  // Overfilled letters leave more need than free slots: trim the largest needs first.
  let surplus = OPTION_LETTERS.reduce((sum, letter) => sum + needed[letter], 0) - free;
  while (surplus > 0) {
    const largest = [...OPTION_LETTERS].sort((a, b) => needed[b] - needed[a])[0] as OptionLetter;
    needed[largest]--;
    surplus--;
  }
  return OPTION_LETTERS.flatMap((letter) => Array.from({ length: needed[letter] }, () => letter));
}

/** How far under the limit a draw should preferably land, so later merges into the file have room. */
const PREFERRED_HEADROOM = 10;

/**
 * Fills the free slots (null) of a file's key sequence with letters: a seeded shuffle of the
 * letters that balance the file, drawn again (next seed) until the whole sequence meets the
 * limits, preferably with the predictability at least PREFERRED_HEADROOM points under its limit.
 * Deterministic for a given seed. If no draw within `attempts` meets the limits (possible only
 * when the fixed slots are already lopsided or patterned), returns the least predictable draw.
 */
export function assignKeys(
  slots: ReadonlyArray<OptionLetter | null>,
  seed: string,
  limits: KeySequenceLimits,
  attempts = 2000,
): OptionLetter[] {
  const letters = lettersToFill(slots);
  const preferred = { ...limits, predictabilityMax: limits.predictabilityMax - PREFERRED_HEADROOM };
  let withinLimits: OptionLetter[] | undefined;
  let leastPredictable: { keys: OptionLetter[]; predictability: number } | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const drawn = shuffle([...letters], seededRandom(`${seed}#${attempt}`));
    const keys = slots.map((slot) => slot ?? (drawn.shift() as OptionLetter));
    if (meetsKeyLimits(keys, preferred)) return keys;
    if (!withinLimits && meetsKeyLimits(keys, limits)) withinLimits = keys;
    const predictability = nextKeyPredictability(keys, limits.context);
    if (!leastPredictable || predictability < leastPredictable.predictability)
      leastPredictable = { keys, predictability };
  }
  return withinLimits ?? leastPredictable?.keys ?? slots.map((slot) => slot ?? 'A');
}
