import { ada, done, type FlowFixtures, failed, grace, plain } from '../shared/fixtures';

/** The auth flow's example inputs and events (see machines/shared/fixtures.ts). */
export const authFixtures: FlowFixtures<undefined> = {
  inputs: { 'App start': () => undefined },
  events: [
    done('getSession', ada, 'a stored session'),
    done('getSession', null, 'no session'),
    failed('getSession', new Error('storage unavailable')),
    { label: 'ada (with email)', event: { type: 'auth.signedIn', session: ada } },
    { label: 'grace (no email)', event: { type: 'auth.signedIn', session: grace } },
    plain('auth.signedOut'),
    plain('auth.signOut'),
    done('signOut', undefined, 'signed out'),
    failed('signOut', new Error('network down')),
  ],
};
