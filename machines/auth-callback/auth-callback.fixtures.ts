import { ada, done, type FlowFixtures, failed } from '../shared/fixtures';
import { BackendError } from '../shared/ports';
import type { AuthCallbackInput } from './auth-callback.machine';

/** GoTrue's answer to a used or expired link. */
export const expiredLink = new BackendError('Email link is invalid or has expired', 'otp_expired');

/** The auth-callback flow's example inputs and events (see machines/shared/fixtures.ts). */
export const authCallbackFixtures: FlowFixtures<AuthCallbackInput> = {
  inputs: {
    'Token hash in the link': () => ({ tokenHash: 'pkce_abc', code: null }),
    'Code in the link': () => ({ tokenHash: null, code: '0b2c7a1e-1111-2222-3333-444455556666' }),
    'Both in the link': () => ({ tokenHash: 'abc', code: 'also-present' }),
    'Neither (invalid link)': () => ({ tokenHash: null, code: null }),
  },
  events: [
    done('verifyTokenHash', ada, 'verified'),
    failed('verifyTokenHash', expiredLink),
    done('exchangeCode', ada, 'exchanged'),
    failed('exchangeCode', new Error('')),
  ],
};
