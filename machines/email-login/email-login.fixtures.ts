import { done, type FlowFixtures, failed } from '../shared/fixtures';
import { BackendError } from '../shared/ports';
import type { EmailLoginInput } from './email-login.machine';

/** GoTrue's answer to a second link request within a minute. */
export const rateLimited = new BackendError(
  'For security purposes, you can only request this after 60 seconds.',
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
    failed('sendLoginLink', rateLimited),
    done('sendPasswordReset', undefined, 'sent'),
    failed('sendPasswordReset', new Error('')),
  ],
};
