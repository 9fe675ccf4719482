/**
 * The pure half of the /dev/flows simulator: which events a snapshot of a model machine accepts
 * (with their payload presets), the chart with the active states highlighted, the context as
 * text, and the history as a model-test path. The page only renders what these return.
 */
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type InspectionEvent,
  type Observer,
} from 'xstate';
import { eventLabel, mermaidId, toMermaid } from '../../../machines/shared/machine-chart';
import type { EventPreset, FlowPresets } from './presets';

export interface EventChoice extends EventPreset {
  /** `snapshot.can(event)`: the model would take a transition for it. */
  enabled: boolean;
}

export interface EventGroup {
  type: string;
  /** done(x), error(x), after 3s, or the event type itself. */
  title: string;
  choices: EventChoice[];
}

/** The events the snapshot's active states accept, each with its presets and whether it can be taken. */
export function eventGroups(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, presets: FlowPresets) {
  if (snapshot.status !== 'active') return [];
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const types = [...new Set(__unsafe_getAllOwnEventDescriptors(snapshot) as string[])];
  return types.map((type): EventGroup => {
    const title = eventLabel(type, delays);
    const list = presets.events[type] ?? [{ label: title, event: { type } }];
    return {
      type,
      title,
      choices: list.map((preset) => ({ ...preset, enabled: snapshot.can(preset.event) })),
    };
  });
}

/** The machine's chart with a class on the active leaf states, so Mermaid draws them highlighted. */
export function highlightedChart(machine: AnyStateMachine, activeIds: string[]): string {
  const lines = [toMermaid(machine)];
  if (activeIds.length > 0) {
    lines.push('  classDef active fill:#fff3bf,stroke:#d9480f,stroke-width:4px,color:#000,font-weight:bold');
    for (const id of activeIds) lines.push(`  class ${mermaidId(id)} active`);
  }
  return lines.join('\n');
}

/** Context as readable JSON: functions and errors, which JSON drops or empties, are spelled out. */
export function formatContext(context: unknown): string {
  return JSON.stringify(
    context,
    (_key, value: unknown) => {
      if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
      if (value instanceof Error) return { name: value.name, message: value.message };
      if (value === undefined) return '[undefined]';
      return value;
    },
    2,
  );
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** A TypeScript literal for a value from an event payload. */
export function toLiteral(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Error) {
    const code = (value as Error & { code?: unknown }).code;
    const ctor = value.name === 'BackendError' ? 'BackendError' : 'Error';
    return ctor === 'BackendError' && typeof code === 'string'
      ? `new BackendError(${quote(value.message)}, ${quote(code)})`
      : `new ${ctor}(${quote(value.message)})`;
  }
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, v]) => `${IDENTIFIER.test(key) ? key : quote(key)}: ${toLiteral(v)}`,
    );
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return 'undefined';
}

/** The history as an array literal for a tests/machines file (one event a line). */
export function toModelTestPath(machineId: string, inputLabel: string, events: AnyEventObject[]): string {
  return [
    `// ${machineId}, input: ${inputLabel}`,
    '[',
    ...events.map((event) => `  ${toLiteral(event)},`),
    ']',
  ].join('\n');
}

/** Starts an actor of the model machine and replays `events` on it (the model has no delays or invokes). */
export function startRun(
  model: AnyStateMachine,
  input: unknown,
  events: AnyEventObject[],
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void),
) {
  const actor = createActor(model, { input, ...(inspect ? { inspect } : {}) });
  actor.start();
  for (const event of events) actor.send(event);
  return actor;
}
