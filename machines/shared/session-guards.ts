/**
 * The guards of the flows that read a session or an emailed link (auth, reset-password,
 * auth-callback), written once. Machines spread the ones they use into `setup({ guards })` and
 * name `sessionFound` on the `onDone` of a stored-session read.
 */
import type { SessionInfo } from './ports';

/** A stored-session read answered with a session (not null). */
export const hasSession = (_: unknown, params: { session: SessionInfo | null }) => params.session !== null;

/** The emailed link carried a token hash (verified as a one-time code). */
export const hasTokenHash = ({ context }: { context: { tokenHash: string | null } }) =>
  Boolean(context.tokenHash);

/** The guard of a stored-session read's answer: `hasSession` on the session it returned. */
export const sessionFound = {
  type: 'hasSession',
  params: ({ event }: { event: { output: SessionInfo | null } }) => ({ session: event.output }),
} as const;
