/**
 * Model-based testing support on top of `xstate/graph`.
 *
 * `createTestModel` refuses machines that invoke actors or use delayed transitions, so tests run on
 * a *model* of the same config where every `invoke { id, onDone, onError }` becomes
 * `on['xstate.done.actor.<id>'] / on['xstate.error.actor.<id>']` and every `after { d }` becomes
 * `on['xstate.after.<d>.<stateId>']`: the exact events the real actor receives, so a generated path
 * replays one to one against the real machine (resolve a fake actor, or advance a SimulatedClock).
 *
 * Every transition of the model also carries a `model.covered` action naming it, so replaying a
 * path through `transition()` tells exactly which transitions a test exercised.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  fromPromise,
  initialTransition,
  type NonReducibleUnknown,
  type SimulatedClock,
  transition,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import { eventsOf, type FlowFixtures } from '../../machines/shared/fixtures';
import {
  COVERED,
  leafStateIds,
  type MachineModel,
  toModelMachine,
} from '../../machines/shared/model-machine';

export {
  leafStateIds,
  type MachineModel,
  toModelMachine,
  transitionKey,
} from '../../machines/shared/model-machine';

/** The ids of the state nodes a snapshot is in (leaves and their ancestors). */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.map((n: { id: string }) => n.id);
}

/** Collects the states and transitions a set of replayed paths reached. */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  constructor(readonly machineModel: MachineModel) {}

  /** The model's snapshots after each of `events`, without recording coverage. */
  expected(events: AnyEventObject[], input?: unknown): AnyMachineSnapshot[] {
    return new Coverage(this.machineModel).replay(events, input);
  }

  /** Replays `events` through the model, recording coverage; returns the snapshots after each. */
  replay(events: AnyEventObject[], input?: unknown): AnyMachineSnapshot[] {
    const { model } = this.machineModel;
    let [snapshot, actions] = initialTransition(model, input as never) as [AnyMachineSnapshot, unknown[]];
    this.record(snapshot, actions);
    const snapshots: AnyMachineSnapshot[] = [];
    for (const event of events) {
      [snapshot, actions] = transition(model, snapshot as never, event as never) as [
        AnyMachineSnapshot,
        unknown[],
      ];
      this.record(snapshot, actions);
      snapshots.push(snapshot);
    }
    return snapshots;
  }

  private record(snapshot: AnyMachineSnapshot, actions: unknown[]) {
    for (const id of activeStateIds(snapshot)) this.states.add(id);
    for (const action of actions as Array<{ type?: string; params?: { key?: string } }>) {
      if (action.type === COVERED && action.params?.key) {
        this.transitions.add(action.params.key);
        // A transient state (only `always` transitions) never shows in a snapshot; taking one of
        // its transitions is what reaching it means.
        this.states.add(action.params.key.slice(0, action.params.key.indexOf(' ')));
      }
    }
  }

  missingStates(): string[] {
    return this.machineModel.stateIds.filter((id) => !this.states.has(id));
  }

  missingTransitions(): string[] {
    return this.machineModel.transitionKeys.filter((key) => !this.transitions.has(key));
  }

  summary(layer: string): CoverageSummary {
    const { stateIds, transitionKeys, machine } = this.machineModel;
    return {
      machine: machine.id,
      layer,
      states: { reached: stateIds.length - this.missingStates().length, total: stateIds.length },
      transitions: {
        reached: transitionKeys.length - this.missingTransitions().length,
        total: transitionKeys.length,
      },
      missingStates: this.missingStates(),
      missingTransitions: this.missingTransitions(),
    };
  }
}

export interface CoverageSummary {
  machine: string;
  layer: string;
  states: { reached: number; total: number };
  transitions: { reached: number; total: number };
  missingStates: string[];
  missingTransitions: string[];
}

export function formatCoverage(s: CoverageSummary): string {
  const pct = (r: number, t: number) => (t === 0 ? 100 : Math.round((r / t) * 1000) / 10);
  return `${s.machine} (${s.layer}): states ${s.states.reached}/${s.states.total} (${pct(s.states.reached, s.states.total)} %), transitions ${s.transitions.reached}/${s.transitions.total} (${pct(s.transitions.reached, s.transitions.total)} %)`;
}

