/**
 * The measurement model: Rasch for items scored 0/1 and Masters' partial-credit model (PCM) for
 * Next Generation items scored 0..m points. Both put abilities and difficulties on one logit scale;
 * a PCM item with one threshold is a Rasch item.
 *
 * PCM: an item with thresholds δ1..δm gives P(X = x | θ) ∝ exp(Σ_{k≤x} (θ − δk)), x = 0..m.
 * Its information at θ is the variance of the score, Σ x²P(x) − (Σ x P(x))².
 */

/** Rasch: the chance that a candidate of ability θ answers an item of difficulty b right. */
export function raschProbability(theta: number, difficulty: number): number {
  return 1 / (1 + Math.exp(difficulty - theta));
}

/** Rasch item information at θ: p(1 − p), largest (0.25) where p = 0.5, i.e. θ = b. */
export function raschInformation(theta: number, difficulty: number): number {
  const p = raschProbability(theta, difficulty);
  return p * (1 - p);
}

/** PCM: the chance of each score 0..m for an item with these thresholds. */
export function pcmProbabilities(theta: number, thresholds: readonly number[]): number[] {
  const logits = [0];
  for (const threshold of thresholds) logits.push((logits.at(-1) ?? 0) + theta - threshold);
  const top = Math.max(...logits);
  const weights = logits.map((value) => Math.exp(value - top));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}

/** PCM: the expected score at θ. */
export function pcmExpectedScore(theta: number, thresholds: readonly number[]): number {
  return pcmProbabilities(theta, thresholds).reduce((sum, p, score) => sum + score * p, 0);
}

/** PCM: item information at θ, the variance of the score. */
export function pcmInformation(theta: number, thresholds: readonly number[]): number {
  const probabilities = pcmProbabilities(theta, thresholds);
  const mean = probabilities.reduce((sum, p, score) => sum + score * p, 0);
  return probabilities.reduce((sum, p, score) => sum + (score - mean) ** 2 * p, 0);
}

/** An item's location: the mean of its thresholds (the difficulty of a 0/1 item). */
export function itemLocation(thresholds: readonly number[]): number {
  return thresholds.reduce((sum, t) => sum + t, 0) / thresholds.length;
}

/** A random score drawn from the model (simulation). */
export function drawScore(theta: number, thresholds: readonly number[], random: () => number): number {
  const probabilities = pcmProbabilities(theta, thresholds);
  let u = random();
  for (let score = 0; score < probabilities.length; score++) {
    u -= probabilities[score] ?? 0;
    if (u < 0) return score;
  }
  return probabilities.length - 1;
}
