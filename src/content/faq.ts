import {
  FREE_PLAN_QUESTIONS,
  MONEY_BACK_DAYS,
  PASS_GUARANTEE_EXTRA_MONTHS,
  QUESTIONS_PER_SET,
  TRIAL_HOURS,
} from '../../domain/business-rules';
import { BANK_QUESTION_COUNT } from './bank-stats';

export interface FaqItem {
  /** Stable key for the accordion item. */
  id: string;
  question: string;
  answer: string;
}

/** The FAQ's 8 questions, in the spec's order (section 2, /faq). */
export const faq = {
  title: 'Frequently Asked Questions',
  intro: 'Answers to the questions students ask most. Open a question to read its answer.',
  items: [
    {
      id: 'what',
      question: 'What is PN Prep?',
      answer: `PN Prep is a web app that helps practical nursing students prepare for the NCLEX-PN licensing exam. You answer NCLEX-PN style practice questions, review rationales and remediation, and track your progress. It starts with a ${TRIAL_HOURS}-hour free trial, followed by a monthly subscription.`,
    },
    {
      id: 'how-many',
      question: 'How many practice questions are there?',
      answer: `Our question bank holds ${BANK_QUESTION_COUNT.toLocaleString('en-US')} NCLEX-PN style questions covering the four client-need categories of the NCLEX-PN test plan and all eight of their subcategories, each with a rationale, and it keeps growing. Each practice set draws ${QUESTIONS_PER_SET} questions. The Free plan includes ${FREE_PLAN_QUESTIONS} practice questions.`,
    },
    {
      id: 'similar',
      question: 'How similar are the questions to the real NCLEX-PN?',
      answer:
        'Our questions are written in the NCLEX-PN style and organized by the client-need categories of the exam, such as Pharmacological Therapies and Safety & Infection Control. They are not actual exam questions: PN Prep is not affiliated with NCSBN.',
    },
    {
      id: 'mobile',
      question: 'Can I use PN Prep on my phone?',
      answer:
        'Yes. PN Prep runs in the browser on phones, tablets and computers, so you can practice wherever you are. Mobile app access, listed on the Monthly plan, means this web app on your phone: there is no app-store app today, but you can add PN Prep to your home screen from the browser’s menu and open it like an app.',
    },
    {
      id: 'pass-guarantee',
      question: 'Is there a pass guarantee?',
      answer: `Yes, on the Pro plan. If you do not pass the NCLEX-PN, we give you ${PASS_GUARANTEE_EXTRA_MONTHS} extra months of access at no cost so you can keep preparing for your next attempt.`,
    },
    {
      id: 'cancel',
      question: 'Can I cancel anytime?',
      answer:
        'Yes. You can cancel anytime from the Billing page. You keep access until the end of your current billing period, and you will not be charged again.',
    },
    {
      id: 'refund',
      question: 'Do you offer refunds?',
      answer: `Yes. We offer a ${MONEY_BACK_DAYS}-day money-back guarantee: if PN Prep is not right for you, contact support within ${MONEY_BACK_DAYS} days of your purchase for a full refund.`,
    },
    {
      id: 'updates',
      question: 'How often is the content updated?',
      answer:
        'We review and add questions regularly and update rationales when nursing practice or the NCLEX-PN test plan changes. Updates are included in your subscription at no extra cost.',
    },
  ] satisfies FaqItem[],
} as const;
