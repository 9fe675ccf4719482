/**
 * Inputs and event payloads the /dev/flows simulator offers per machine: the same variants the
 * machine tests use (tests/machines), so a path clicked here replays in a model test unchanged.
 * Nothing here touches the network: backend answers are plain `done(x)` / `error(x)` events.
 */
import type { AnyEventObject } from 'xstate';
import type { PracticeProgress } from '../../../machines/practice-session/practice-session.machine';
import { BackendError, type PracticeQuestion, type SessionInfo } from '../../../machines/shared/ports';

export interface EventPreset {
  label: string;
  event: AnyEventObject;
}

export interface InputPreset {
  label: string;
  /** A fresh input per run, so replaying the history (step back) gives the same snapshots. */
  create: () => unknown;
}

/** Event presets of one event type: a fixed list, or built from the current context (e.g. answers). */
export type EventPresets = EventPreset[] | ((context: Record<string, unknown>) => EventPreset[]);

export interface FlowPresets {
  inputs: InputPreset[];
  /** By event type. An accepted event type without presets is offered without a payload. */
  events: Record<string, EventPresets>;
}

const ada: SessionInfo = { userId: 'u-1', email: 'ada@example.com' };
const grace: SessionInfo = { userId: 'u-2', email: null };

const done = (actor: string, output: unknown, label: string): EventPreset => ({
  label,
  event: { type: `xstate.done.actor.${actor}`, output },
});
const failed = (actor: string, error: Error): EventPreset => ({
  label: error.message ? `error: ${error.message}` : 'error without a message',
  event: { type: `xstate.error.actor.${actor}`, error },
});

/** A small deterministic random source: replays of the same history shuffle the same way. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const question = (n: number, stem: string, options: string[]): PracticeQuestion => ({
  id: `q${n}`,
  stem,
  category: 'Safety and Infection Control',
  options: options.map((label, i) => ({
    id: `q${n}-${i === 0 ? 'right' : `wrong${i}`}`,
    label,
    is_correct: i === 0,
  })),
  rationale: `Rationale for question ${n}.`,
});

/** A fake 3-question set: the first option of each is the correct one. */
export const fakeQuestionSet: PracticeQuestion[] = [
  question(1, 'Which action comes first when a client falls?', ['Assess the client', 'Call the family']),
  question(2, 'Which isolation does tuberculosis need?', ['Airborne', 'Contact']),
  question(3, 'When is hand hygiene needed?', ['Before and after client contact', 'Only after contact']),
];

const savedProgress: PracticeProgress = {
  userId: ada.userId,
  questions: fakeQuestionSet,
  answers: { q1: 'q1-wrong1' },
  currentIndex: 1,
  layout: 'one',
};

const emailLoginInput = {
  loginRedirectTo: 'http://localhost:5173/practice',
  resetRedirectTo: 'http://localhost:5173/reset-password',
};
const emailSubmits = (type: 'login.submit' | 'reset.submit'): EventPreset[] => [
  { label: 'a valid email', event: { type, email: 'ada@example.com' } },
  { label: 'blank', event: { type, email: '   ' } },
  { label: 'malformed', event: { type, email: 'not-an-email' } },
];

const answerPresets = (context: Record<string, unknown>): EventPreset[] => {
  const questions = (context.questions ?? []) as PracticeQuestion[];
  return questions.flatMap((q) =>
    q.options.map((o) => ({
      label: `${q.id}: ${o.label} (${o.is_correct ? 'correct' : 'wrong'})`,
      event: { type: 'answer.select', questionId: q.id, optionId: o.id },
    })),
  );
};

