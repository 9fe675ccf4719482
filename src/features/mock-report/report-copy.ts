import { MAX_ITEMS, MIN_ITEMS } from '../../../domain/cat/constants';
import type { PerformanceLevel, StopRule } from '../../../machines/mock-report/mock-report.ports';
import { logits, probabilityText } from '../../components/readiness-format';

export { logits };

/** Seconds as "1 h 05 min" / "42 min". */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}

/** Texts of the readiness report (/exams/mock/report; docs/decisions/211-readiness-report.md). */
export const reportCopy = {
  title: 'Your readiness report',
  loading: 'Loading your report…',
  failedTitle: 'We could not load your report',
  unavailableTitle: 'There is no report to show',
  toExams: 'Go to Mock Exams',
  backToExam: 'Back to the exam',
  toResults: 'Go to Results',
  passed: 'Result: above the passing standard (pass)',
  failed: 'Result: below the passing standard (did not pass)',
  /** Which rule ended the exam, in plain words. */
  rule(rule: StopRule, passed: boolean, itemsAnswered: number): string {
    switch (rule) {
      case 'confidence':
        return `The exam stopped after ${itemsAnswered} items because it was 95% sure your ability is ${passed ? 'above' : 'below'} the passing standard.`;
      case 'maximum-length':
        return `The exam reached its maximum length of ${MAX_ITEMS} items without being 95% sure either way, so your final estimate decided: it is ${passed ? 'above' : 'below'} the passing standard.`;
      case 'time':
        return itemsAnswered < MIN_ITEMS
          ? `Time ran out after ${itemsAnswered} items, before the minimum of ${MIN_ITEMS}: as on the NCLEX, that is a fail.`
          : `Time ran out after ${itemsAnswered} items, so your final estimate from every completed item decided: it is ${passed ? 'above' : 'below'} the passing standard.`;
    }
  },
  estimateHeading: 'Your estimate and its 95% band',
  bandAlt: (estimate: number, lower: number, upper: number, cut: number) => {
    const where =
      lower > cut
        ? 'The whole band is above the passing standard.'
        : upper < cut
          ? 'The whole band is below the passing standard.'
          : 'The band includes the passing standard.';
    return `Your ability estimate is ${logits(estimate)} logits, with a 95% band from ${logits(lower)} to ${logits(upper)}. The passing standard is ${logits(cut)} logits. ${where}`;
  },
  probability: (p: number) => `Probability of passing: ${probabilityText(p)}`,
  method: (method: string) =>
    method === 'normal-approximation'
      ? 'Method: normal approximation, the chance that your true ability is above the passing standard given your estimate and its standard error.'
      : `Method: ${method}.`,
  provisional: 'Provisional',
  provisionalText:
    'Our scale is not yet calibrated against NCSBN’s, so this estimate and the probability are provisional.',
  methodLink: 'How readiness is estimated',
  timeUsed: (used: number, limit: number) => `Time used: ${durationText(used)} of ${durationText(limit)}`,
  items: (answered: number, scored: number) =>
    `${answered} items answered, ${scored} of them scored (the rest were unscored trial items).`,
  performanceHeading: 'Performance by area',
  performanceIntro:
    'As on NCSBN’s candidate performance report: your ability on each area’s items against the passing standard. Areas with few items are usually Near, because their band is wide.',
  byClientNeed: 'By client-need category',
  byStep: 'By clinical-judgment step',
  area: 'Area',
  scoredItems: 'Scored items',
  performance: 'Performance',
  level: {
    below: 'Below the passing standard',
    near: 'Near the passing standard',
    above: 'Above the passing standard',
  } satisfies Record<PerformanceLevel, string>,
  reviewHeading: 'Review of every scored item',
  reviewIntro: 'Each scored item with your answer, the correct answer and the rationale.',
  itemHeading: (ordinal: number) => `Item ${ordinal}`,
  retired: 'This item has since been retired from the question bank.',
  pointsOf: (points: number, max: number) => `${points} / ${max} points`,
} as const;
