import { expect } from 'vitest';
import { createActor } from 'xstate';
import { resetPasswordFixtures, samePassword } from '../../machines/reset-password/reset-password.fixtures';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { messages } from '../../machines/shared/messages';
import { describeModel } from '../support/model';

const validationErrors = [
  messages.passwordsRequired,
  'Password must be at least 8 characters.',
  'Passwords do not match',
  samePassword.message,
];

describeModel(resetPasswordMachine, resetPasswordFixtures, async ({ input, fakes, replay }) => {
  const reloads: string[] = [];
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        verifyRecoveryLink: fakes.promise('verifyRecoveryLink'),
        getSession: fakes.promise('getSession'),
        updatePassword: fakes.promise('updatePassword'),
      },
      actions: { reloadTo: (_, params) => reloads.push(params.route) },
    }),
    { input },
  ).start();
  await replay({
    actor,
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
        expect(reloads).toEqual(['practice']);
      },
      'reset-password.expired': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(fakes.calls.some((c) => c.name === 'updatePassword')).toBe(false);
      },
    },
  });
  actor.stop();
});
