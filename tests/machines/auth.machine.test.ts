import { expect } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { authFixtures } from '../../machines/auth/auth.fixtures';
import { authMachine } from '../../machines/auth/auth.machine';
import { ada, grace } from '../../machines/shared/fixtures';
import type { SessionInfo } from '../../machines/shared/ports';
import { describeModel, type StateAssertions } from '../support/model';

describeModel(authMachine, authFixtures, async ({ path, fakes, replay }) => {
  const reloads: string[] = [];
  const actor = createActor(
    authMachine.provide({
      actors: {
        getSession: fakes.promise<SessionInfo | null>('getSession'),
        signOut: fakes.promise<void>('signOut'),
        authChanges: fromCallback(() => {}),
      },
      actions: { reloadTo: (_, params) => reloads.push(params.route) },
    }),
  ).start();
  const assertions: StateAssertions<ReturnType<typeof actor.getSnapshot>> = {
    'auth.checking': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(fakes.isRunning('getSession')).toBe(true);
    },
    'auth.signedOut': (s) => {
      expect(s.hasTag('signedOut')).toBe(true);
      expect(s.context.session).toBeNull();
      expect(s.can({ type: 'auth.signOut' })).toBe(false);
    },
    'auth.signedIn': (s) => {
      expect(s.hasTag('signedIn')).toBe(true);
      expect([ada, grace]).toContainEqual(s.context.session);
      expect(s.can({ type: 'auth.signOut' })).toBe(true);
    },
    'auth.signingOut': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(fakes.isRunning('signOut')).toBe(true);
    },
  };
  await replay({
    actor,
    assertions,
  });
  // Leaving signingOut (either way) must do a full reload to /login, exactly once.
  const signOutsSettled = path.steps.filter((s) => /actor\.signOut$/.test(s.event.type)).length;
  expect(reloads).toEqual(Array(signOutsSettled).fill('login'));
  actor.stop();
});
