/**
 * The model of a machine: the same config with every `invoke { id, onDone, onError }` turned into
 * `on['xstate.done.actor.<id>'] / on['xstate.error.actor.<id>']` and every `after { d }` into
 * `on['xstate.after.<d>.<stateId>']` — the exact events the real actor receives. Model-based tests
 * traverse it (xstate/graph refuses invokes and delays) and the /dev/flows simulator runs it, so a
 * developer clicks "done: loadQuestions" instead of waiting for a backend.
 *
 * Every transition carries a `model.covered` action naming it, so replaying events through
 * `transition()` tells exactly which transitions ran.
 */
import { type AnyMachineSnapshot, type AnyStateMachine, and, createMachine, or, stateIn } from 'xstate';

type Json = Record<string, unknown>;
type TransitionConfig = Json & { actions?: unknown };

export const COVERED = 'model.covered';

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function normalizeTransitions(value: unknown): TransitionConfig[] {
  return toArray(value as unknown).map((t) =>
    typeof t === 'string' || t === undefined ? { target: t } : { ...(t as Json) },
  );
}

function withCoverage(transitions: TransitionConfig[], stateId: string, eventType: string) {
  return transitions.map((t, index) => ({
    ...t,
    actions: [
      ...toArray(t.actions),
      { type: COVERED, params: { key: transitionKey(stateId, eventType, index) } },
    ],
  }));
}

export function transitionKey(stateId: string, eventType: string, index: number): string {
  return `${stateId} ${eventType || '(always)'}#${index}`;
}

/** A guard true once `node` is done: every region final (parallel), or its active child final. */
function allFinal(node: Json, stateId: string) {
  const children = Object.entries((node.states as Json | undefined) ?? {});
  const finals = (parentId: string, entries: Array<[string, unknown]>) =>
    or(
      entries
        .filter(([, child]) => (child as Json).type === 'final')
        .map(([key, child]) =>
          stateIn(`#${((child as Json).id as string | undefined) ?? `${parentId}.${key}`}`),
        ),
    );
  if (node.type !== 'parallel') return finals(stateId, children);
  return and(
    children.map(([key, region]) => {
      const regionId = ((region as Json).id as string | undefined) ?? `${stateId}.${key}`;
      return finals(regionId, Object.entries(((region as Json).states as Json | undefined) ?? {}));
    }),
  );
}

interface WalkResult {
  config: Json;
  stateIds: string[];
  transitionKeys: string[];
}

/** Rewrites a state node config (and its children) into its model form. */
function rewrite(node: Json, stateId: string, out: WalkResult): Json {
  out.stateIds.push(stateId);
  const copy: Json = { ...node };
  const on: Record<string, TransitionConfig[]> = {};
  for (const [eventType, value] of Object.entries((node.on as Json | undefined) ?? {})) {
    on[eventType] = normalizeTransitions(value);
  }
  for (const invoke of toArray(node.invoke as Json | Json[] | undefined)) {
    const id = invoke.id as string | undefined;
    if (!id) throw new Error(`Invoke in state "${stateId}" has no id`);
    if (invoke.onDone) on[`xstate.done.actor.${id}`] = normalizeTransitions(invoke.onDone);
    if (invoke.onError) on[`xstate.error.actor.${id}`] = normalizeTransitions(invoke.onError);
  }
  for (const [delay, value] of Object.entries((node.after as Json | undefined) ?? {})) {
    on[`xstate.after.${delay}.${stateId}`] = normalizeTransitions(value);
  }
  delete copy.invoke;
  delete copy.after;
  const coveredOn: Record<string, TransitionConfig[]> = {};
  for (const [eventType, transitions] of Object.entries(on)) {
    coveredOn[eventType] = withCoverage(transitions, stateId, eventType);
    transitions.forEach((_, i) => {
      out.transitionKeys.push(transitionKey(stateId, eventType, i));
    });
  }
  copy.on = coveredOn;
  const always: TransitionConfig[] = withCoverage(normalizeTransitions(node.always), stateId, '');
  normalizeTransitions(node.always).forEach((_, i) => {
    out.transitionKeys.push(transitionKey(stateId, '', i));
  });
  // A compound or parallel state's onDone answers the event the machine raises itself once its
  // children are final. Test generators would send that event from outside (xstate/graph offers
  // every event a state accepts), so the model takes these transitions as eventless ones guarded by
  // "every region is in a final state" instead: the same moment, the same targets, never sendable.
  if (node.onDone) {
    const eventType = `xstate.done.state.${stateId}`;
    const finished = allFinal(node, stateId);
    withCoverage(normalizeTransitions(node.onDone), stateId, eventType).forEach((t: TransitionConfig, i) => {
      always.push({ ...t, guard: t.guard ? and([finished, t.guard as never]) : finished });
      out.transitionKeys.push(transitionKey(stateId, eventType, i));
    });
    delete copy.onDone;
  }
  if (always.length > 0) copy.always = always;
  if (node.states) {
    const states: Json = {};
    for (const [key, child] of Object.entries(node.states as Json)) {
      const childId = ((child as Json).id as string | undefined) ?? `${stateId}.${key}`;
      states[key] = rewrite(child as Json, childId, out);
    }
    copy.states = states;
  }
  return copy;
}

export interface MachineModel {
  machine: AnyStateMachine;
  /** The model: same config, invokes and delays turned into plain events. */
  model: AnyStateMachine;
  stateIds: string[];
  transitionKeys: string[];
}

/** Builds the model machine and the list of every state and transition of `machine`. */
export function toModelMachine(machine: AnyStateMachine): MachineModel {
  const out: WalkResult = { config: {}, stateIds: [], transitionKeys: [] };
  const config = machine.config as Json;
  const rootId = (config.id as string | undefined) ?? machine.id;
  const modelConfig = rewrite(config, rootId, out);
  const implementations = machine.implementations as unknown as Json & { actions?: Json };
  const model = createMachine(
    modelConfig as never,
    {
      ...implementations,
      actions: { ...(implementations.actions ?? {}), [COVERED]: () => {} },
    } as never,
  );
  return { machine, model, stateIds: out.stateIds, transitionKeys: out.transitionKeys };
}

/** The ids of a snapshot's active leaf states (where the machine actually is). */
export function leafStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as Array<{ id: string; type: string }>)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id);
}
