/** Options are lettered A, B, C, D… as the rationales name them ("C is incorrect because…"). */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}
