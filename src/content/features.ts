import { QUESTIONS_PER_SET } from '../../domain/business-rules';
import { BANK_QUESTION_COUNT } from './bank-stats';

export interface Feature {
  title: string;
  description: string;
}

/** The landing page's three feature cards, titled as in the spec. */
export const features: readonly Feature[] = [
  {
    title: 'Comprehensive Question Bank',
    // The real count from the bank, not "thousands" (docs/decisions/090-look-and-honest-copy.md).
    description: `${BANK_QUESTION_COUNT.toLocaleString('en-US')} NCLEX-PN style questions across every client-need category, each with a rationale that explains the answer, plus clinical judgment items in the Next Generation NCLEX formats.`,
  },
  {
    title: 'Targeted Practice',
    description: `Work through sets of ${QUESTIONS_PER_SET} questions and get remediation focused on the topics you missed.`,
  },
  {
    title: 'Track Your Progress',
    description: 'See your scores after every set and know which areas still need work before exam day.',
  },
];
