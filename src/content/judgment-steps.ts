import type { JudgmentStep } from '../../domain/judgment-steps';

/** The clinical judgment model's steps as students read them. */
export const judgmentStepNames: Record<JudgmentStep, string> = {
  'recognize-cues': 'Recognize cues',
  'analyze-cues': 'Analyze cues',
  'prioritize-hypotheses': 'Prioritize hypotheses',
  'generate-solutions': 'Generate solutions',
  'take-action': 'Take action',
  'evaluate-outcomes': 'Evaluate outcomes',
};
