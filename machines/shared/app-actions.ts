/**
 * The routes flows send the student to, by name. src/config/paths.ts maps every name to its path
 * (and fails to compile when one is missing), so no machine spells a URL.
 */
export type RouteName = 'login' | 'dashboard' | 'practice' | 'billing';

/**
 * The app's side effects a machine may ask for. Machines declare these placeholders in `setup`;
 * every page provides the real ones from one hook (src/runtime/app-actions.ts: `useAppActions`).
 */
export const appActionPlaceholders = {
  /** Client-side navigation to a route. */
  navigateTo: (_: unknown, _params: { route: RouteName }) => {},
  /** A full page load of a route (drops every in-memory state, e.g. after signing out). */
  reloadTo: (_: unknown, _params: { route: RouteName }) => {},
  /** A short notice in the corner. */
  toast: (_: unknown, _params: { title: string; message: string }) => {},
};
