import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine';
import type { SessionInfo } from '../../machines/shared/ports';
import {
  Coverage,
  expectFullCoverage,
  FakeActors,
  modelPaths,
  replayOnActor,
  type StateAssertions,
  toModelMachine,
} from '../support/model';

const ada: SessionInfo = { userId: 'u-1', email: 'ada@example.com' };
const grace: SessionInfo = { userId: 'u-2', email: null };

const events = [
  { type: 'xstate.done.actor.getSession', output: ada },
  { type: 'xstate.done.actor.getSession', output: null },
  { type: 'xstate.error.actor.getSession', error: new Error('storage unavailable') },
  { type: 'auth.signedIn', session: ada },
  { type: 'auth.signedIn', session: grace },
  { type: 'auth.signedOut' },
  { type: 'auth.signOut' },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('network down') },
];

const machineModel = toModelMachine(authMachine);
const coverage = new Coverage(machineModel);
const paths = modelPaths(machineModel, events, 'transitions');

describe('auth machine (model-based)', () => {
  afterAll(() => expectFullCoverage(coverage, 'machine'));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const fakes = new FakeActors();
    const reloads: string[] = [];
    const actor = createActor(
      authMachine.provide({
        actors: {
          getSession: fakes.promise<SessionInfo | null>('getSession'),
          signOut: fakes.promise<void>('signOut'),
          authChanges: fromCallback(() => {}),
        },
        actions: { reloadTo: (_, params) => reloads.push(params.path) },
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
    await replayOnActor({
      coverage,
      events: path.steps.map((s) => s.event),
      actor,
      fakes,
      assertions,
    });
    // Leaving signingOut (either way) must do a full reload to /login, exactly once.
    const signOutsSettled = path.steps.filter((s) => /actor\.signOut$/.test(s.event.type)).length;
    expect(reloads).toEqual(Array(signOutsSettled).fill('/login'));
    actor.stop();
  });
});
