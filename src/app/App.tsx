import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthActor } from '../runtime/auth-actor';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toasts' container, out of the entry script: no page shows a toast on its first paint, and
 * one shown before the container has loaded waits in Mantine's store until it has.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then(({ Notifications }) => ({ default: Notifications })),
);

/** Theme, notifications and the app-wide auth actor around the router (shared with the prerenderer). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <AuthActor.Provider>{children}</AuthActor.Provider>
    </MantineProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
