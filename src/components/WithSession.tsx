import { Fragment, type ReactNode } from 'react';
import { authKnown, currentSession } from '../../machines/auth/auth.machine';
import type { SessionInfo } from '../../machines/shared/ports';
import { useAuthSnapshot } from '../runtime/auth-actor';
import { PageLoader } from './PageLoader';

/**
 * Renders a flow for the session once the auth actor knows whether a student is signed in (a loader
 * until then). A sign-in, sign-out or another student remounts the flow, so it starts again for
 * the new session.
 */
export function WithSession({
  loaderLabel,
  children,
}: {
  loaderLabel: string;
  children: (session: SessionInfo | null) => ReactNode;
}) {
  const known = useAuthSnapshot(authKnown);
  const session = useAuthSnapshot(currentSession);
  if (!known) return <PageLoader label={loaderLabel} />;
  return <Fragment key={session?.userId ?? 'signed-out'}>{children(session)}</Fragment>;
}
