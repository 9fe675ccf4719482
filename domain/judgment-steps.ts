/** NCSBN's Clinical Judgment Measurement Model, in the order a case study walks it. */
export const JUDGMENT_STEPS = [
  'recognize-cues',
  'analyze-cues',
  'prioritize-hypotheses',
  'generate-solutions',
  'take-action',
  'evaluate-outcomes',
] as const;
export type JudgmentStep = (typeof JUDGMENT_STEPS)[number];
