/**
 * This device's storage (localStorage), as every part of the app that keeps something on the device
 * uses it: storage can be unavailable, full or hold anything, so a read that fails, finds nothing or
 * finds the wrong shape means "nothing stored", and a write that fails is dropped (what was to be
 * kept just will not survive a reload).
 */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text stored under `key`, or null. */
export function readStoredText(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes it. */
export function writeStoredText(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: nothing is kept.
  }
}

/** The JSON stored under `key` when `accept` takes its shape, else null. */
export function readStoredJson<T>(key: string, accept: (value: unknown) => boolean): T | null {
  const raw = readStoredText(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return accept(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; null removes it. */
export function writeStoredJson(key: string, value: unknown): void {
  writeStoredText(key, value === null ? null : JSON.stringify(value));
}
