import { MONEY_BACK_DAYS } from '../../domain/business-rules';

/**
 * /support: how to reach a person, how soon they answer, and how to cancel or get a refund
 * (docs/decisions/140-support-page.md). The address itself comes from the build (config.supportEmail).
 */
export const support = {
  title: 'Support',
  intro: 'Questions about your account, a practice question or a payment? Write to us and a person answers.',
  contactHeading: 'Contact us',
  contactBefore: 'Email ',
  contactAfter:
    ' from the address you sign in with, so we can find your account. For a question about a practice item, say which one (its first words are enough).',
  responseHeading: 'When we answer',
  response: 'We answer every message within one business day, usually sooner.',
  cancelHeading: 'Cancel your plan',
  cancelSteps: [
    'Sign in and open Billing.',
    'Press Manage subscription: the payment provider’s secure page opens.',
    'Choose Cancel plan. You keep access to the end of the period you paid for (or of your trial) and are not charged again.',
  ],
  refundHeading: 'Get a refund',
  refund: `Within ${MONEY_BACK_DAYS} days of a purchase, email us from your account’s address and ask for a refund: you get the full amount back, no questions asked, to the card you paid with.`,
  description: 'How to contact PN Prep support, how soon we answer, and how to cancel or get a refund.',
} as const;
