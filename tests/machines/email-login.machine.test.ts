import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { emailLoginMachine } from '../../machines/email-login/email-login.machine';
import { messages } from '../../machines/shared/messages';
import { BackendError } from '../../machines/shared/ports';
import {
  Coverage,
  expectFullCoverage,
  FakeActors,
  modelPaths,
  replayOnActor,
  toModelMachine,
} from '../support/model';

const input = {
  loginRedirectTo: 'https://app.test/practice',
  resetRedirectTo: 'https://app.test/reset-password',
};
const rateLimited = new BackendError('For security purposes, you can only request this after 60 seconds.');

const events = [
  { type: 'login.submit', email: 'ada@example.com' },
  { type: 'login.submit', email: '   ' },
  { type: 'login.submit', email: 'not-an-email' },
  { type: 'reset.submit', email: 'ada@example.com' },
  { type: 'reset.submit', email: '' },
  { type: 'reset.submit', email: 'ada@' },
  { type: 'xstate.done.actor.sendLoginLink', output: undefined },
  { type: 'xstate.error.actor.sendLoginLink', error: rateLimited },
  { type: 'xstate.done.actor.sendPasswordReset', output: undefined },
  { type: 'xstate.error.actor.sendPasswordReset', error: new Error('') },
];

const machineModel = toModelMachine(emailLoginMachine);
const coverage = new Coverage(machineModel);
const paths = modelPaths(machineModel, events, 'transitions', input);

describe('email-login machine (model-based)', () => {
  afterAll(() => expectFullCoverage(coverage, 'machine'));

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const fakes = new FakeActors();
    const actor = createActor(
      emailLoginMachine.provide({
        actors: {
          sendLoginLink: fakes.promise('sendLoginLink'),
          sendPasswordReset: fakes.promise('sendPasswordReset'),
        },
      }),
      { input },
    ).start();
    const lastSubmit = () =>
      [...fakes.calls].at(-1)?.input as { email: string; redirectTo: string } | undefined;
    await replayOnActor({
      coverage,
      input,
      events: path.steps.map((s) => s.event),
      actor,
      fakes,
      assertions: {
        'email-login.editing': (s) => {
          expect(s.hasTag('form')).toBe(true);
          expect(s.context.error).toBeNull();
        },
        'email-login.invalid': (s) => {
          expect([messages.emailRequired, messages.emailInvalid]).toContain(s.context.error);
          expect(s.hasTag('busy')).toBe(false);
        },
        'email-login.sendingLoginLink': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          expect(lastSubmit()).toEqual({ email: s.context.email, redirectTo: input.loginRedirectTo });
        },
        'email-login.sendingResetLink': (s) => {
          expect(s.hasTag('busy')).toBe(true);
          expect(lastSubmit()).toEqual({ email: s.context.email, redirectTo: input.resetRedirectTo });
        },
        'email-login.loginLinkSent': (s) => {
          expect(s.hasTag('done')).toBe(true);
          expect(s.context.error).toBeNull();
        },
        'email-login.resetLinkSent': (s) => {
          expect(s.hasTag('done')).toBe(true);
          expect(s.context.error).toBeNull();
        },
        'email-login.failed': (s) => {
          expect(s.hasTag('error')).toBe(true);
          expect([rateLimited.message, messages.unexpectedError]).toContain(s.context.error);
        },
      },
    });
    actor.stop();
  });

  it('sends one request per submit even when the button is pressed twice', async () => {
    const fakes = new FakeActors();
    const actor = createActor(
      emailLoginMachine.provide({ actors: { sendLoginLink: fakes.promise('sendLoginLink') } }),
      { input },
    ).start();
    actor.send({ type: 'login.submit', email: ' ada@example.com ' });
    actor.send({ type: 'login.submit', email: 'ada@example.com' });
    expect(fakes.calls).toEqual([
      { name: 'sendLoginLink', input: { email: 'ada@example.com', redirectTo: input.loginRedirectTo } },
    ]);
  });
});
