import { type EventObject, fromPromise, setup } from 'xstate';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { messages } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import type { AuthPort } from '../shared/ports';
import { hasTokenHash } from '../shared/session-guards';

/** The callback URL's parameters, read by the page (the machine never reads window.location). */
export interface AuthCallbackInput {
  tokenHash: string | null;
  code: string | null;
}

export interface AuthCallbackContext extends AuthCallbackInput {
  error: string | null;
}

/** The real actors for /auth/callback, built from the auth port. */
export function createAuthCallbackImplementations(port: Pick<AuthPort, 'verifyTokenHash' | 'exchangeCode'>) {
  return {
    actors: {
      verifyTokenHash: fromPromise(({ input }: { input: { tokenHash: string } }) =>
        port.verifyTokenHash(input.tokenHash, 'email'),
      ),
      exchangeCode: fromPromise(({ input }: { input: { code: string } }) => port.exchangeCode(input.code)),
    },
  };
}

/** /auth/callback: completes sign-in from an emailed link (token hash or PKCE code). */
export const authCallbackMachine = setup({
  types: {
    context: {} as AuthCallbackContext,
    input: {} as AuthCallbackInput,
    tags: {} as 'busy' | 'error' | 'done',
  },
  actors: placeholdersFor('auth-callback', createAuthCallbackImplementations),
  guards: {
    hasTokenHash,
    hasCode: ({ context }) => Boolean(context.code),
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    toast: appActionPlaceholders.toast,
    ...errorActions<AuthCallbackContext, EventObject>(),
  },
}).createMachine({
  id: 'auth-callback',
  description: 'Finishes signing in from the emailed link, then goes to /practice.',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'routing',
  states: {
    routing: {
      description:
        'Looking at the link: a token hash is verified, a code is exchanged, anything else is invalid.',
      tags: ['busy'],
      always: [
        { guard: 'hasTokenHash', target: 'verifyingTokenHash' },
        { guard: 'hasCode', target: 'exchangingCode' },
        { target: 'invalidLink' },
      ],
    },
    verifyingTokenHash: {
      description: 'Verifying the token hash as an email one-time code; a spinner shows.',
      tags: ['busy'],
      invoke: {
        id: 'verifyTokenHash',
        src: 'verifyTokenHash',
        input: ({ context }) => ({ tokenHash: context.tokenHash ?? '' }),
        onDone: { target: 'signedIn' },
        onError: {
          target: 'failed',
          actions: rememberFailure,
        },
      },
    },
    exchangingCode: {
      description: 'Exchanging the code for a session; a spinner shows.',
      tags: ['busy'],
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: { target: 'signedIn' },
        onError: {
          target: 'failed',
          actions: rememberFailure,
        },
      },
    },
    signedIn: {
      description: "Signed in: toast 'Success!' / 'You've been logged in successfully.' and on to /practice.",
      tags: ['done'],
      type: 'final',
      entry: [
        {
          type: 'toast',
          params: { title: messages.loginSuccessTitle, message: messages.loginSuccessMessage },
        },
        { type: 'navigateTo', params: { route: 'practice' } },
      ],
    },
    failed: {
      description:
        "'Authentication Failed' with the backend's message (or 'An unexpected error occurred') and Back to Login.",
      tags: ['error'],
      type: 'final',
    },
    invalidLink: {
      description:
        "No token hash or code: 'Your login link is invalid or expired—please request a new one.' and Back to Login.",
      tags: ['error'],
      type: 'final',
    },
  },
});