export interface ModelPath {
  description: string;
  steps: Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
}

/**
 * Paths through the model, as event lists to replay.
 * - 'shortest': one shortest path to every reachable state (the slow browser layer);
 * - 'transitions': a shortest path to every reachable state followed by each event it accepts, so
 *   every transition of every reachable state is exercised (the fast machine layer).
 * `events` must list every event type the machine accepts, with payload variants; an event type
 * missing from it fails loudly rather than being tried without its payload.
 */
export function modelPaths(
  machineModel: MachineModel,
  events: AnyEventObject[],
  kind: 'shortest' | 'transitions',
  input?: unknown,
): ModelPath[] {
  const known = new Set(events.map((e) => e.type));
  const serialize = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({ value: snapshot.value, context: snapshot.context });
  const testModel = createTestModel(machineModel.model, {
    events: (snapshot: AnyMachineSnapshot) => {
      for (const type of __unsafe_getAllOwnEventDescriptors(snapshot)) {
        if (!known.has(type))
          throw new Error(
            `Event "${type}" is accepted by ${machineModel.machine.id} but missing from the test's events`,
          );
      }
      return events;
    },
    input: input as never,
    // Distinguish snapshots by state and context so payload variants that change context are explored.
    serializeState: serialize,
  } as never);
  const strip = (p: ModelPath): ModelPath => ({
    ...p,
    steps: p.steps.filter((s) => s.event.type !== 'xstate.init'),
  });
  // Without duplicates, paths that are prefixes of longer ones are dropped: right for the browser
  // layer (fewer runs, same states), wrong as the base for one-path-per-transition.
  if (kind === 'shortest') return (testModel.getShortestPaths() as unknown as ModelPath[]).map(strip);
  const shortest = testModel.getShortestPaths({ allowDuplicatePaths: true }) as unknown as ModelPath[];
  const adjacency = testModel.getAdjacencyMap() as unknown as Record<
    string,
    { transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }
  >;
  return shortest.flatMap((path) => {
    const base = strip(path);
    const end = (path.steps.at(-1)?.state ?? path.steps[0]?.state) as AnyMachineSnapshot;
    const next = adjacency[serialize(end)]?.transitions ?? {};
    return Object.values(next).map(({ event, state }) => ({
      description: `${base.steps.map((s) => s.event.type).join(' → ') || '(start)'} ⇒ ${JSON.stringify(event)}`,
      steps: [...base.steps, { event, state }],
    }));
  });
}

/**
 * Narrows a step event back to its payload type (TestParam drops payload types).
 */
export function eventOf<E extends AnyEventObject>(event: AnyEventObject): E {
  return event as E;
}

/** Lets pending promise callbacks (resolved fake actors) run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Fake promise actors whose settlement the test controls, keyed by actor name (= invoke id).
 */
export class FakeActors {
  private readonly running = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  readonly calls: Array<{ name: string; input: unknown }> = [];

  promise<TOutput, TInput = NonReducibleUnknown>(name: string) {
    return fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ name, input });
          this.running.set(name, { resolve: resolve as (v: unknown) => void, reject });
        }),
    );
  }

  isRunning(name: string): boolean {
    return this.running.has(name);
  }

  async settle(name: string, outcome: { output: unknown } | { error: unknown }): Promise<void> {
    const pending = this.running.get(name);
    if (!pending) throw new Error(`Actor "${name}" is not running, so it cannot settle`);
    this.running.delete(name);
    if ('output' in outcome) pending.resolve(outcome.output);
    else pending.reject(outcome.error);
    await flush();
  }
}

/** Per-state assertions; a state without one fails the test (no silent passes). */
export type StateAssertions<TActorSnapshot> = Record<string, (snapshot: TActorSnapshot) => void>;

export interface ReplayOptions<TActorSnapshot> {
  coverage: Coverage;
  events: AnyEventObject[];
  input?: unknown;
  /** The real machine running with fakes. */
  actor: { send(event: AnyEventObject): void; getSnapshot(): TActorSnapshot & { value: unknown } };
  fakes: FakeActors;
  clock?: SimulatedClock;
  /** Delay lengths by name, for `xstate.after.<name>.<state>` events. */
  delays?: Record<string, number>;
  assertions: StateAssertions<TActorSnapshot>;
}

