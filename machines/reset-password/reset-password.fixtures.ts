import { ada, done, type FlowFixtures, failed } from '../shared/fixtures';
import { BackendError } from '../shared/ports';
import type { ResetPasswordInput } from './reset-password.machine';

/** GoTrue's refusal of the current password as the new one. */
export const samePassword = new BackendError(
  'New password should be different from the old password.',
  'same_password',
);

const submit = (label: string, password: string, confirmation: string) => ({
  label,
  event: { type: 'password.submit', password, confirmation },
});

/** The reset-password flow's example inputs and events (see machines/shared/fixtures.ts). */
export const resetPasswordFixtures: FlowFixtures<ResetPasswordInput> = {
  inputs: {
    'Opened from the email (token hash)': () => ({ tokenHash: 'pkce_abc' }),
    'No token (session from an earlier link?)': () => ({ tokenHash: null }),
  },
  events: [
    done('verifyRecoveryLink', ada, 'verified'),
    failed('verifyRecoveryLink', new BackendError('Email link is invalid or has expired')),
    done('getSession', ada, 'a session'),
    done('getSession', null, 'no session'),
    failed('getSession', new Error('storage')),
    submit('both empty', '', ''),
    submit('too short', 'short', 'short'),
    submit('mismatch', 'long-enough-1', 'long-enough-2'),
    submit('valid', 'long-enough-1', 'long-enough-1'),
    done('updatePassword', undefined, 'saved'),
    failed('updatePassword', samePassword),
  ],
};
