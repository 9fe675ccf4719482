import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authCallbackMachine } from '../../machines/auth-callback/auth-callback.machine';
import { emailLoginMachine } from '../../machines/email-login/email-login.machine';
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { BackendError, type SessionInfo } from '../../machines/shared/ports';
import { redact, redactInspectionEvent, redactString } from '../../shared/redact';
import { createRedactingInspector } from '../../src/runtime/inspector.dev';

const EMAIL = 'ada.lovelace@example.com';
const TOKEN_HASH = 'pkce_7f3a9c1e5b';
const CODE = '0b2c7a1e-1111-2222-3333-444455556666';
const PASSWORD = 'correct-horse-battery';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl';

describe('redact', () => {
  it('replaces values under secret keys at any depth, and keeps the rest', () => {
    expect(
      redact({
        tokenHash: TOKEN_HASH,
        code: CODE,
        error: null,
        session: { userId: 'u-1', email: EMAIL },
        event: { type: 'password.submit', password: PASSWORD, confirmation: PASSWORD },
        list: [{ access_token: JWT, refresh_token: 'r1' }],
        nothing: { code: null, email: undefined },
      }),
    ).toEqual({
      tokenHash: '[redacted]',
      code: '[redacted]',
      error: null,
      session: { userId: 'u-1', email: '[redacted]' },
      event: { type: 'password.submit', password: '[redacted]', confirmation: '[redacted]' },
      list: [{ access_token: '[redacted]', refresh_token: '[redacted]' }],
      nothing: { code: null, email: undefined },
    });
  });

  it('removes emails, tokens and URL secrets from strings wherever they are', () => {
    // Emails never met under a key are found by their shape.
    expect(redactString('Sent to grace.hopper@example.org.')).toBe('Sent to [redacted email].');
    expect(redactString('Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1LTIifQ.c2ln')).toBe(
      'Bearer [redacted token]',
    );
    expect(redactString(`http://localhost:5173/auth/callback?token_hash=${TOKEN_HASH}&type=email`)).toBe(
      'http://localhost:5173/auth/callback?token_hash=[redacted]&type=email',
    );
    expect(redactString(`/auth/callback?code=${CODE}`)).toBe('/auth/callback?code=[redacted]');
    expect(redact({ note: 'from linus@example.net' })).toEqual({ note: 'from [redacted email]' });
    expect(redactString('No questions available yet.')).toBe('No questions available yet.');
  });

  it('also removes a secret it met under a secret key when free text repeats it', () => {
    const secret = 'one-time-7c41d2';
    redact({ code: secret });
    expect(redact({ error: `Code ${secret} has expired` })).toEqual({ error: 'Code [redacted] has expired' });
  });

  it('keeps only the name and a redacted message of errors', () => {
    const error = new BackendError('User alan@example.co.uk not found', 'user_not_found');
    expect(redact({ error })).toEqual({
      error: { name: 'BackendError', message: 'User [redacted email] not found' },
    });
  });

  it('survives cycles, functions and deep nesting, and returns plain data', () => {
    const a: Record<string, unknown> = { name: 'a', random: Math.random };
    a.self = a;
    const shared = { email: EMAIL };
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 30; i++) deep = { deep };
    const out = redact({ a, twice: [shared, shared], deep }) as Record<string, unknown>;
    expect(out.a).toEqual({ name: 'a', random: '[function random]', self: '[circular]' });
    expect(out.twice).toEqual([{ email: '[redacted]' }, { email: '[redacted]' }]);
    expect(JSON.stringify(out)).toContain('[too deep]');
    expect(() => structuredClone(out)).not.toThrow();
  });

  it('keeps the machine definition of an inspection event for the inspector to draw', () => {
    const event = {
      type: '@xstate.actor',
      definition: '{"id":"email-login"}',
      snapshot: { context: { email: EMAIL } },
    };
    expect(redactInspectionEvent(event)).toEqual({
      type: '@xstate.actor',
      definition: '{"id":"email-login"}',
      snapshot: { context: { email: '[redacted]' } },
    });
  });
});

/** A stand-in for the browser window: records what the inspector posts to its window. */
function fakeWindow() {
  const posted: unknown[] = [];
  const listeners: Array<(event: { data: unknown }) => void> = [];
  const target = { postMessage: (message: unknown) => posted.push(message) };
  const window = {
    open: () => target,
    addEventListener: (_type: string, listener: (event: { data: unknown }) => void) =>
      listeners.push(listener),
  };
  const connect = () => {
    for (const listener of listeners) listener({ data: { type: '@statelyai.connected' } });
  };
  return { window: window as unknown as Window, posted, connect };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('createRedactingInspector', () => {
  it('posts the flows to the inspector without tokens, codes, passwords or emails', async () => {
    const fake = fakeWindow();
    const inspect = createRedactingInspector({ window: fake.window });
    fake.connect();
    const session: SessionInfo = { userId: 'u-1', email: EMAIL };

    const login = createActor(
      emailLoginMachine.provide({
        actors: { sendLoginLink: fromPromise<void, { email: string; redirectTo: string }>(async () => {}) },
      }),
      { input: { loginRedirectTo: '/practice', resetRedirectTo: '/reset-password' }, inspect },
    ).start();
    login.send({ type: 'login.submit', email: EMAIL });

    for (const input of [
      { tokenHash: TOKEN_HASH, code: null },
      { tokenHash: null, code: CODE },
    ]) {
      createActor(
        authCallbackMachine.provide({
          actors: {
            verifyTokenHash: fromPromise(async () => session),
            exchangeCode: fromPromise<SessionInfo, { code: string }>(async () => {
              throw new BackendError(`Code ${CODE} for ${EMAIL} is invalid`);
            }),
          },
        }),
        { input, inspect },
      ).start();
    }

    const reset = createActor(
      resetPasswordMachine.provide({
        actors: {
          verifyRecoveryLink: fromPromise(async () => session),
          updatePassword: fromPromise<void, { password: string }>(async () => {}),
        },
      }),
      { input: { tokenHash: TOKEN_HASH }, inspect },
    ).start();
    await settle();
    reset.send({ type: 'password.submit', password: PASSWORD, confirmation: PASSWORD });
    await settle();

    const text = JSON.stringify(fake.posted);
    // The inspector did receive the flows...
    expect(fake.posted.length).toBeGreaterThan(10);
    for (const expected of [
      'sendingLoginLink',
      'loginLinkSent',
      'signedIn',
      'failed',
      'updated',
      'password.submit',
    ])
      expect(text).toContain(expected);
    // ...and none of the secrets.
    for (const secret of [EMAIL, TOKEN_HASH, CODE, PASSWORD]) expect(text).not.toContain(secret);
    expect(() => structuredClone(fake.posted)).not.toThrow();
  });
});
