import { TERMS_MONTHLY_USD, TRIAL_HOURS } from '../../domain/business-rules';
import { type AppPath, paths } from '../config/paths';

/** A run of legal text: plain words, an in-app link, or the support email (filled in by the page). */
export type LegalPart = string | { text: string; to: AppPath } | { supportEmail: true };

export interface LegalSection {
  heading: string;
  /** One paragraph: parts rendered inline. */
  text: readonly LegalPart[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** /terms: preparation use only, no medical advice, price and trial, cancellation, termination. */
export const terms: LegalDocument = {
  title: 'Terms of Service',
  intro: 'By using PN Prep you agree to these terms.',
  sections: [
    {
      heading: 'Exam preparation only',
      text: ['PN Prep is provided for NCLEX-PN exam preparation use only.'],
    },
    {
      heading: 'No medical advice',
      text: [
        'Questions, rationales and all other content are for study. They are not medical advice and must not be used to make decisions about patient care.',
      ],
    },
    {
      heading: 'Subscription and trial',
      text: [
        `The subscription costs $${TERMS_MONTHLY_USD}/month and starts with a ${TRIAL_HOURS}-hour free trial.`,
      ],
    },
    {
      heading: 'Cancellation',
      text: ['You can cancel anytime from ', { text: 'the Billing page', to: paths.billing }, '.'],
    },
    {
      heading: 'Termination',
      text: ['Misuse of the service or account sharing may lead to termination of your account.'],
    },
  ],
};

/** /privacy: what is stored, card data, deletion requests. */
export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  intro: 'This policy explains what PN Prep stores about you and how to have it deleted.',
  sections: [
    {
      heading: 'What we store',
      text: [
        'We store your email address, your question attempts and your scores, so that you can sign in and follow your progress.',
      ],
    },
    {
      heading: 'Payments',
      text: ['Card data is handled by our payment provider and is not stored by PN Prep.'],
    },
    {
      heading: 'Deleting your data',
      text: ['To request deletion of your account and data, email ', { supportEmail: true }, '.'],
    },
  ],
};