function assertActiveStates<T>(
  snapshot: AnyMachineSnapshot,
  actorSnapshot: T,
  assertions: StateAssertions<T>,
) {
  for (const id of leafStateIds(snapshot)) {
    const assertion = assertions[id];
    if (!assertion) throw new Error(`No assertion for state "${id}": every state needs one`);
    assertion(actorSnapshot);
  }
}

/**
 * Replays one generated path on the real actor: settles fake actors for done/error events,
 * advances the clock for delayed events, sends the rest; after every step the real actor must
 * be in the model's state and that state's assertion must pass.
 */
export async function replayOnActor<T>(options: ReplayOptions<T>): Promise<void> {
  const { coverage, events, actor, fakes, clock, delays = {}, assertions } = options;
  const expected = coverage.replay(events, options.input);
  assertActiveStates(initialSnapshot(coverage, options.input), actor.getSnapshot(), assertions);
  for (const [i, event] of events.entries()) {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
    if (done?.[1]) await fakes.settle(done[1], { output: (event as { output?: unknown }).output });
    else if (error?.[1]) await fakes.settle(error[1], { error: (event as { error?: unknown }).error });
    else if (after?.[1]) {
      if (!clock) throw new Error('A delayed transition needs a SimulatedClock');
      const ms = Number.isNaN(Number(after[1])) ? delays[after[1]] : Number(after[1]);
      if (ms === undefined) throw new Error(`Unknown delay "${after[1]}"`);
      clock.increment(ms);
      await flush();
    } else {
      actor.send(event);
      await flush();
    }
    const modelSnapshot = expected[i] as AnyMachineSnapshot;
    const actual = actor.getSnapshot();
    if (JSON.stringify(actual.value) !== JSON.stringify(modelSnapshot.value)) {
      throw new Error(
        `After ${event.type}: real machine is in ${JSON.stringify(actual.value)}, model expects ${JSON.stringify(modelSnapshot.value)}`,
      );
    }
    // Contexts may hold errors and functions; compare their JSON form.
    const actualContext = JSON.stringify((actual as { context?: unknown }).context);
    if (actualContext !== JSON.stringify(modelSnapshot.context)) {
      throw new Error(`After ${event.type}: context ${actualContext} differs from the model's`);
    }
    assertActiveStates(modelSnapshot, actual, assertions);
  }
}

function initialSnapshot(coverage: Coverage, input: unknown): AnyMachineSnapshot {
  return initialTransition(coverage.machineModel.model, input as never)[0] as AnyMachineSnapshot;
}

/**
 * Prints a coverage line and stores the summary under .cache/model-coverage/ so the run's report
 * (scripts/coverage-report.ts) can build the table of every machine at both layers.
 */
