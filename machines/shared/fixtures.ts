import type { AnyEventObject } from 'xstate';
import type { SessionInfo } from './ports';

/**
 * Example data of one flow, in one place: its machine tests walk these inputs and events, the
 * browser tests reuse them where they need the same data, and /dev/flows offers them as presets, so
 * a path clicked in the simulator replays in a model test unchanged.
 */
export interface FlowFixtures<TInput = unknown> {
  /** Inputs the flow starts from, by a name people read; a function so every run gets a fresh one. */
  inputs: Record<string, () => TInput>;
  /** Every event the flow accepts, with the payload variants worth exploring, labelled for people. */
  events: LabelledEvent[];
}

export interface LabelledEvent {
  label: string;
  event: AnyEventObject;
}

/** A backend answer to an invoked actor: the event the real actor receives when it resolves. */
export function done(actor: string, output: unknown, label: string): LabelledEvent {
  return { label, event: { type: `xstate.done.actor.${actor}`, output } };
}

/** A backend refusal or failure of an invoked actor. */
export function failed(actor: string, error: Error): LabelledEvent {
  return {
    label: error.message ? `error: ${error.message}` : 'error without a message',
    event: { type: `xstate.error.actor.${actor}`, error },
  };
}

/** An event without a payload, labelled by its type (the simulator then shows the type alone). */
export function plain(type: string): LabelledEvent {
  return { label: type, event: { type } };
}

/** A delay running out (`after`) in a state. */
export function elapsed(delay: string, stateId: string, label: string): LabelledEvent {
  return { label, event: { type: `xstate.after.${delay}.${stateId}` } };
}

/** The events alone, in order (what the model-based tests explore). */
export function eventsOf(fixtures: FlowFixtures<unknown>): AnyEventObject[] {
  return fixtures.events.map((e) => e.event);
}

/** Students the fixtures sign in: one with an email, one without (the spec's 'Account' case). */
export const ada: SessionInfo = { userId: '6f1c7a2e-0b7d-4a44-9d0e-2f5b8f3c1a90', email: 'ada@example.com' };
export const grace: SessionInfo = { userId: '0c9d8e7f-1a2b-4c3d-8e9f-0a1b2c3d4e5f', email: null };
