import { assign, fromPromise, setup } from 'xstate';
import { errorMessage, messages } from '../shared/messages';
import { placeholdersFor } from '../shared/not-provided';
import { type AuthPort, BackendError } from '../shared/ports';

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
  /** After a rate-limit refusal: what happened and when to try again, in our words. */
  retryHint: string | null;
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

/** Supabase Auth's (GoTrue's) 429 error codes for sending too many emails or requests. */
const RATE_LIMIT_CODES = ['over_email_send_rate_limit', 'over_request_rate_limit'];

/** Texts of the rate-limited state (ours, not the spec's: see docs/decisions/071-login-rate-limit-message.md). */
export const rateLimitTexts = {
  title: 'Please wait before trying again',
  resendIn: (seconds: number) =>
    `An email was just sent to this address. Check your inbox (and spam folder), or try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  hourlyCap: 'Too many emails have been sent in the last hour. Please try again in an hour.',
  tooManyRequests: 'Too many requests came from this device. Please wait 5 minutes, then try again.',
} as const;

function isRateLimitError(error: unknown): boolean {
  return error instanceof BackendError && RATE_LIMIT_CODES.includes(error.code ?? '');
}

/**
 * When the student may try again, from the refusal: GoTrue's per-address interval names its
 * seconds; its hourly email cap and its per-IP request limits (5-minute windows) do not.
 */
export function retryHintFor(error: unknown): string {
  const code = error instanceof BackendError ? error.code : undefined;
  const message = error instanceof Error ? error.message : '';
  const seconds = /after (\d+) seconds?/.exec(message)?.[1];
  if (code === 'over_email_send_rate_limit' && seconds) return rateLimitTexts.resendIn(Number(seconds));
  if (code === 'over_email_send_rate_limit') return rateLimitTexts.hourlyCap;
  return rateLimitTexts.tooManyRequests;
}

/** A failed send goes to `rateLimited` for GoTrue's 429s, else to `failed`; both show the backend's message. */
const sendFailed = [
  {
    guard: {
      type: 'isRateLimited',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
    target: 'rateLimited',
    actions: {
      type: 'showRateLimit',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
  {
    target: 'failed',
    actions: {
      type: 'showError',
      params: ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error) }),
    },
  },
] as const;

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
    isRateLimited: (_, params: { error: unknown }) => isRateLimitError(params.error),
  },
  actions: {
    rememberEmail: assign({ email: ({ event }) => event.email.trim(), error: null, retryHint: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message, retryHint: null }),
    showRateLimit: assign({
      error: (_, params: { error: unknown }) => errorMessage(params.error),
      retryHint: (_, params: { error: unknown }) => retryHintFor(params.error),
    }),
  },
}).createMachine({
  id: 'email-login',
  description:
    'The /login form: send a one-time sign-in link (or a password reset link) to an email address.',
  context: ({ input }) => ({ ...input, email: '', error: null, retryHint: null }),
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
        onError: sendFailed,
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
        onError: sendFailed,
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
    rateLimited: {
      description:
        "Auth answered 429 (too many emails or requests): the backend's message and when to try again show in a red box; the form can be submitted again.",
      tags: ['form', 'error'],
    },
  },
});