export const flowPresets: Record<string, FlowPresets> = {
  auth: {
    inputs: [{ label: 'No input (app start)', create: () => undefined }],
    events: {
      'xstate.done.actor.getSession': [
        done('getSession', ada, 'a stored session'),
        done('getSession', null, 'no session'),
      ],
      'xstate.error.actor.getSession': [failed('getSession', new Error('storage unavailable'))],
      'auth.signedIn': [
        { label: 'ada (with email)', event: { type: 'auth.signedIn', session: ada } },
        { label: 'grace (no email)', event: { type: 'auth.signedIn', session: grace } },
      ],
      'xstate.done.actor.signOut': [done('signOut', undefined, 'signed out')],
      'xstate.error.actor.signOut': [failed('signOut', new Error('network down'))],
    },
  },
  'email-login': {
    inputs: [{ label: 'Local site redirects', create: () => emailLoginInput }],
    events: {
      'login.submit': emailSubmits('login.submit'),
      'reset.submit': emailSubmits('reset.submit'),
      'xstate.done.actor.sendLoginLink': [done('sendLoginLink', undefined, 'sent')],
      'xstate.error.actor.sendLoginLink': [
        failed(
          'sendLoginLink',
          new BackendError('For security purposes, you can only request this after 60 seconds.'),
        ),
      ],
      'xstate.done.actor.sendPasswordReset': [done('sendPasswordReset', undefined, 'sent')],
      'xstate.error.actor.sendPasswordReset': [failed('sendPasswordReset', new Error(''))],
    },
  },
  'auth-callback': {
    inputs: [
      { label: 'Token hash in the link', create: () => ({ tokenHash: 'pkce_abc', code: null }) },
      {
        label: 'Code in the link',
        create: () => ({ tokenHash: null, code: '0b2c7a1e-1111-2222-3333-444455556666' }),
      },
      { label: 'Neither (invalid link)', create: () => ({ tokenHash: null, code: null }) },
    ],
    events: {
      'xstate.done.actor.verifyTokenHash': [done('verifyTokenHash', ada, 'verified')],
      'xstate.error.actor.verifyTokenHash': [
        failed('verifyTokenHash', new BackendError('Email link is invalid or has expired', 'otp_expired')),
      ],
      'xstate.done.actor.exchangeCode': [done('exchangeCode', ada, 'exchanged')],
      'xstate.error.actor.exchangeCode': [failed('exchangeCode', new Error(''))],
    },
  },
  'reset-password': {
    inputs: [
      { label: 'Opened from the email (token hash)', create: () => ({ tokenHash: 'pkce_abc' }) },
      { label: 'No token (session from an earlier link?)', create: () => ({ tokenHash: null }) },
    ],
    events: {
      'xstate.done.actor.verifyRecoveryLink': [done('verifyRecoveryLink', ada, 'verified')],
      'xstate.error.actor.verifyRecoveryLink': [
        failed('verifyRecoveryLink', new BackendError('Email link is invalid or has expired')),
      ],
      'xstate.done.actor.getSession': [
        done('getSession', ada, 'a session'),
        done('getSession', null, 'no session'),
      ],
      'xstate.error.actor.getSession': [failed('getSession', new Error('storage'))],
      'password.submit': [
        { label: 'both empty', event: { type: 'password.submit', password: '', confirmation: '' } },
        { label: 'too short', event: { type: 'password.submit', password: 'short', confirmation: 'short' } },
        {
          label: 'mismatch',
          event: { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-2' },
        },
        {
          label: 'valid',
          event: { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-1' },
        },
      ],
      'xstate.done.actor.updatePassword': [done('updatePassword', undefined, 'saved')],
      'xstate.error.actor.updatePassword': [
        failed(
          'updatePassword',
          new BackendError('New password should be different from the old password.', 'same_password'),
        ),
      ],
    },
  },
  'checkout-return': {
    inputs: [
      { label: 'Signed in', create: () => ({ session: ada }) },
      { label: 'Signed out', create: () => ({ session: null }) },
    ],
    events: {
      'xstate.done.actor.checkEntitlement': [
        done('checkEntitlement', true, 'entitled'),
        done('checkEntitlement', false, 'not entitled yet'),
      ],
      'xstate.error.actor.checkEntitlement': [failed('checkEntitlement', new Error('network'))],
    },
  },
  'practice-session': {
    inputs: [
      {
        label: 'Signed in, new set',
        create: () => ({ session: ada, layout: 'one', saved: null, random: seededRandom(7) }),
      },
      {
        label: 'Signed in, prefers all on one page',
        create: () => ({ session: ada, layout: 'all', saved: null, random: seededRandom(7) }),
      },
      {
        label: 'Signed in, resuming a saved set at question 2',
        create: () => ({ session: ada, layout: 'one', saved: savedProgress, random: seededRandom(7) }),
      },
      {
        label: 'Signed out',
        create: () => ({ session: null, layout: 'one', saved: null, random: seededRandom(7) }),
      },
    ],
    events: {
      'xstate.done.actor.checkEntitlement': [
        done('checkEntitlement', true, 'entitled'),
        done('checkEntitlement', false, 'not entitled'),
      ],
      'xstate.error.actor.checkEntitlement': [
        failed('checkEntitlement', new BackendError('permission denied')),
      ],
      'xstate.done.actor.loadQuestions': [
        done('loadQuestions', fakeQuestionSet, '3 questions'),
        done('loadQuestions', [], 'an empty set'),
      ],
      'xstate.error.actor.loadQuestions': [failed('loadQuestions', new BackendError('network down'))],
      'answer.select': answerPresets,
    },
  },
};

/** The presets for a machine id (an unknown machine gets one empty input and no payloads). */
export function presetsFor(machineId: string): FlowPresets {
  return flowPresets[machineId] ?? { inputs: [{ label: 'No input', create: () => undefined }], events: {} };
}
