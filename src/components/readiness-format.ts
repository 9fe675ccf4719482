/** Logits with a sign and two decimals ("−0.18", "+1.20"), with a true minus sign. */
export const logits = (value: number): string =>
  `${value < 0 ? '−' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(2)}`;

/** A probability as a whole percent, never a false 0 % or 100 %. */
export function probabilityText(p: number): string {
  if (p > 0.99) return 'over 99%';
  if (p < 0.01) return 'under 1%';
  return `${Math.round(100 * p)}%`;
}
