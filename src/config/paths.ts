import type { RouteName } from '../../machines/shared/app-actions';

/**
 * Every route of the app, in one place: the one route table. Links and redirects use these, never
 * string literals; machines name the routes they go to (`RouteName`) and the app looks them up here.
 */
export const paths = {
  home: '/',
  about: '/about',
  pricing: '/pricing',
  faq: '/faq',
  support: '/support',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  authReset: '/auth/reset',
  authCallback: '/auth/callback',
  dashboard: '/dashboard',
  practice: '/practice',
  /** Create a test (the builder). */
  customTest: '/practice/custom',
  /** The answering page of a served custom test: `?test=<test id>`. */
  customTestSession: '/practice/custom/test',
  clinicalJudgment: '/clinical-judgment',
  exams: '/exams',
  results: '/results',
  profile: '/profile',
  billing: '/billing',
  billingSuccess: '/billing/success',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  devStripe: '/dev/stripe',
  devFlows: '/dev/flows',
  pay: '/pay',
  terms: '/terms',
  privacy: '/privacy',
} as const satisfies Record<RouteName, string> & Record<string, string>;

export type AppPath = (typeof paths)[keyof typeof paths];
