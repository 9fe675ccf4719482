/** Logits with a sign and two decimals ("−0.18", "+1.20"), with a true minus sign. */
export const logits = (value: number): string =>
  `${value < 0 ? '−' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(2)}`;

/** A probability as a whole percent, never a false 0 % or 100 %. */
export function probabilityText(p: number): string {
  if (p > 0.99) return 'over 99%';
  if (p < 0.01) return 'under 1%';
  return `${Math.round(100 * p)}%`;
}

/**
 * The whole-logit range a readiness picture draws: at least ±`least`, widened to whole logits so the
 * passing standard (with a logit to spare) and every value shown fit; one tick per logit.
 */
export function logitScale(values: readonly number[], cut: number, least: number) {
  const min = Math.floor(Math.min(-least, cut - 1, ...values));
  const max = Math.ceil(Math.max(least, cut + 1, ...values));
  const ticks = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  /** A value's position between `from` (at min) and `to` (at max), in drawing units. */
  const place = (value: number, from: number, to: number) =>
    from + ((value - min) / (max - min)) * (to - from);
  return { min, max, ticks, place };
}
