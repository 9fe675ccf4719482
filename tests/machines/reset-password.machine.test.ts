import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { messages } from '../../machines/shared/messages';
import { BackendError } from '../../machines/shared/ports';
import {
  Coverage,
  casesForInputs,
  expectFullCoverage,
  FakeActors,
  replayOnActor,
  toModelMachine,
} from '../support/model';

const session = { userId: 'u-1', email: 'ada@example.com' };
const samePassword = new BackendError(
  'New password should be different from the old password.',
  'same_password',
);
const events = [
  { type: 'xstate.done.actor.verifyRecoveryLink', output: session },
  {
    type: 'xstate.error.actor.verifyRecoveryLink',
    error: new BackendError('Email link is invalid or has expired'),
  },
  { type: 'xstate.done.actor.getSession', output: session },
  { type: 'xstate.done.actor.getSession', output: null },
  { type: 'xstate.error.actor.getSession', error: new Error('storage') },
  { type: 'password.submit', password: '', confirmation: '' },
  { type: 'password.submit', password: 'short', confirmation: 'short' },
  { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-2' },
  { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-1' },
  { type: 'xstate.done.actor.updatePassword', output: undefined },
  { type: 'xstate.error.actor.updatePassword', error: samePassword },
];
const inputs = { fromEmail: { tokenHash: 'pkce_abc' }, noToken: { tokenHash: null } };
const validationErrors = [
  messages.passwordsRequired,
  'Password must be at least 8 characters.',
  'Passwords do not match',
  samePassword.message,
];

const machineModel = toModelMachine(resetPasswordMachine);
const coverage = new Coverage(machineModel);
const cases = casesForInputs(machineModel, events, inputs);

describe('reset-password machine (model-based)', () => {
  afterAll(() => expectFullCoverage(coverage, 'machine'));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
    const fakes = new FakeActors();
    const reloads: string[] = [];
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: {
          verifyRecoveryLink: fakes.promise('verifyRecoveryLink'),
          getSession: fakes.promise('getSession'),
          updatePassword: fakes.promise('updatePassword'),
        },
        actions: { reloadTo: (_, params) => reloads.push(params.path) },
      }),
      { input },
    ).start();
    await replayOnActor({
      coverage,
      input,
      events: path.steps.map((s) => s.event),
      actor,
      fakes,
      assertions: {
        'reset-password.verifyingLink': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          expect(fakes.calls.at(-1)).toEqual({
            name: 'verifyRecoveryLink',
            input: { tokenHash: 'pkce_abc' },
          });
        },
        'reset-password.checkingSession': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          expect(fakes.isRunning('getSession')).toBe(true);
        },
        'reset-password.form.editing': (s) => {
          expect(s.hasTag('form')).toBe(true);
          expect(s.context.error).toBeNull();
        },
        'reset-password.form.invalid': (s) => {
          expect(s.hasTag('form')).toBe(true);
          expect(validationErrors).toContain(s.context.error);
          expect(reloads).toEqual([]);
        },
        'reset-password.updating': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          // Only a valid, matching password of at least 8 characters is ever sent.
          expect(fakes.calls.at(-1)).toEqual({
            name: 'updatePassword',
            input: { password: 'long-enough-1' },
          });
        },
        'reset-password.updated': () => {
          expect(reloads).toEqual(['/practice']);
        },
        'reset-password.expired': (s) => {
          expect(s.hasTag('error')).toBe(true);
          expect(fakes.calls.some((c) => c.name === 'updatePassword')).toBe(false);
        },
      },
    });
    actor.stop();
  });
});
