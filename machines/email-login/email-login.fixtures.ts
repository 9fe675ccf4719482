import { done, type FlowFixtures, failed } from '../shared/fixtures';
import { BackendError } from '../shared/ports';
import type { EmailLoginInput } from './email-login.machine';

/** GoTrue's answer to a second link request to one address within a minute. */
export const rateLimited = new BackendError(
  'For security purposes, you can only request this after 60 seconds.',
  'over_email_send_rate_limit',
);

/** GoTrue's answer once the server's hourly email cap is used up. */
export const hourlyCapReached = new BackendError('Email rate limit exceeded', 'over_email_send_rate_limit');

/** GoTrue's answer once one IP has used up its 5-minute budget of sign-in requests. */
export const tooManyRequests = new BackendError('Request rate limit reached', 'over_request_rate_limit');

/** A refusal that is not a rate limit (the address is over GoTrue's length limit). */
export const invalidEmail = new BackendError(
  'Unable to validate email address: invalid format',
  'validation_failed',
);

const submits = (type: 'login.submit' | 'reset.submit', blank: string, malformed: string) => [
  { label: 'a valid email', event: { type, email: 'ada@example.com' } },
  { label: 'blank', event: { type, email: blank } },
  { label: 'malformed', event: { type, email: malformed } },
];

/** The email-login flow's example inputs and events (see machines/shared/fixtures.ts). */
export const emailLoginFixtures: FlowFixtures<EmailLoginInput> = {
  inputs: {
    'Local site redirects': () => ({
      loginRedirectTo: 'http://localhost:5173/practice',
      resetRedirectTo: 'http://localhost:5173/reset-password',
    }),
  },
  events: [
    ...submits('login.submit', '   ', 'not-an-email'),
    ...submits('reset.submit', '', 'ada@'),
    done('sendLoginLink', undefined, 'sent'),
    failed('sendLoginLink', invalidEmail),
    failed('sendLoginLink', rateLimited),
    failed('sendLoginLink', tooManyRequests),
    done('sendPasswordReset', undefined, 'sent'),
    failed('sendPasswordReset', new Error('')),
    failed('sendPasswordReset', hourlyCapReached),
  ],
};
