/** Every route of the app, in one place. Links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  about: '/about',
  pricing: '/pricing',
  faq: '/faq',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  authReset: '/auth/reset',
  authCallback: '/auth/callback',
  dashboard: '/dashboard',
  practice: '/practice',
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
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
