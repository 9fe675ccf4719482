import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthActor } from './auth-actor';
import { cssVariablesResolver, theme } from './theme';

/** Theme, notifications and the app-wide auth actor around the router (shared with the prerenderer). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="top-right" />
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
