import { createActorContext } from '@xstate/react';
import { authMachine, createAuthImplementations } from '../../machines/auth/auth.machine';
import { authService } from '../services/auth.service';
import { reloadTo } from './app-actions';
import { inspect } from './inspector';

/** The app-wide auth actor; components select narrowly from it (selectors: machines/auth). */
export const AuthActor = createActorContext(
  authMachine.provide({ ...createAuthImplementations(authService), actions: { reloadTo } }),
  { inspect },
);

export const useAuthSnapshot = AuthActor.useSelector;
export const useAuthRef = AuthActor.useActorRef;
