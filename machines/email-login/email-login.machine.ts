import { assign, fromPromise, setup } from 'xstate';
import { errorMessage, messages } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import type { AuthPort } from '../shared/ports';

export interface EmailLoginInput {
  /** Where the emailed link returns to: the site's /practice route. */
  loginRedirectTo: string;
  /** Where a password reset link returns to: the site's /reset-password route. */
  resetRedirectTo: string;
}

export interface EmailLoginContext extends EmailLoginInput {
  email: string;
  /** Validation or backend error shown to the student. */
  error: string | null;
}

export type EmailLoginEvent =
  | { type: 'login.submit'; email: string }
  | { type: 'reset.submit'; email: string };

/** The real actors for /login, built from the auth port. */
export function createEmailLoginImplementations(port: Pick<AuthPort, 'sendLoginLink' | 'sendPasswordReset'>) {
  return {
    actors: {
      sendLoginLink: fromPromise<void, { email: string; redirectTo: string }>(({ input }) =>
        port.sendLoginLink(input.email, input.redirectTo),
      ),
      sendPasswordReset: fromPromise<void, { email: string; redirectTo: string }>(({ input }) =>
        port.sendPasswordReset(input.email, input.redirectTo),
      ),
    },
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Both buttons validate the email the same way before sending to their own state. */
function validatedSubmit(sendingState: '.sendingLoginLink' | '.sendingResetLink') {
  return [
    {
      guard: 'isEmailMissing',
      target: '.invalid',
      actions: { type: 'showError', params: { message: messages.emailRequired } },
    },
    {
      guard: 'isEmailMalformed',
      target: '.invalid',
      actions: { type: 'showError', params: { message: messages.emailInvalid } },
    },
    { target: sendingState, actions: 'rememberEmail' },
  ] as const;
}

/** /login: passwordless sign-in by an emailed link (and, from the same form, a password reset link). */
export const emailLoginMachine = setup({
  types: {
    context: {} as EmailLoginContext,
    events: {} as EmailLoginEvent,
    input: {} as EmailLoginInput,
    tags: {} as 'form' | 'busy' | 'error' | 'done',
  },
  actors: placeholdersFor('email-login', createEmailLoginImplementations),
  guards: {
    isEmailMissing: ({ event }) => event.email.trim() === '',
    isEmailMalformed: ({ event }) => !EMAIL_PATTERN.test(event.email.trim()),
  },
  actions: {
    rememberEmail: assign({ email: ({ event }) => event.email.trim(), error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
  },
}).createMachine({
  id: 'email-login',
  description:
    'The /login form: send a one-time sign-in link (or a password reset link) to an email address.',
  context: ({ input }) => ({ ...input, email: '', error: null }),
  initial: 'editing',
  on: {
    'login.submit': validatedSubmit('.sendingLoginLink'),
    'reset.submit': validatedSubmit('.sendingResetLink'),
  },
  states: {
    editing: {
      description: "The email field and the 'Send login link' button, ready for input.",
      tags: ['form'],
    },
    invalid: {
      description: 'The email is missing or malformed; the field says why and nothing is sent.',
      tags: ['form', 'error'],
    },
    sendingLoginLink: {
      description: "Sending the sign-in link: the button reads 'Sending...' and the form is disabled.",
      tags: ['busy'],
      invoke: {
        id: 'sendLoginLink',
        src: 'sendLoginLink',
        input: ({ context }) => ({ email: context.email, redirectTo: context.loginRedirectTo }),
        onDone: { target: 'loginLinkSent' },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
      // Submitting again while a request is in flight must not send a second email.
      on: { 'login.submit': {}, 'reset.submit': {} },
    },
    sendingResetLink: {
      description:
        "Sending a password reset link: the reset button reads 'Sending...' and the form is disabled.",
      tags: ['busy'],
      invoke: {
        id: 'sendPasswordReset',
        src: 'sendPasswordReset',
        input: ({ context }) => ({ email: context.email, redirectTo: context.resetRedirectTo }),
        onDone: { target: 'resetLinkSent' },
        onError: {
          target: 'failed',
          actions: { type: 'showError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
      on: { 'login.submit': {}, 'reset.submit': {} },
    },
    loginLinkSent: {
      description:
        "Success: 'Check your email for the link. It may take up to a minute.' The form can send again.",
      tags: ['form', 'done'],
    },
    resetLinkSent: {
      description: 'Success: a password reset link is on its way. The form can send again.',
      tags: ['form', 'done'],
    },
    failed: {
      description: 'The backend refused: its message shows in a red box; the form can be submitted again.',
      tags: ['form', 'error'],
    },
  },
});
