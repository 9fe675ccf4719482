/**
 * Helpers for driving model paths through the browser layer: which paths to run (few runs, every
 * state and transition) and a gate that holds the page's remote-procedure calls until a driver lets
 * one through, so busy states are observable and each backend answer can be chosen.
 */
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { Coverage, leafStateIds, type MachineModel, type ModelPath, modelPaths } from './model';

/**
 * Transitions a browser cannot cause (each with its reason in docs/testing.md): a path that takes
 * one is never chosen, so the others are reached by paths the browser can drive.
 */
export interface PathLimits {
  undriven?: ReadonlySet<string>;
}

function drivableOnly(model: MachineModel, input: unknown, { undriven }: PathLimits) {
  return (path: ModelPath) => {
    if (!undriven?.size) return true;
    const probe = new Coverage(model);
    probe.replay(
      path.steps.map((s) => s.event),
      input,
    );
    return [...probe.transitions].every((t) => !undriven.has(t));
  };
}

/** The shortest path to each state: every state once, as few browser runs as possible. */
export function onePathPerState(
  model: MachineModel,
  events: AnyEventObject[],
  input: unknown,
  limits: PathLimits = {},
): ModelPath[] {
  const paths = modelPaths(model, events, 'shortest', input)
    .filter(drivableOnly(model, input, limits))
    .sort((a, b) => a.steps.length - b.steps.length);
  const chosen: ModelPath[] = [];
  const reached = new Set<string>();
  for (const path of paths) {
    const last = path.steps.at(-1)?.state;
    if (!last) continue;
    const fresh = leafStateIds(last).filter((id) => !reached.has(id));
    if (fresh.length === 0) continue;
    for (const id of fresh) reached.add(id);
    chosen.push(path);
  }
  return chosen;
}

/**
 * The shortest path to each state (every state once), then, for each transition those paths miss,
 * the shortest path that takes it: few browser runs, every state and transition (but `undriven`).
 */
export function browserPaths(
  model: MachineModel,
  events: AnyEventObject[],
  input: unknown,
  limits: PathLimits = {},
): ModelPath[] {
  const chosen = onePathPerState(model, events, input, limits);
  const eventsOf = (path: ModelPath) => path.steps.map((s) => s.event);
  const scratch = new Coverage(model);
  for (const path of chosen) scratch.replay(eventsOf(path), input);
  const candidates = modelPaths(model, events, 'transitions', input)
    .filter(drivableOnly(model, input, limits))
    .sort((a, b) => a.steps.length - b.steps.length);
  for (const path of candidates) {
    const probe = new Coverage(model);
    probe.replay(eventsOf(path), input);
    if ([...probe.transitions].every((t) => scratch.transitions.has(t))) continue;
    scratch.replay(eventsOf(path), input);
    chosen.push(path);
  }
  return chosen;
}

/**
 * Holds the page's remote-procedure calls until a driver lets one through, by the last segment of
 * their path (a procedure's name; with `pattern`, e.g. an Edge Function's, the function's name).
 */
export class RpcGate {
  private readonly held = new Map<string, Route[]>();

  static async on(page: Page, pattern = '**/rest/v1/rpc/*'): Promise<RpcGate> {
    const gate = new RpcGate();
    await page.route(pattern, (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const name = new URL(route.request().url()).pathname.split('/').pop() as string;
      gate.held.set(name, [...(gate.held.get(name) ?? []), route]);
    });
    return gate;
  }

  /** Lets the oldest held call of `name` through (waiting until the page has made one). */
  async release(name: string): Promise<void> {
    await expect.poll(() => this.held.get(name)?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const route = this.held.get(name)?.shift() as Route;
    await route.continue();
  }

  /** Fails the oldest held call of `name` at the network, as when the backend cannot be reached. */
  async abort(name: string): Promise<void> {
    await expect.poll(() => this.held.get(name)?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const route = this.held.get(name)?.shift() as Route;
    await route.abort('connectionrefused');
  }

  /** How many calls of `name` are held now. */
  heldCount(name: string): number {
    return this.held.get(name)?.length ?? 0;
  }

  /**
   * Lets the newest held call of `name` through: the one the flow is waiting for when an earlier
   * call was abandoned (e.g. a set's save still held when the student started another set).
   */
  async releaseNewest(name: string): Promise<void> {
    await expect.poll(() => this.held.get(name)?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const route = this.held.get(name)?.pop() as Route;
    await route.continue();
  }
}
