import { MONEY_BACK_DAYS, QUESTIONS_PER_SET, TRIAL_HOURS } from '../../domain/business-rules';

/** About page: mission, what we offer, commitment. */
export const about = {
  title: 'About PN Prep',
  intro: 'PN Prep is an exam-preparation web app for practical nursing students preparing for the NCLEX-PN.',
  mission: {
    heading: 'Our Mission',
    text: 'We help practical nursing students walk into the NCLEX-PN prepared and confident, with focused practice that fits around classes, clinicals and work.',
  },
  offer: {
    heading: 'What We Offer',
    items: [
      `Practice sets of ${QUESTIONS_PER_SET} NCLEX-PN style questions, each with a rationale.`,
      'Remediation for the questions you miss, focused on their client-need category.',
      'Clinical judgment practice with Next Generation NCLEX items: select all that apply, grids, drop-downs, highlighting, drag-and-drop, bow-ties, trends and case studies.',
      'Progress tracking: your accuracy by client-need category and over time, and a review of every past set.',
      'Timed, full-length mock exams are planned; they are not available yet.',
      `A ${TRIAL_HOURS}-hour free trial, then a simple monthly subscription.`,
    ],
  },
  commitment: {
    heading: 'Our Commitment',
    text: `We keep our questions accurate and up to date, and we keep billing honest: cancel anytime from the Billing page, and if PN Prep is not right for you, ask for a refund within ${MONEY_BACK_DAYS} days.`,
  },
} as const;
