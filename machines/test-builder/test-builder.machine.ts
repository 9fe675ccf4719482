import { assign, fromPromise, setup } from 'xstate';
import type { CustomTestCounts, CustomTestSettings } from '../../domain/custom-tests';
import {
  accessGateGuards,
  accessGateMachine,
  createAccessGateImplementations,
  paidFlowGateStates,
} from '../access-gate/access-gate.machine';
import type { SessionInfo } from '../access-gate/access-gate.ports';
import { appActionPlaceholders } from '../shared/app-actions';
import { errorActions, rememberFailure } from '../shared/error-actions';
import { placeholdersFor } from '../shared/not-provided';
import type { TestBuilderPort } from './test-builder.ports';

export type { TestBuilderPort } from './test-builder.ports';

export interface TestBuilderInput {
  session: SessionInfo | null;
  /** The choices the builder opens with (the defaults, or a link's, e.g. the dashboard's due pool). */
  settings: CustomTestSettings;
  /** Start as soon as the counts show items (the dashboard's one-click due review). */
  autoStart: boolean;
}

export interface TestBuilderContext extends TestBuilderInput {
  counts: CustomTestCounts | null;
  testId: string | null;
  error: string | null;
}

export type TestBuilderEvent =
  | { type: 'settings.change'; settings: CustomTestSettings }
  | { type: 'counts.retry' }
  | { type: 'test.start' };

/** The builder's real actors, from the port (the gate's check included). */
export function createTestBuilderImplementations(port: TestBuilderPort) {
  return {
    actors: {
      accessGate: accessGateMachine.provide(createAccessGateImplementations(port)),
      loadCounts: fromPromise<CustomTestCounts, { settings: CustomTestSettings }>(({ input }) =>
        port.loadCounts(input.settings),
      ),
      startTest: fromPromise<{ testId: string }, { settings: CustomTestSettings }>(({ input }) =>
        port.startTest(input.settings),
      ),
    },
  };
}

const settingsInput = ({ context }: { context: TestBuilderContext }) => ({ settings: context.settings });

/** /practice/custom "Create a test": the choices with their counts, then the served test opens. */
export const testBuilderMachine = setup({
  types: {
    context: {} as TestBuilderContext,
    events: {} as TestBuilderEvent,
    input: {} as TestBuilderInput,
    tags: {} as 'busy' | 'form' | 'error' | 'done',
    children: {} as { accessGate: 'accessGate' },
  },
  actors: placeholdersFor('test-builder', createTestBuilderImplementations),
  guards: {
    ...accessGateGuards,
    hasItems: ({ context }) => (context.counts?.items ?? 0) > 0,
    startsAtOnce: (_, params: { counts: CustomTestCounts; autoStart: boolean }) =>
      params.autoStart && params.counts.items > 0,
  },
  actions: {
    navigateTo: appActionPlaceholders.navigateTo,
    /** Opens the answering page on the served test (provided by the app: the route takes the id). */
    openTest: (_, _params: { testId: string }) => {},
    storeSettings: assign({
      settings: (_, params: { settings: CustomTestSettings }) => params.settings,
      // A new choice is the student's own: no start without them pressing Start.
      autoStart: false,
    }),
    storeCounts: assign({ counts: (_, params: { counts: CustomTestCounts }) => params.counts }),
    storeTest: assign({ testId: (_, params: { testId: string }) => params.testId }),
    ...errorActions<TestBuilderContext, TestBuilderEvent>(),
  },
}).createMachine({
  id: 'test-builder',
  description: 'Building a custom test: the choices with the counts they give, then the served test.',
  context: ({ input }) => ({ ...input, counts: null, testId: null, error: null }),
  initial: 'checkingAccess',
  states: {
    ...paidFlowGateStates('counting'),
    counting: {
      description: 'Counting what the choices give (and each choice beside them).',
      tags: ['busy', 'form'],
      invoke: {
        id: 'loadCounts',
        src: 'loadCounts',
        input: settingsInput,
        onDone: [
          {
            guard: {
              type: 'startsAtOnce',
              params: ({ context, event }) => ({ counts: event.output, autoStart: context.autoStart }),
            },
            target: 'starting',
            actions: { type: 'storeCounts', params: ({ event }) => ({ counts: event.output }) },
          },
          {
            target: 'ready',
            actions: { type: 'storeCounts', params: ({ event }) => ({ counts: event.output }) },
          },
        ],
        onError: { target: 'countFailed', actions: rememberFailure },
      },
      on: {
        'settings.change': {
          target: 'counting',
          reenter: true,
          actions: { type: 'storeSettings', params: ({ event }) => ({ settings: event.settings }) },
        },
      },
    },
    ready: {
      description:
        'The choices with their counts; Start when they give items, else what is missing and the nearest choice that gives some.',
      tags: ['form'],
      on: {
        'settings.change': {
          target: 'counting',
          actions: { type: 'storeSettings', params: ({ event }) => ({ settings: event.settings }) },
        },
        'test.start': { guard: 'hasItems', target: 'starting' },
      },
    },
    countFailed: {
      description: 'The counts could not load: an error with Try again (the choices stay).',
      tags: ['form', 'error'],
      on: {
        'counts.retry': { target: 'counting', actions: 'clearError' },
        'settings.change': {
          target: 'counting',
          actions: [
            'clearError',
            { type: 'storeSettings', params: ({ event }) => ({ settings: event.settings }) },
          ],
        },
      },
    },
    starting: {
      description: 'Serving the test on the backend.',
      tags: ['busy'],
      invoke: {
        id: 'startTest',
        src: 'startTest',
        input: settingsInput,
        onDone: {
          target: 'started',
          actions: [
            { type: 'storeTest', params: ({ event }) => ({ testId: event.output.testId }) },
            { type: 'openTest', params: ({ event }) => ({ testId: event.output.testId }) },
          ],
        },
        onError: { target: 'startFailed', actions: rememberFailure },
      },
    },
    startFailed: {
      description: 'The test could not be served: the reason with Try again; the choices can change.',
      tags: ['form', 'error'],
      on: {
        'test.start': { target: 'starting', actions: 'clearError' },
        'settings.change': {
          target: 'counting',
          actions: [
            'clearError',
            { type: 'storeSettings', params: ({ event }) => ({ settings: event.settings }) },
          ],
        },
      },
    },
    started: {
      description: 'The test is served: the answering page opens on it.',
      tags: ['done'],
      type: 'final',
    },
  },
});
