import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  to: string;
}

/** Top navigation when signed out (spec section 2). */
export const signedOutNav: NavItem[] = [{ label: 'Home', to: paths.home }];

/** Top navigation when signed in. */
export const signedInNav: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Practice', to: paths.practice },
  { label: 'Results', to: paths.results },
  { label: 'Billing', to: paths.billing },
];

/** The mobile menu's links, in the spec's order. */
export const mobileMenuNav: NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Pricing', to: paths.pricing },
  { label: 'FAQ', to: paths.faq },
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Practice', to: paths.practice },
  { label: 'Exams', to: paths.exams },
  { label: 'Results', to: paths.results },
  { label: 'Profile', to: paths.profile },
  { label: 'Billing', to: paths.billing },
];

/** Footer links; the Support link (to the support page) sits between Privacy and Login. */
export const footerNavBeforeSupport: NavItem[] = [
  { label: 'Practice', to: paths.practice },
  { label: 'Exams', to: paths.exams },
  { label: 'Pricing', to: paths.pricing },
  { label: 'About', to: paths.about },
  { label: 'FAQ', to: paths.faq },
  { label: 'Terms', to: paths.terms },
  { label: 'Privacy', to: paths.privacy },
];

export const footerNavAfterSupport: NavItem[] = [
  { label: 'Login', to: paths.login },
  { label: 'Register', to: paths.register },
  { label: 'Profile', to: paths.profile },
];
