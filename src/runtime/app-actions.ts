import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RouteName } from '../../machines/shared/app-actions';
import { paths } from '../config/paths';

/** A full page load of a route: every in-memory state is dropped (e.g. after signing out). */
export function reloadTo(_: unknown, { route }: { route: RouteName }): void {
  window.location.assign(paths[route]);
}

/**
 * The real implementations of the machines' app actions (machines/shared/app-actions.ts), for every
 * page: `machine.provide({ ...createXImplementations(port), actions: useAppActions() })`.
 */
export function useAppActions() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      // Replace: a flow's redirect (e.g. to /login) must not leave a Back step that redirects again.
      navigateTo: (_: unknown, { route }: { route: RouteName }) => navigate(paths[route], { replace: true }),
      reloadTo,
      // The notifications code loads with the first toast (App mounts its container the same way).
      toast: (_: unknown, { title, message }: { title: string; message: string }) =>
        void import('@mantine/notifications').then(({ notifications }) =>
          notifications.show({ title, message, color: 'green' }),
        ),
    }),
    [navigate],
  );
}
