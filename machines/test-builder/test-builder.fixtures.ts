import type { CustomTestCounts } from '../../domain/custom-tests';
import type { AccessGateOutput } from '../access-gate/access-gate.machine';
import { BackendError } from '../shared/backend-error';
import { ada, done, type FlowFixtures, failed, plain } from '../shared/fixtures';
import { defaultSettings } from './builder-rules';
import type { TestBuilderInput } from './test-builder.machine';

export const builderSettings = defaultSettings(60);
/** The choices of a student who narrowed the test to one category's flagged items. */
export const narrowSettings = {
  ...builderSettings,
  categories: ['Coordinated Care' as const],
  pool: 'flagged' as const,
};

const byCategory = (available: number) =>
  (
    [
      'Coordinated Care',
      'Safety & Infection Control',
      'Health Promotion & Maintenance',
      'Psychosocial Integrity',
      'Basic Care & Comfort',
      'Pharmacological Therapies',
      'Reduction of Risk Potential',
      'Physiological Adaptation',
    ] as const
  ).map((category) => ({ category, available }));

export const someItems: CustomTestCounts = {
  items: 20,
  available: 120,
  byCategory: byCategory(15),
  byPool: { all: 160, unused: 120, incorrect: 12, flagged: 0, due: 4 },
  byKind: { classic: 90, standalone: 18, case: 12 },
};
export const noItems: CustomTestCounts = {
  items: 0,
  available: 0,
  byCategory: byCategory(0),
  byPool: { all: 30, unused: 22, incorrect: 3, flagged: 0, due: 0 },
  byKind: { classic: 0, standalone: 0, case: 0 },
};
export const grantedAccess: AccessGateOutput = { access: 'granted', redirectTo: null };
export const notEntitledAccess: AccessGateOutput = { access: 'notEntitled', redirectTo: 'billing' };
export const SERVED_TEST_ID = '3b0f3f55-6f1e-4f8e-9a4e-0d7c2b1a9e10';

/** The builder's example inputs and events (see machines/shared/fixtures.ts). */
export const testBuilderFixtures: FlowFixtures<TestBuilderInput> = {
  inputs: {
    'Signed in': () => ({ session: ada, settings: builderSettings, autoStart: false }),
    'From the dashboard: due for review, at once': () => ({
      session: ada,
      settings: { ...builderSettings, pool: 'due' },
      autoStart: true,
    }),
  },
  events: [
    done('accessGate', grantedAccess, 'access granted'),
    done('accessGate', notEntitledAccess, 'no plan or trial'),
    done('loadCounts', someItems, 'the choices give 20 items'),
    done('loadCounts', noItems, 'the choices give nothing'),
    failed('loadCounts', new BackendError('Failed to fetch')),
    { label: 'narrow the choices', event: { type: 'settings.change', settings: narrowSettings } },
    plain('counts.retry'),
    plain('test.start'),
    done('startTest', { testId: SERVED_TEST_ID }, 'served'),
    failed('startTest', new BackendError('No items match these choices.')),
  ],
};
