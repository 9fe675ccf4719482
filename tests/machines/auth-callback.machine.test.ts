import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  authCallbackFixtures,
  expiredLink as expired,
} from '../../machines/auth-callback/auth-callback.fixtures';
import { authCallbackMachine } from '../../machines/auth-callback/auth-callback.machine';
import { messages } from '../../machines/shared/messages';
import { describeModel } from '../support/model';

describeModel(authCallbackMachine, authCallbackFixtures, async ({ input, fakes, replay }) => {
  const toasts: Array<{ title: string; message: string }> = [];
  const navigations: string[] = [];
  const actor = createActor(
    authCallbackMachine.provide({
      actors: {
        verifyTokenHash: fakes.promise('verifyTokenHash'),
        exchangeCode: fakes.promise('exchangeCode'),
      },
      actions: {
        toast: (_, params) => toasts.push(params),
        navigateTo: (_, params) => navigations.push(params.route),
      },
    }),
    { input },
  ).start();
  const busy = (name: string, arg: Record<string, string>) => (s: ReturnType<typeof actor.getSnapshot>) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(fakes.calls.at(-1)).toEqual({ name, input: arg });
    expect(navigations).toEqual([]);
  };
  await replay({
    actor,
    assertions: {
      // A token hash wins over a code when both are present.
      'auth-callback.verifyingTokenHash': busy('verifyTokenHash', { tokenHash: input.tokenHash ?? '' }),
      'auth-callback.exchangingCode': busy('exchangeCode', { code: input.code ?? '' }),
      'auth-callback.signedIn': () => {
        expect(toasts).toEqual([{ title: 'Success!', message: "You've been logged in successfully." }]);
        expect(navigations).toEqual(['practice']);
      },
      'auth-callback.failed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect([expired.message, 'An unexpected error occurred']).toContain(s.context.error);
        expect(navigations).toEqual([]);
      },
      'auth-callback.invalidLink': (s) => {
        expect(input).toEqual({ tokenHash: null, code: null });
        expect(s.hasTag('error')).toBe(true);
        expect(fakes.calls).toEqual([]);
      },
    },
  });
  actor.stop();
});

it('keeps the invalid-link text exactly as the spec words it', () => {
  expect(messages.invalidLoginLink).toBe('Your login link is invalid or expired—please request a new one.');
});
