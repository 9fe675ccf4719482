import { TRIAL_HOURS } from '../../domain/business-rules';

/** The trial call to action, as the spec words it ('Start 24-Hour Free Trial'). */
export const startTrialLabel = `Start ${TRIAL_HOURS}-Hour Free Trial`;

/** Landing page ('/'): hero, feature section heading and closing call to action. */
export const landing = {
  pageTitle: 'NCLEX-PN Practice',
  hero: {
    title: 'Pass Your NCLEX-PN Exam with Confidence',
    subtitle:
      'Practice NCLEX-PN style questions with clear rationales, focus on the topics you miss, and track your progress as exam day gets closer.',
    primaryCta: startTrialLabel,
    secondaryCta: 'Learn More',
  },
  featuresHeading: 'Everything you need to prepare',
  closing: {
    title: 'Ready to start studying?',
    text: `Start your ${TRIAL_HOURS}-hour free trial and answer your first practice set in minutes.`,
    cta: startTrialLabel,
  },
} as const;