export function reportCoverage(summary: CoverageSummary): void {
  console.log(formatCoverage(summary));
  if (summary.missingTransitions.length > 0) {
    console.log(`  transitions not reached: ${summary.missingTransitions.join(', ')}`);
  }
  const dir = join(process.cwd(), '.cache', 'model-coverage');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${summary.machine}.${summary.layer}.json`), JSON.stringify(summary, null, 2));
}

/**
 * The one coverage teardown: reports a layer's coverage and fails unless every state was reached,
 * and every transition too at the machine layer (or when `allTransitions` is asked of the browser).
 */
export function expectFullCoverage(
  coverage: Coverage,
  layer: 'machine' | 'browser',
  { allTransitions = layer === 'machine' }: { allTransitions?: boolean } = {},
): void {
  const summary = coverage.summary(layer);
  reportCoverage(summary);
  expect(summary.missingStates).toEqual([]);
  if (allTransitions) expect(summary.missingTransitions).toEqual([]);
}

/**
 * The machine layer's cases, for every input of the flow's fixtures: for each distinct step — a
 * transition taken with a given event (payload included), or an event a state refuses — the shortest
 * path that ends with it, plus the shortest path to every state not yet reached (final states accept
 * no event). A path that ends with a step an earlier (shorter) case already took proves nothing new,
 * so it is not run: the cases grow with the machine's transitions, not with its reachable contexts.
 * Each case is named after its input and its events. Every machine test builds its cases here.
 */
export function casesForInputs<I>(
  machineModel: MachineModel,
  fixtures: FlowFixtures<I>,
): Array<{ name: string; input: I; path: ModelPath }> {
  const events = eventsOf(fixtures as FlowFixtures<unknown>);
  return Object.entries(fixtures.inputs).flatMap(([name, createInput]) => {
    const input = createInput();
    return distinctPaths(machineModel, events, input).map((path) => ({
      name: `${name}: ${path.description}`,
      input,
      path,
    }));
  });
}

/** The shortest path for each distinct last step, and to each state (see casesForInputs). */
export function distinctPaths(
  machineModel: MachineModel,
  events: AnyEventObject[],
  input: unknown,
): ModelPath[] {
  const { model } = machineModel;
  const byLength = (a: ModelPath, b: ModelPath) => a.steps.length - b.steps.length;
  const chosen: ModelPath[] = [];
  const reached = new Set<string>();
  for (const path of modelPaths(machineModel, events, 'shortest', input).sort(byLength)) {
    const last = path.steps.at(-1)?.state;
    const fresh = last ? leafStateIds(last).filter((id) => !reached.has(id)) : [];
    if (path.steps.length > 0 && fresh.length === 0) continue;
    for (const id of fresh) reached.add(id);
    chosen.push(path);
  }
  const seenSteps = new Set<string>();
  for (const path of modelPaths(machineModel, events, 'transitions', input).sort(byLength)) {
    const steps = path.steps.map((s) => s.event);
    const lastEvent = steps.at(-1) as AnyEventObject;
    // The graph keeps the model's snapshot after every step: the state the last event met.
    const from =
      path.steps.at(-2)?.state ?? (initialTransition(model, input as never)[0] as AnyMachineSnapshot);
    const [, actions] = transition(model, from as never, lastEvent as never) as [unknown, unknown[]];
    const taken = (actions as Array<{ type?: string; params?: { key?: string } }>)
      .filter((a) => a.type === COVERED)
      .map((a) => a.params?.key)
      .join('|');
    // A refused event is worth one case per state that refuses it.
    const key = `${taken || `refused in ${leafStateIds(from).join('|')}`} ${JSON.stringify(lastEvent)}`;
    if (seenSteps.has(key)) continue;
    seenSteps.add(key);
    chosen.push(path);
  }
  return chosen;
}

/** One generated case, as a machine's model test receives it. */
export interface ModelCase<I> {
  input: I;
  path: ModelPath;
  /** The path's events, in order. */
  events: AnyEventObject[];
  /** Fresh fakes for this case's actors. */
  fakes: FakeActors;
  /** The machine layer's coverage. */
  coverage: Coverage;
  /**
   * `replayOnActor` for this case: its coverage, input, events and (unless the test starts its
   * own) fakes are filled in, the test gives its actor and assertions.
   */
  replay<T>(
    options: Omit<ReplayOptions<T>, 'coverage' | 'input' | 'events' | 'fakes'> & { fakes?: FakeActors },
  ): Promise<void>;
}

/**
 * The model test of one machine, written once: the distinct cases from the flow's fixtures (see
 * casesForInputs), each run with fresh fakes, and full coverage of states and transitions checked
 * after the last. The test file states only what is particular to its machine: how its actor starts
 * with the fakes and what each state asserts (`runCase`), and, where the fixtures combine inputs and
 * answers that cannot happen together, which cases to `keep`.
 */
export function describeModel<I>(
  machine: AnyStateMachine,
  fixtures: FlowFixtures<I>,
  runCase: (modelCase: ModelCase<I>) => Promise<void>,
  { keep = () => true }: { keep?: (modelCase: { input: I; path: ModelPath }) => boolean } = {},
): void {
  const coverage = new Coverage(toModelMachine(machine));
  const cases = casesForInputs(coverage.machineModel, fixtures).filter(keep);
  describe(`${machine.id} machine (model-based)`, () => {
    afterAll(() => expectFullCoverage(coverage, 'machine'));
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, { input, path }) => {
      const events = path.steps.map((s) => s.event);
      const fakes = new FakeActors();
      await runCase({
        input,
        path,
        events,
        fakes,
        coverage,
        replay: (options) => replayOnActor({ coverage, input, events, fakes, ...options }),
      });
    });
  });
}
