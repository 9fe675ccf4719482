import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { appActionPlaceholders } from '../shared/app-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { AuthChange, AuthPort, SessionInfo } from '../shared/ports';
import { hasSession, sessionFound } from '../shared/session-guards';

export interface AuthContext {
  session: SessionInfo | null;
}

export type AuthEvent =
  | { type: 'auth.signedIn'; session: SessionInfo }
  | { type: 'auth.signedOut' }
  | { type: 'auth.signOut' };

/** Translates a backend auth change into the machine's past-tense event. */
export function authChangeToEvent(change: AuthChange): AuthEvent {
  return change.type === 'signedIn'
    ? { type: 'auth.signedIn', session: change.session }
    : { type: 'auth.signedOut' };
}

/** The real actors for the app-wide auth actor, built from the auth port. */
export function createAuthImplementations(port: Pick<AuthPort, 'getSession' | 'signOut' | 'onAuthChange'>) {
  return {
    actors: {
      getSession: fromPromise(() => port.getSession()),
      signOut: fromPromise(() => port.signOut()),
      authChanges: fromCallback<AuthEvent>(({ sendBack }) =>
        port.onAuthChange((change) => sendBack(authChangeToEvent(change))),
      ),
    },
  };
}

/** App-wide auth state: whether a session is present, kept live from the backend's auth events. */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as 'signedIn' | 'signedOut' | 'busy',
  },
  actors: placeholdersFor('auth', createAuthImplementations),
  actions: {
    reloadTo: appActionPlaceholders.reloadTo,
    rememberSession: assign({
      session: (_, params: { session: SessionInfo }) => params.session,
    }),
    forgetSession: assign({ session: null }),
  },
  guards: {
    hasSession,
  },
}).createMachine({
  id: 'auth',
  description: 'Whether a student is signed in; the navigation and guarded pages follow it live.',
  context: { session: null },
  // Runs for the app's whole life so sign-ins and sign-outs in other tabs reach this one.
  invoke: { id: 'authChanges', src: 'authChanges' },
  initial: 'checking',
  states: {
    checking: {
      description: 'Reading the stored session once at start; guarded pages wait.',
      tags: ['busy'],
      invoke: {
        id: 'getSession',
        src: 'getSession',
        onDone: [
          {
            guard: sessionFound,
            target: 'signedIn',
            actions: {
              type: 'rememberSession',
              params: ({ event }) => ({ session: event.output as SessionInfo }),
            },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
      on: {
        'auth.signedIn': {
          target: 'signedIn',
          actions: { type: 'rememberSession', params: ({ event }) => ({ session: event.session }) },
        },
      },
    },
    signedOut: {
      description: 'No session: the navigation shows Home, Login and Register; guarded pages send to /login.',
      tags: ['signedOut'],
      on: {
        'auth.signedIn': {
          target: 'signedIn',
          actions: { type: 'rememberSession', params: ({ event }) => ({ session: event.session }) },
        },
      },
    },
    signedIn: {
      description:
        'A session is present: the navigation shows Dashboard, Practice, Results, Billing and Logout.',
      tags: ['signedIn'],
      on: {
        // Token refreshes and user updates arrive as signedIn too: keep the newest details.
        'auth.signedIn': {
          actions: { type: 'rememberSession', params: ({ event }) => ({ session: event.session }) },
        },
        'auth.signedOut': { target: 'signedOut', actions: 'forgetSession' },
        'auth.signOut': { target: 'signingOut' },
      },
    },
    signingOut: {
      description: 'Logout pressed: signing out, then a full reload to /login.',
      tags: ['busy', 'signedIn'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        // Even when the backend call fails the client has dropped the local session, so the
        // student still lands on /login rather than being stuck on a half-signed-out page.
        onDone: {
          target: 'signedOut',
          actions: ['forgetSession', { type: 'reloadTo', params: { route: 'login' } }],
        },
        onError: {
          target: 'signedOut',
          actions: ['forgetSession', { type: 'reloadTo', params: { route: 'login' } }],
        },
      },
    },
  },
});

/** What the selectors below read: an auth snapshot (tags and context). */
interface AuthSnapshotLike {
  hasTag(tag: 'signedIn' | 'signedOut' | 'busy'): boolean;
  context: AuthContext;
}

/** The stored session has been read: the app knows whether a student is signed in. */
export const authKnown = (snapshot: AuthSnapshotLike) =>
  snapshot.hasTag('signedIn') || snapshot.hasTag('signedOut');
export const isSignedIn = (snapshot: AuthSnapshotLike) => snapshot.hasTag('signedIn');
export const isSignedOut = (snapshot: AuthSnapshotLike) => snapshot.hasTag('signedOut');
/** The signed-in student's session, or null (signed out or not known yet). */
export const currentSession = (snapshot: AuthSnapshotLike) =>
  snapshot.hasTag('signedIn') ? snapshot.context.session : null;
