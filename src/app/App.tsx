import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router-dom';
import { AuthActor } from './auth-actor';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" />
      <AuthActor.Provider>
        <RouterProvider router={router} />
      </AuthActor.Provider>
    </MantineProvider>
  );
}
