import { fromPromise, setup } from 'xstate';
import { MIN_PASSWORD_LENGTH } from '../../domain/business-rules';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorActions } from '../shared/error-actions';
import { errorMessage, messages } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import type { AuthPort } from '../shared/ports';
import { hasSession, hasTokenHash, sessionFound } from '../shared/session-guards';

export interface ResetPasswordInput {
  /** The recovery link's token hash, when the page was opened from the email. */
  tokenHash: string | null;
}

export interface ResetPasswordContext extends ResetPasswordInput {
  error: string | null;
}

export type ResetPasswordEvent = { type: 'password.submit'; password: string; confirmation: string };

/** The real actors for the reset-password screen, built from the auth port. */
export function createResetPasswordImplementations(
  port: Pick<AuthPort, 'verifyTokenHash' | 'getSession' | 'updatePassword'>,
) {
  return {
    actors: {
      verifyRecoveryLink: fromPromise(({ input }: { input: { tokenHash: string } }) =>
        port.verifyTokenHash(input.tokenHash, 'recovery'),
      ),
      getSession: fromPromise(() => port.getSession()),
      updatePassword: fromPromise<void, { password: string }>(({ input }) =>
        port.updatePassword(input.password),
      ),
    },
  };
}

/** /reset-password and /auth/reset: set a new password once the recovery link gave a session. */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
  },
  actors: placeholdersFor('reset-password', createResetPasswordImplementations),
  guards: {
    hasTokenHash,
    hasSession,
    isFieldMissing: ({ event }) => event.password === '' || event.confirmation === '',
    isTooShort: ({ event }) => event.password.length < MIN_PASSWORD_LENGTH,
    isMismatch: ({ event }) => event.password !== event.confirmation,
  },
  actions: {
    reloadTo: appActionPlaceholders.reloadTo,
    ...errorActions<ResetPasswordContext, ResetPasswordEvent>(),
  },
}).createMachine({
  id: 'reset-password',
  description: 'Choosing a new password after opening a password reset link.',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Deciding how to check the link: a loader shows.',
      tags: ['busy'],
      always: [{ guard: 'hasTokenHash', target: 'verifyingLink' }, { target: 'checkingSession' }],
    },
    verifyingLink: {
      description: "Verifying the reset link's token; a loader shows.",
      tags: ['busy'],
      invoke: {
        id: 'verifyRecoveryLink',
        src: 'verifyRecoveryLink',
        input: ({ context }) => ({ tokenHash: context.tokenHash ?? '' }),
        onDone: { target: 'form' },
        onError: { target: 'expired' },
      },
    },
    checkingSession: {
      description: 'No token in the URL: looking for a session from an earlier link; a loader shows.',
      tags: ['busy'],
      invoke: {
        id: 'getSession',
        src: 'getSession',
        onDone: [
          {
            guard: sessionFound,
            target: 'form',
          },
          { target: 'expired' },
        ],
        onError: { target: 'expired' },
      },
    },
    form: {
      description: 'The new-password form: New password and Confirm password, both required.',
      tags: ['form'],
      initial: 'editing',
      on: {
        'password.submit': [
          {
            guard: 'isFieldMissing',
            target: '.invalid',
            actions: { type: 'rememberError', params: { message: messages.passwordsRequired } },
          },
          {
            guard: 'isTooShort',
            target: '.invalid',
            actions: {
              type: 'rememberError',
              params: { message: messages.passwordTooShort(MIN_PASSWORD_LENGTH) },
            },
          },
          {
            guard: 'isMismatch',
            target: '.invalid',
            actions: { type: 'rememberError', params: { message: messages.passwordsDoNotMatch } },
          },
          { target: 'updating', actions: 'clearError' },
        ],
      },
      states: {
        editing: {
          description: 'Waiting for the student to type and submit the new password twice.',
        },
        invalid: {
          description:
            "The form shows why the password was refused: required, at least 8 characters, 'Passwords do not match', or the backend's message.",
          tags: ['error'],
        },
      },
    },
    updating: {
      description: 'Saving the new password: the button shows progress and the form is disabled.',
      tags: ['busy'],
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ event }) => ({ password: (event as ResetPasswordEvent).password }),
        onDone: { target: 'updated' },
        onError: {
          target: 'form.invalid',
          actions: { type: 'rememberError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    updated: {
      description: 'Password saved: the browser fully reloads to /practice.',
      tags: ['done'],
      type: 'final',
      entry: { type: 'reloadTo', params: { route: 'practice' } },
    },
    expired: {
      description:
        "No session: 'Reset Link Expired', 'Request a new one from the login page' and Back to Login.",
      tags: ['error'],
      type: 'final',
    },
  },
});
