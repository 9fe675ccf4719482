import { QUESTIONS_PER_SET } from '../../domain/business-rules';

export interface Feature {
  title: string;
  description: string;
}

/** The landing page's three feature cards, titled as in the spec. */
export const features: readonly Feature[] = [
  {
    title: 'Comprehensive Question Bank',
    description:
      'Thousands of NCLEX-PN style questions across every client-need category, each with a rationale that explains the answer.',
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
