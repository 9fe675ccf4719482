import { paths } from '../config/paths';
import { about } from '../content/about';
import { billing, checkoutCancel } from '../content/billing';
import { exams } from '../content/exams';
import { faq } from '../content/faq';
import { landing } from '../content/landing';
import { privacy, terms } from '../content/legal';
import { notFound } from '../content/not-found';
import { pricing } from '../content/plans';
import { readinessMethod } from '../content/readiness-method';
import { register } from '../content/register';
import { support } from '../content/support';

/** What a prerendered page puts in its head: the title its page sets, a description for search. */
export interface PageMeta {
  /** The page part of the title, as the page passes it to usePageTitle. */
  title: string;
  description: string;
}

const siteDescription =
  'NCLEX-PN practice questions with rationales for practical nursing students. Start a 24-hour free trial.';

/**
 * The public pages prerendered to HTML at build time (decision 080), with their head. The 404 page
 * has no path of its own: it is rendered at `notFoundPath` and written as 404.html.
 */
export const prerenderedPages = {
  [paths.home]: { title: landing.pageTitle, description: siteDescription },
  [paths.about]: { title: about.title, description: about.intro },
  [paths.pricing]: {
    title: pricing.title,
    description: `${pricing.intro} Every plan starts with a 24-hour free trial of NCLEX-PN practice questions.`,
  },
  [paths.faq]: {
    title: faq.title,
    description: `${faq.intro} PN Prep, NCLEX-PN practice for practical nurses.`,
  },
  [paths.support]: { title: support.title, description: support.description },
  [paths.terms]: { title: terms.title, description: `${terms.intro} The terms of service of PN Prep.` },
  [paths.privacy]: { title: privacy.title, description: privacy.intro },
  [paths.login]: {
    title: 'Login',
    description: 'Sign in to PN Prep with a link sent to your email address.',
  },
  [paths.register]: {
    title: register.title,
    description: 'Create your PN Prep account for NCLEX-PN practice.',
  },
  [paths.exams]: { title: exams.title, description: exams.text },
  [paths.readinessMethod]: { title: readinessMethod.title, description: readinessMethod.intro },
  [paths.checkoutCancel]: { title: checkoutCancel.title, description: checkoutCancel.text },
  [paths.billing]: { title: billing.title, description: billing.intro },
} as const satisfies Record<string, PageMeta>;

/** A path no route claims, used to render the 404 page. */
export const notFoundPath = '/404';
export const notFoundMeta: PageMeta = { title: notFound.title, description: notFound.text };

/** The document title for a page title, the same rule usePageTitle applies in the browser. */
export function documentTitle(title: string): string {
  return title ? `${title} · PN Prep` : 'PN Prep';
}
