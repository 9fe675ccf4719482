/**
 * The access gate: may this student use a paid flow? A child machine the flows invoke (practice,
 * clinical judgment, the checkout return) instead of each spelling the same states.
 *
 * - Input (`AccessGateInput`): the session (or null) and what to do with each refusal: the route a
 *   student without a session or without access is sent to (null: no redirect, the parent decides),
 *   and whether a failed check asks the student (`'ask'`: an error with Try again) or ends the gate
 *   as `unknown` (`'report'`: the parent retries on its own schedule).
 * - Output (`AccessGateOutput`): `{ access: 'granted' | 'signedOut' | 'notEntitled' | 'unknown',
 *   redirectTo }`; `redirectTo` is the input's route for that refusal, null when granted. The parent
 *   navigates (`navigateTo` with the route): the gate has no side effect beyond its one check.
 * - Events: `entitlement.retry` in `failed` (views send it to the gate's own actor, id
 *   `accessGate` in every parent).
 * - Actors: `checkEntitlement` ({ userId } → boolean), from `createAccessGateImplementations(port)`.
 *
 * A parent declares `accessGate: accessGateMachine` in `setup({ actors })`, invokes it with (a paid flow: `invoke: paidFlowGate({ granted, redirecting })`)
 * `{ id: 'accessGate', src: 'accessGate', input, onDone }` (guard on `event.output.access`), and
 * its implementations factory provides the real check:
 * `accessGate: accessGateMachine.provide(createAccessGateImplementations(port))`. The view renders
 * `<AccessGateScreen gate={snapshot.children.accessGate} … />` (src/components/flow-parts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RouteName } from '../shared/app-actions';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { AccessGateEvent } from '../shared/set-events';
import type { EntitlementPort, SessionInfo } from './access-gate.ports';

export type { EntitlementPort } from './access-gate.ports';

export interface AccessGateInput {
  session: SessionInfo | null;
  /** Where a visitor without a session goes (null: nowhere, the parent shows its own screen). */
  signedOutRoute: RouteName | null;
  /** Where a student without a paid plan or trial goes (null: nowhere). */
  notEntitledRoute: RouteName | null;
  /** A failed check: 'ask' shows the error with Try again; 'report' ends the gate as `unknown`. */
  onFailure: 'ask' | 'report';
}

export type Access = 'granted' | 'signedOut' | 'notEntitled' | 'unknown';

export interface AccessGateOutput {
  access: Access;
  redirectTo: RouteName | null;
}

export interface AccessGateContext extends AccessGateInput {
  access: Access | null;
  /** Why the check failed, shown with Try again. */
  error: string | null;
}

/** The gate's real actor, built from the entitlement port (the parent's factory passes it on). */
export function createAccessGateImplementations(port: EntitlementPort) {
  return {
    actors: {
      checkEntitlement: fromPromise<boolean, { userId: string }>(({ input }) =>
        port.checkEntitlement(input.userId),
      ),
    },
  };
}

/**
 * What every parent needs around the gate, written once: the guard on its output and the final
 * state a parent rests in while the app navigates to the route the gate named.
 */
export const accessGateGuards = {
  isAccessGranted: (_: unknown, params: { output: AccessGateOutput }) => params.output.access === 'granted',
};
export const redirectingState = {
  description: 'Access refused: navigating to the route the gate named (/login or /billing).',
  tags: ['done'] as 'done'[],
  type: 'final' as const,
};
/**
 * The paid flows' gate (practice and clinical judgment): a visitor goes to /login, a student
 * without a plan or trial to /billing, and a failed check asks the student (Try again).
 */
export const paidFlowGateInput = ({
  context,
}: {
  context: { session: SessionInfo | null };
}): AccessGateInput => ({
  session: context.session,
  signedOutRoute: 'login',
  notEntitledRoute: 'billing',
  onFailure: 'ask',
});
/** The route to leave for after a refusal (the gate names one for every refusal its input routes). */
export const redirectRoute = (output: AccessGateOutput): RouteName => output.redirectTo ?? 'dashboard';
/**
 * A paid flow's invoke of the gate (practice, clinical judgment): with access it goes on to
 * `targets.granted`; refused, it navigates to the route the gate named and rests in
 * `targets.redirecting` (a `redirectingState`).
 */
