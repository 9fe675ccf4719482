import {
  LABEL_PRIOR_ERROR_SD,
  LABEL_PRIOR_LOGITS,
  MAX_ITEMS,
  MIN_ITEMS,
  MIN_RESPONSES_TO_CALIBRATE,
  NCSBN_PN_PASSING_STANDARD,
  PASSING_STANDARD,
  PRETEST_ITEMS,
} from '../../domain/cat/constants';
import { READINESS_SIMULATION as sim } from './readiness-figures';

const percent = (share: number | null, digits = 0) =>
  share === null ? '—' : `${(100 * share).toFixed(digits)}%`;

/**
 * The public "How readiness is estimated" page. Every figure is read from the simulation study's
 * output (readiness-figures.ts, written by `npm run cat:simulate`) or from the engine's constants,
 * so the page and docs/readiness.md cannot disagree.
 */
export const readinessMethod = {
  title: 'How readiness is estimated',
  intro:
    'Our mock exam follows the rules NCSBN publishes for the NCLEX-PN and tells you how sure it is. This page explains how the estimate is made, what it has been tested against, and what it cannot yet tell you.',
  sections: [
    {
      heading: 'The exam',
      paragraphs: [
        `Between ${MIN_ITEMS} and ${MAX_ITEMS} items, ${PRETEST_ITEMS} of them unscored trial items you cannot tell apart, and three six-item case studies for everyone. After each answer your ability is estimated again and the next item is one you have about an even chance of answering, while the mix of topics follows the NCLEX-PN test plan.`,
        'The exam stops the way the NCLEX does: when the 95% band around your estimate is wholly above or below the passing standard (never before the minimum length), at the maximum length (your final estimate decides), or when time runs out (fewer than the minimum answered is a fail; otherwise your final estimate decides).',
      ],
    },
    {
      heading: 'The estimate',
      paragraphs: [
        'Ability and item difficulty share one scale measured in logits (Rasch measurement; Next Generation items count by their score points through the partial-credit model). Your estimate is the maximum-likelihood one; until you have both earned and missed points it uses a weak starting assumption centred on the passing standard.',
        'Your probability of passing is a normal approximation: the chance that your true ability is above the passing standard, given your estimate and its standard error.',
      ],
    },
    {
      heading: 'The passing standard, and why your result is provisional',
      paragraphs: [
        `NCSBN's passing standard for the NCLEX-PN is ${NCSBN_PN_PASSING_STANDARD} logits on NCSBN's scale. Our logits are not NCSBN's: our item difficulties start from our writers' easy / medium / hard labels (${LABEL_PRIOR_LOGITS.easy}, ${LABEL_PRIOR_LOGITS.medium} and +${LABEL_PRIOR_LOGITS.hard} logits), which can be off by ${LABEL_PRIOR_ERROR_SD} logit or more, and we place NCSBN's number (${PASSING_STANDARD}) on our scale with "medium" at 0. Each item's difficulty is re-estimated from students' answers once it has ${MIN_RESPONSES_TO_CALIBRATE} of them, and your band is widened for the error still in the items.`,
        'How far our cut sits from NCSBN’s is not known yet. It becomes measurable when students who took a mock exam record their real NCLEX-PN result; until then every result says "provisional".',
      ],
    },
    {
      heading: 'How well it classifies (simulated)',
      paragraphs: [
        `We ran ${sim.examinees.toLocaleString('en-US')} simulated candidates spread evenly within ${sim.spreadWidth} logits of the passing standard through the same exam. When items behave exactly as the exam assumes, ${percent(sim.ownParameters.even.accuracy, 1)} were classified correctly (${percent(sim.ownParameters.even.accuracyBeyondHalf, 1)} of those more than half a logit from the standard), and the 95% band held the true ability ${percent(sim.ownParameters.even.bandCoverage, 1)} of the time.`,
        `When every item's real difficulty differs from ours (by ${sim.misspecifiedRmse} logit on average, like a label guess), ${percent(sim.misspecified.even.accuracy, 1)} were classified correctly and the band held the true ability ${percent(sim.misspecified.even.bandCoverage, 1)} of the time. Candidates very close to the standard are the hard cases: within a quarter logit of it, ${percent(sim.misspecified.even.accuracyNearCut)} were classified correctly.`,
        'These figures are for our passing standard on our scale. They do not yet say how well a mock result predicts the NCLEX; we will publish that when enough results are reported.',
      ],
    },
  ],
} as const;
