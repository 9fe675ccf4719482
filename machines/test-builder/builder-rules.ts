import { CLIENT_NEEDS, type ClientNeed } from '../../domain/client-needs';
import {
  CUSTOM_TEST_KINDS,
  CUSTOM_TEST_MAX_ITEMS,
  CUSTOM_TEST_MIN_ITEMS,
  CUSTOM_TEST_POOLS,
  type CustomTestCounts,
  type CustomTestKind,
  type CustomTestPool,
  type CustomTestSettings,
} from '../../domain/custom-tests';

/** A first test: every category, 20 items of every kind, unused first, tutor mode. */
export function defaultSettings(utcOffsetMinutes: number): CustomTestSettings {
  return {
    categories: CLIENT_NEEDS.map((need) => need.name),
    itemCount: 20,
    pool: 'unused',
    kinds: [...CUSTOM_TEST_KINDS],
    mode: 'tutor',
    utcOffsetMinutes,
  };
}

/** The settings with an item count kept within 10–85 and whole. */
export function clampItemCount(count: number): number {
  if (!Number.isFinite(count)) return CUSTOM_TEST_MIN_ITEMS;
  return Math.min(CUSTOM_TEST_MAX_ITEMS, Math.max(CUSTOM_TEST_MIN_ITEMS, Math.round(count)));
}

/** One category, pool or kind more or less, keeping at least one category and one kind chosen. */
export function toggleCategory(settings: CustomTestSettings, category: ClientNeed): CustomTestSettings {
  const has = settings.categories.includes(category);
  if (has && settings.categories.length === 1) return settings;
  const chosen = has ? settings.categories.filter((c) => c !== category) : [...settings.categories, category];
  return { ...settings, categories: CLIENT_NEEDS.map((n) => n.name).filter((n) => chosen.includes(n)) };
}
export function toggleKind(settings: CustomTestSettings, kind: CustomTestKind): CustomTestSettings {
  const has = settings.kinds.includes(kind);
  if (has && settings.kinds.length === 1) return settings;
  const chosen = has ? settings.kinds.filter((k) => k !== kind) : [...settings.kinds, kind];
  return { ...settings, kinds: CUSTOM_TEST_KINDS.filter((k) => chosen.includes(k)) };
}

/** The smallest change that serves something, when the settings serve nothing. */
export type NearestChoice =
  | { change: 'pool'; pool: CustomTestPool; available: number }
  | { change: 'kind'; kind: CustomTestKind; available: number }
  | { change: 'category'; category: ClientNeed; available: number };

/**
 * When the settings serve no item, the nearest settings that do, changing one choice (each count
 * is the backend's for that choice with the others as given): another pool first (the topic stays),
 * then one more kind, then one more category; within each, the one with the most items.
 * Null when the settings serve items, or when no single change would.
 */
export function nearestServable(
  settings: CustomTestSettings,
  counts: CustomTestCounts,
): NearestChoice | null {
  if (counts.items > 0) return null;
  const most = <T>(options: { value: T; available: number }[]) =>
    options.filter((o) => o.available > 0).sort((a, b) => b.available - a.available)[0];
  const pool = most(
    CUSTOM_TEST_POOLS.filter((p) => p !== settings.pool).map((p) => ({
      value: p,
      available: counts.byPool[p],
    })),
  );
  if (pool) return { change: 'pool', pool: pool.value, available: pool.available };
  const kind = most(
    CUSTOM_TEST_KINDS.filter((k) => !settings.kinds.includes(k)).map((k) => ({
      value: k,
      available: counts.byKind[k],
    })),
  );
  if (kind) return { change: 'kind', kind: kind.value, available: kind.available };
  const category = most(
    counts.byCategory
      .filter((c) => !settings.categories.includes(c.category))
      .map((c) => ({ value: c.category, available: c.available })),
  );
  if (category) return { change: 'category', category: category.value, available: category.available };
  return null;
}

/** The settings with the nearest choice applied. */
export function applyNearest(settings: CustomTestSettings, nearest: NearestChoice): CustomTestSettings {
  switch (nearest.change) {
    case 'pool':
      return { ...settings, pool: nearest.pool };
    case 'kind':
      return toggleKind(settings, nearest.kind);
    case 'category':
      return toggleCategory(settings, nearest.category);
  }
}
