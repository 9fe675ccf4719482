import { fromPromise } from 'xstate';
import type { AuthPort } from '../../machines/shared/ports';

/**
 * Real actors for the auth flows, built from the auth port. Pages pass these to
 * `machine.provide`; tests pass fakes instead.
 */
export function createAuthFlowActors(port: AuthPort) {
  return {
    sendLoginLink: fromPromise<void, { email: string; redirectTo: string }>(({ input }) =>
      port.sendLoginLink(input.email, input.redirectTo),
    ),
    sendPasswordReset: fromPromise<void, { email: string; redirectTo: string }>(({ input }) =>
      port.sendPasswordReset(input.email, input.redirectTo),
    ),
    verifyTokenHash: fromPromise(({ input }: { input: { tokenHash: string } }) =>
      port.verifyTokenHash(input.tokenHash, 'email'),
    ),
    verifyRecoveryLink: fromPromise(({ input }: { input: { tokenHash: string } }) =>
      port.verifyTokenHash(input.tokenHash, 'recovery'),
    ),
    exchangeCode: fromPromise(({ input }: { input: { code: string } }) => port.exchangeCode(input.code)),
    getSession: fromPromise(() => port.getSession()),
    updatePassword: fromPromise<void, { password: string }>(({ input }) =>
      port.updatePassword(input.password),
    ),
  };
}
