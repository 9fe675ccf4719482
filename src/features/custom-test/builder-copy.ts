import type { CustomTestKind, CustomTestMode, CustomTestPool } from '../../../domain/custom-tests';

/** Texts of /practice/custom (beyond the spec: docs/decisions/220-custom-tests.md). */
export const builderCopy = {
  title: 'Create a test',
  intro:
    'Choose the client needs, how many items, which of your items and what kind, and whether to see each answer as you go or take the test against the clock.',
  categories: 'Client needs',
  categoryGroups: [
    {
      heading: 'Safe and Effective Care Environment',
      needs: ['Coordinated Care', 'Safety & Infection Control'],
    },
    { heading: 'Health Promotion and Maintenance', needs: ['Health Promotion & Maintenance'] },
    { heading: 'Psychosocial Integrity', needs: ['Psychosocial Integrity'] },
    {
      heading: 'Physiological Integrity',
      needs: [
        'Basic Care & Comfort',
        'Pharmacological Therapies',
        'Reduction of Risk Potential',
        'Physiological Adaptation',
      ],
    },
  ],
  allCategories: 'All client needs',
  itemCount: 'Number of items',
  itemCountHint: 'From 10 to 85.',
  pool: 'Items',
  pools: {
    all: 'All items',
    unused: 'Unused (never answered)',
    incorrect: 'Incorrect (last answer wrong)',
    flagged: 'Flagged by you',
    due: 'Due for review today',
  } satisfies Record<CustomTestPool, string>,
  kinds: 'Kinds of item',
  kindNames: {
    classic: 'Classic multiple choice',
    standalone: 'NGN stand-alone items',
    case: 'NGN case studies (6 items each)',
  } satisfies Record<CustomTestKind, string>,
  mode: 'Mode',
  modes: {
    tutor: { label: 'Tutor', description: 'After each item: your answer, the key and the rationale.' },
    timed: { label: 'Timed', description: 'About 80 seconds an item, results at the end.' },
  } satisfies Record<CustomTestMode, { label: string; description: string }>,
  available: (n: number) => `${n} available`,
  counting: 'Counting items…',
  willHave: (n: number) => `This test will have ${n} ${n === 1 ? 'item' : 'items'}.`,
  fewerThanAsked: (asked: number) => `(You asked for ${asked}: these are all that match.)`,
  noItems: 'No items match these choices.',
  nearestPool: (pool: string, n: number) => `Use “${pool}” instead (${n} available)`,
  nearestAdd: (name: string, n: number) => `Add “${name}” (${n} available)`,
  noNearest: 'Choose other client needs or kinds of item.',
  start: 'Start the test',
  starting: 'Preparing your test…',
  countFailedTitle: 'We could not count the items',
  startFailedTitle: 'We could not start the test',
};
