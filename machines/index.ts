import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth/auth.machine';

/**
 * Every flow machine by id. The chart generator, the contract tests and /dev/flows read this
 * registry, so a new machine is documented and checked by adding it here.
 */
export const machines: Record<string, AnyStateMachine> = {
  auth: authMachine,
};
