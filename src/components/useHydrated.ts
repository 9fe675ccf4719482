import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React is still adopting a prerendered page (decision 080), true once the page is
 * live; a page rendered in the browser is live from its first render. A form's submit button waits
 * for it: pressed earlier, the bare HTML form would submit itself to the page's address, with
 * what was typed (a password too) in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
