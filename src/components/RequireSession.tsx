import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { isSignedOut } from '../../machines/auth/auth.machine';
import { paths } from '../config/paths';
import { useAuthSnapshot } from '../runtime/auth-actor';
import { WithSession } from './WithSession';

/** Renders its children only with a session; signed-out visitors go to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedOut = useAuthSnapshot(isSignedOut);
  return (
    <WithSession loaderLabel="Checking your session">
      {() => (signedOut ? <Navigate to={paths.login} replace /> : children)}
    </WithSession>
  );
}
