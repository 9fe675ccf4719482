import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ada } from '../../machines/shared/fixtures';
import {
  applyNearest,
  clampItemCount,
  defaultSettings,
  nearestServable,
  toggleCategory,
  toggleKind,
} from '../../machines/test-builder/builder-rules';
import {
  builderSettings,
  grantedAccess,
  narrowSettings,
  noItems,
  SERVED_TEST_ID,
  someItems,
  testBuilderFixtures,
} from '../../machines/test-builder/test-builder.fixtures';
import { type TestBuilderInput, testBuilderMachine } from '../../machines/test-builder/test-builder.machine';
import { describeModel, FakeActors } from '../support/model';

function start(input: TestBuilderInput) {
  const fakes = new FakeActors();
  const log = { navigations: [] as string[], opened: [] as string[] };
  const actor = createActor(
    testBuilderMachine.provide({
      actors: {
        // The gate stands in as a promise: its own states are tests/machines/access-gate's.
        accessGate: fakes.promise('accessGate') as never,
        loadCounts: fakes.promise('loadCounts'),
        startTest: fakes.promise('startTest'),
      },
      actions: {
        navigateTo: (_, { route }) => log.navigations.push(route),
        openTest: (_, { testId }) => log.opened.push(testId),
      },
    }),
    { input },
  ).start();
  return { actor, fakes, log };
}

describeModel(testBuilderMachine, testBuilderFixtures, async ({ input, replay }) => {
  const { actor, fakes, log } = start(input);
  await replay({
    actor,
    fakes,
    assertions: {
      'test-builder.checkingAccess': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(fakes.isRunning('accessGate')).toBe(true);
      },
      'test-builder.redirecting': (s) => {
        expect(s.status).toBe('done');
        expect(log.navigations.at(-1)).toBe('billing');
      },
      'test-builder.counting': (s) => {
        expect(fakes.calls.at(-1)).toEqual({ name: 'loadCounts', input: { settings: s.context.settings } });
      },
      'test-builder.ready': (s) => {
        expect(s.context.counts).not.toBeNull();
        expect(s.can({ type: 'test.start' })).toBe((s.context.counts?.items ?? 0) > 0);
      },
      'test-builder.countFailed': (s) => {
        expect(s.context.error).toBe('Failed to fetch');
        expect(s.hasTag('error')).toBe(true);
      },
      'test-builder.starting': (s) => {
        expect(s.context.counts?.items).toBeGreaterThan(0);
        expect(fakes.calls.at(-1)).toEqual({ name: 'startTest', input: { settings: s.context.settings } });
      },
      'test-builder.startFailed': (s) => {
        expect(s.context.error).toBe('No items match these choices.');
      },
      'test-builder.started': (s) => {
        expect(s.context.testId).toBe(SERVED_TEST_ID);
        expect(log.opened).toEqual([SERVED_TEST_ID]);
      },
    },
  });
  actor.stop();
});

describe('test-builder machine (behaviour)', () => {
  it('never serves a test the counts say is empty', async () => {
    const { actor, fakes } = start({ session: ada, settings: builderSettings, autoStart: true });
    await fakes.settle('accessGate', { output: grantedAccess });
    await fakes.settle('loadCounts', { output: noItems });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'test.start' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(fakes.calls.map((c) => c.name)).toEqual(['accessGate', 'loadCounts']);
  });

  it('a changed choice is counted again and cancels the one-click start', async () => {
    const { actor, fakes } = start({ session: ada, settings: builderSettings, autoStart: true });
    await fakes.settle('accessGate', { output: grantedAccess });
    actor.send({ type: 'settings.change', settings: narrowSettings });
    await fakes.settle('loadCounts', { output: someItems });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.settings).toEqual(narrowSettings);
  });
});

describe('builder rules', () => {
  it('defaults: all eight categories, every kind, unused, tutor, 20 items', () => {
    expect(defaultSettings(-300)).toMatchObject({
      itemCount: 20,
      pool: 'unused',
      kinds: ['classic', 'standalone', 'case'],
      mode: 'tutor',
      utcOffsetMinutes: -300,
    });
    expect(defaultSettings(0).categories).toHaveLength(8);
  });

  it('item counts stay whole and within 10–85', () => {
    expect([
      clampItemCount(3),
      clampItemCount(40.4),
      clampItemCount(200),
      clampItemCount(Number.NaN),
    ]).toEqual([10, 40, 85, 10]);
  });

  it('toggles keep one category and one kind, in canonical order', () => {
    const one = { ...builderSettings, categories: ['Coordinated Care' as const], kinds: ['case' as const] };
    expect(toggleCategory(one, 'Coordinated Care')).toBe(one);
    expect(toggleKind(one, 'case')).toBe(one);
    expect(toggleCategory(one, 'Safety & Infection Control').categories).toEqual([
      'Coordinated Care',
      'Safety & Infection Control',
    ]);
    expect(toggleKind(one, 'classic').kinds).toEqual(['classic', 'case']);
  });

  it('the nearest choice: another pool first, then a kind, then a category, the most items within each', () => {
    expect(nearestServable(builderSettings, someItems)).toBeNull();
    const flagged = { ...builderSettings, pool: 'flagged' as const };
    expect(nearestServable(flagged, noItems)).toEqual({ change: 'pool', pool: 'all', available: 30 });
    expect(applyNearest(flagged, { change: 'pool', pool: 'all', available: 30 }).pool).toBe('all');
    const onlyCase = { ...builderSettings, kinds: ['case' as const] };
    const noPools = { ...noItems, byPool: { all: 0, unused: 0, incorrect: 0, flagged: 0, due: 0 } };
    expect(
      nearestServable(onlyCase, { ...noPools, byKind: { classic: 12, standalone: 30, case: 0 } }),
    ).toEqual({
      change: 'kind',
      kind: 'standalone',
      available: 30,
    });
    const oneCategory = { ...builderSettings, categories: ['Coordinated Care' as const] };
    const byCategory = noItems.byCategory.map((c) => ({
      ...c,
      available: c.category === 'Basic Care & Comfort' ? 7 : 0,
    }));
    expect(nearestServable(oneCategory, { ...noPools, byCategory })).toEqual({
      change: 'category',
      category: 'Basic Care & Comfort',
      available: 7,
    });
    expect(nearestServable(oneCategory, noPools)).toBeNull();
  });
});
