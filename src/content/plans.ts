import { FREE_PLAN_QUESTIONS, PRICING_PAGE_MONTHLY_USD, PRO_ONE_TIME_USD } from '../../domain/business-rules';

/** A static plan card on /pricing (spec sections 2 and 3). */
export interface Plan {
  name: string;
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  cta: string;
  badge: string | null;
}

/** The three plans of the spec's pricing table, with its exact wording. */
export const plans: readonly Plan[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'Try NCLEX-PN style questions at no cost.',
    features: [`${FREE_PLAN_QUESTIONS} practice questions`, 'basic progress tracking', 'community support'],
    cta: 'Get Started',
    badge: null,
  },
  {
    name: 'Monthly',
    price: `$${PRICING_PAGE_MONTHLY_USD}`,
    period: 'per month',
    description: 'Full access while you study, billed monthly.',
    features: [
      'unlimited questions',
      'full-length mock exams',
      'detailed analytics',
      'priority support',
      'mobile app access',
    ],
    cta: 'Choose Monthly',
    badge: 'Popular',
  },
  {
    name: 'Pro',
    price: `$${PRO_ONE_TIME_USD}`,
    period: 'one-time',
    description: 'Pay once and keep everything until you pass.',
    features: [
      'everything in Monthly',
      'lifetime access',
      '1-on-1 tutoring session',
      'study guides and resources',
      'pass guarantee',
    ],
    cta: 'Choose Pro',
    badge: 'Best Value',
  },
];

/** Pricing page copy around the cards. */
export const pricing = {
  title: 'Pricing',
  intro: 'Choose the plan that fits your study schedule.',
  inertNoteBefore: 'Plan sign-up from this page is not available yet. Start with the free trial from ',
  inertNoteLink: 'the Billing page',
  inertNoteAfter: '.',
} as const;
