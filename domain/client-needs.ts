/**
 * The eight NCLEX-PN client-need categories (subcategories of the test plan) with the share of
 * exam items each may take, in percent (NCLEX-PN test plan 2023, unchanged in 2026). The bank, the
 * database's category values, the results page and the remediation prompts all use these names.
 */
export const CLIENT_NEEDS = [
  { name: 'Coordinated Care', prefix: 'cc', min: 18, max: 24 },
  { name: 'Safety & Infection Control', prefix: 'sic', min: 10, max: 16 },
  { name: 'Health Promotion & Maintenance', prefix: 'hpm', min: 6, max: 12 },
  { name: 'Psychosocial Integrity', prefix: 'psy', min: 9, max: 15 },
  { name: 'Basic Care & Comfort', prefix: 'bcc', min: 7, max: 13 },
  { name: 'Pharmacological Therapies', prefix: 'pha', min: 10, max: 16 },
  { name: 'Reduction of Risk Potential', prefix: 'rrp', min: 9, max: 15 },
  { name: 'Physiological Adaptation', prefix: 'pa', min: 7, max: 13 },
] as const;

export type ClientNeed = (typeof CLIENT_NEEDS)[number]['name'];
