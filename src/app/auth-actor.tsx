import { createActorContext } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { type AuthEvent, authChangeToEvent, authMachine } from '../../machines/auth/auth.machine';
import type { AuthPort } from '../../machines/shared/ports';
import { authService } from '../services/auth.service';
import { inspect } from './inspector';

/** Wires the auth machine to a real auth port and the browser. */
export function createAuthImplementations(port: AuthPort) {
  return {
    actors: {
      getSession: fromPromise(() => port.getSession()),
      signOut: fromPromise(() => port.signOut()),
      authChanges: fromCallback<AuthEvent>(({ sendBack }) =>
        port.onAuthChange((change) => sendBack(authChangeToEvent(change))),
      ),
    },
    actions: {
      reloadTo: (_: unknown, params: { path: string }) => window.location.assign(params.path),
    },
  };
}

/** The app-wide auth actor; components select narrowly from it. */
export const AuthActor = createActorContext(authMachine.provide(createAuthImplementations(authService)), {
  inspect,
});

export const useAuthSnapshot = AuthActor.useSelector;
export const useAuthRef = AuthActor.useActorRef;
