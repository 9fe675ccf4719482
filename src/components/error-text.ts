import { networkCopy } from '../content/network';

/**
 * The messages browsers and supabase-js give when a request never got an answer: Chromium's
 * "Failed to fetch" (supabase-js prefixes "TypeError: "), Firefox's "NetworkError when attempting
 * to fetch resource.", Safari's "Load failed", Node's "fetch failed"; and for a code chunk that did
 * not arrive, Chromium's "Failed to fetch dynamically imported module", Safari's "Importing a module
 * script failed", Firefox's "error loading dynamically imported module".
 */
const NETWORK_FAILURE =
  /failed to fetch|networkerror|load failed|network request failed|fetch failed|importing a module script failed|error loading dynamically imported module/i;

/** Whether an error message says the request never reached the server. */
export function isNetworkFailure(message: string): boolean {
  return NETWORK_FAILURE.test(message);
}

/**
 * An error message as a student should read it: a network failure becomes what happened and what
 * to do (offline or server unreachable); any other message, the backend's own words, is kept.
 */
export function studentErrorText(message: string, online: boolean = navigator.onLine): string {
  if (!isNetworkFailure(message)) return message;
  return online ? networkCopy.unreachable : networkCopy.offline;
}
