import { expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  emailLoginFixtures,
  hourlyCapReached,
  invalidEmail,
  rateLimited,
  tooManyRequests,
} from '../../machines/email-login/email-login.fixtures';
import {
  type EmailLoginInput,
  emailLoginMachine,
  rateLimitTexts,
} from '../../machines/email-login/email-login.machine';
import { messages } from '../../machines/shared/messages';
import { BackendError } from '../../machines/shared/ports';
import { describeModel, FakeActors } from '../support/model';

describeModel(emailLoginMachine, emailLoginFixtures, async ({ input, fakes, replay }) => {
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
  await replay({
    actor,
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
        expect(s.hasTag('form')).toBe(true);
        expect([invalidEmail.message, messages.unexpectedError]).toContain(s.context.error);
        expect(s.context.retryHint).toBeNull();
      },
      'email-login.rateLimited': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.hasTag('form')).toBe(true);
        // The backend's own message still shows (spec section 8), with when to try again.
        const expected = new Map<string, string>([
          [rateLimited.message, rateLimitTexts.resendIn(60)],
          [hourlyCapReached.message, rateLimitTexts.hourlyCap],
          [tooManyRequests.message, rateLimitTexts.tooManyRequests],
        ]);
        expect(expected.get(s.context.error ?? '')).toBe(s.context.retryHint);
      },
    },
  });
  actor.stop();
});

it("tells the student when to try again for each of GoTrue's 429s, and nothing else is one", () => {
  const input = Object.values(emailLoginFixtures.inputs)[0]?.() as EmailLoginInput;
  const afterFailure = (error: Error) => {
    const actor = createActor(
      emailLoginMachine.provide({
        actors: { sendLoginLink: fromPromise(() => Promise.reject(error)) },
      }),
      { input },
    ).start();
    actor.send({ type: 'login.submit', email: 'ada@example.com' });
    return new Promise<ReturnType<typeof actor.getSnapshot>>((resolve) =>
      actor.subscribe((s) => {
        if (!s.hasTag('busy')) resolve(s);
      }),
    );
  };
  return Promise.all([
    afterFailure(
      new BackendError(
        'For security purposes, you can only request this after 1 seconds.',
        'over_email_send_rate_limit',
      ),
    ).then((s) => {
      expect(s.value).toBe('rateLimited');
      expect(s.context.retryHint).toBe(rateLimitTexts.resendIn(1));
      expect(s.context.retryHint).toMatch(/try again in 1 second\.$/);
    }),
    afterFailure(tooManyRequests).then((s) => expect(s.value).toBe('rateLimited')),
    // Same words without GoTrue's code (e.g. a proxy's 429 page): not ours to explain.
    afterFailure(new BackendError(rateLimited.message)).then((s) => {
      expect(s.value).toBe('failed');
      expect(s.context.error).toBe(rateLimited.message);
    }),
  ]);
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
