import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { emailLoginFixtures, rateLimited } from '../../machines/email-login/email-login.fixtures';
import { type EmailLoginInput, emailLoginMachine } from '../../machines/email-login/email-login.machine';
import { messages } from '../../machines/shared/messages';
import {
  Coverage,
  casesForInputs,
  expectFullCoverage,
  FakeActors,
  replayOnActor,
  toModelMachine,
} from '../support/model';

const machineModel = toModelMachine(emailLoginMachine);
const coverage = new Coverage(machineModel);
const cases = casesForInputs(machineModel, emailLoginFixtures);

describe('email-login machine (model-based)', () => {
  afterAll(() => expectFullCoverage(coverage, 'machine'));

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
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
    const input = Object.values(emailLoginFixtures.inputs)[0]?.() as EmailLoginInput;
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
