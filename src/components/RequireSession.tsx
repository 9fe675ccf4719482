import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthSnapshot } from '../app/auth-actor';
import { paths } from '../app/paths';
import { PageLoader } from './PageLoader';

/** Renders its children only with a session; signed-out visitors go to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const state = useAuthSnapshot((s) =>
    s.hasTag('signedIn') ? 'in' : s.hasTag('signedOut') ? 'out' : 'checking',
  );
  if (state === 'checking') {
    return <PageLoader label="Checking your session" />;
  }
  if (state === 'out') return <Navigate to={paths.login} replace />;
  return children;
}