export function paidFlowGate(targets: { granted: string; redirecting: string }) {
  type GateDone = { event: { output: AccessGateOutput } };
  return {
    id: 'accessGate',
    src: 'accessGate',
    input: paidFlowGateInput,
    onDone: [
      {
        guard: { type: 'isAccessGranted', params: ({ event }: GateDone) => ({ output: event.output }) },
        target: targets.granted,
      },
      {
        target: targets.redirecting,
        actions: {
          type: 'navigateTo',
          params: ({ event }: GateDone) => ({ route: redirectRoute(event.output) }),
        },
      },
    ],
  } as const;
}

/**
 * A paid flow's first two states: `checkingAccess` (the gate, then `granted`) and `redirecting`.
 * Spread into the flow's `states` so every paid flow checks access the same way.
 */
export function paidFlowGateStates(granted: string) {
  return {
    checkingAccess: {
      description:
        'The shared access gate (machines/access-gate): a session, then a paid plan or trial; a failed check shows Try again there.',
      tags: ['busy'] as 'busy'[],
      invoke: paidFlowGate({ granted, redirecting: 'redirecting' }),
    },
    redirecting: redirectingState,
  };
}

const redirectFor = (context: AccessGateContext, access: Access): RouteName | null =>
  access === 'signedOut'
    ? context.signedOutRoute
    : access === 'notEntitled'
      ? context.notEntitledRoute
      : null;

export const accessGateMachine = setup({
  types: {
    context: {} as AccessGateContext,
    events: {} as AccessGateEvent,
    input: {} as AccessGateInput,
    output: {} as AccessGateOutput,
    tags: {} as 'busy' | 'error' | 'done',
  },
  actors: placeholdersFor('access-gate', createAccessGateImplementations),
  guards: {
    hasSession: ({ context }) => context.session !== null,
    isEntitled: (_, params: { entitled: boolean }) => params.entitled === true,
    asksOnFailure: ({ context }) => context.onFailure === 'ask',
  },
  actions: {
    decide: assign({ access: (_, params: { access: Access }) => params.access, error: null }),
    ...errorActions<AccessGateContext, AccessGateEvent>(),
  },
}).createMachine({
  id: 'access-gate',
  description: 'Session, then entitlement: granted, or a refusal the parent acts on, or a failed check.',
  context: ({ input }) => ({ ...input, access: null, error: null }),
  initial: 'checkingSession',
  output: ({ context }) => ({
    access: context.access ?? 'unknown',
    redirectTo: redirectFor(context, context.access ?? 'unknown'),
  }),
  states: {
    checkingSession: {
      description: 'Paid flows need a session: without one the gate refuses (the parent sends to /login).',
      tags: ['busy'],
      always: [
        { guard: 'hasSession', target: 'checkingEntitlement' },
        { target: 'decided', actions: { type: 'decide', params: { access: 'signedOut' } } },
      ],
    },
    checkingEntitlement: {
      description: 'Asking the backend whether the student has a paid plan or a trial; a loader shows.',
      tags: ['busy'],
      invoke: {
        id: 'checkEntitlement',
        src: 'checkEntitlement',
        input: ({ context }) => ({ userId: context.session?.userId ?? '' }),
        onDone: [
          {
            guard: { type: 'isEntitled', params: ({ event }) => ({ entitled: event.output }) },
            target: 'decided',
            actions: { type: 'decide', params: { access: 'granted' } },
          },
          { target: 'decided', actions: { type: 'decide', params: { access: 'notEntitled' } } },
        ],
        onError: [
          {
            guard: 'asksOnFailure',
            target: 'failed',
            actions: rememberFailure,
          },
          { target: 'decided', actions: { type: 'decide', params: { access: 'unknown' } } },
        ],
      },
    },
    failed: {
      description:
        'The check itself failed: a paying student must not be sent to billing, so an error shows with Try again.',
      tags: ['error'],
      on: { 'entitlement.retry': { target: 'checkingEntitlement' } },
    },
    decided: {
      description: 'The answer is in: the gate ends and hands it (and the route, if any) to its parent.',
      tags: ['done'],
      type: 'final',
    },
  },
});
