/**
 * Inputs and event payloads the /dev/flows simulator offers per machine: the flow's fixtures
 * (machines/<flow>/<flow>.fixtures.ts), the very data its model tests walk, so a path clicked here
 * replays in a model test unchanged. Nothing here touches the network: backend answers are plain
 * `done(x)` / `error(x)` events.
 */
import type { AnyEventObject } from 'xstate';
import { flowFixtures } from '../../../machines/fixtures';

export interface EventPreset {
  label: string;
  event: AnyEventObject;
}

export interface InputPreset {
  label: string;
  /** A fresh input per run, so replaying the history (step back) gives the same snapshots. */
  create: () => unknown;
}

export interface FlowPresets {
  inputs: InputPreset[];
  /** By event type. An accepted event type without presets is offered without a payload. */
  events: Record<string, EventPreset[]>;
}

/** The presets for a machine id (an unknown machine gets one empty input and no payloads). */
export function presetsFor(machineId: string): FlowPresets {
  const fixtures = flowFixtures[machineId];
  if (!fixtures) return { inputs: [{ label: 'No input', create: () => undefined }], events: {} };
  const events: Record<string, EventPreset[]> = {};
  for (const preset of fixtures.events) {
    events[preset.event.type] = [...(events[preset.event.type] ?? []), preset];
  }
  return {
    inputs: Object.entries(fixtures.inputs).map(([label, create]) => ({ label, create })),
    events,
  };
}
