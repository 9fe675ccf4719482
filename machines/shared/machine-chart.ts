/**
 * Turns a machine definition into a Mermaid state diagram and a table of its states. Used by the
 * docs generator (docs/machines/*.md) and by the /dev/flows page, so QA and developers read the
 * same chart.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

interface TransitionLike {
  eventType: string;
  target?: ReadonlyArray<{ id: string }>;
  guard?: unknown;
}

/** Mermaid ids cannot contain dots or dashes. */
export function mermaidId(stateId: string): string {
  return stateId.replace(/[^A-Za-z0-9_]/g, '_');
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'function') return guard.name ? ` [${guard.name}]` : ' [guard]';
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String(guard.type)}]`;
  if (typeof guard === 'string') return ` [${guard}]`;
  return ' [guard]';
}

/** A readable label for a transition's event. */
export function eventLabel(eventType: string, delays: Record<string, unknown> = {}): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done(${done[1]})`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error(${error[1]})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after?.[1]) {
    const raw = Number.isNaN(Number(after[1])) ? delays[after[1]] : Number(after[1]);
    return typeof raw === 'number'
      ? `after ${raw >= 1000 ? `${raw / 1000}s` : `${raw}ms`}`
      : `after ${after[1]}`;
  }
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (stateDone) return 'done';
  return eventType === '' ? 'always' : eventType;
}

function transitionsOf(node: AnyStateNode): TransitionLike[] {
  const all: TransitionLike[] = [];
  for (const list of node.transitions.values()) all.push(...(list as TransitionLike[]));
  for (const t of (node.always ?? []) as TransitionLike[]) all.push({ ...t, eventType: '' });
  return all;
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

export interface StateRow {
  id: string;
  path: string;
  description: string;
  tags: string[];
  invokes: string[];
}

/** Every state node under the root (root excluded), depth first in document order. */
export function stateRows(machine: AnyStateMachine): StateRow[] {
  const rows: StateRow[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of childrenOf(node)) {
      rows.push({
        id: child.id,
        path: child.path.join('.'),
        description: child.description ?? '',
        tags: [...(child.tags ?? [])],
        invokes: (child.invoke ?? []).map((i: { id: string }) => i.id),
      });
      walk(child);
    }
  };
  walk(machine.root);
  return rows;
}

/** Mermaid stateDiagram-v2 text for the machine. */
export function toMermaid(machine: AnyStateMachine): string {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const lines: string[] = ['stateDiagram-v2'];
  const edges: string[] = [];

  const emitNode = (node: AnyStateNode, indent: string) => {
    const children = childrenOf(node);
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial.id)}`);
    for (const child of children) {
      const id = mermaidId(child.id);
      const name = child.key;
      if (childrenOf(child).length > 0) {
        lines.push(`${indent}state "${name}" as ${id} {`);
        emitNode(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${name}" as ${id}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    }
  };
  emitNode(machine.root, '  ');

  const collectEdges = (node: AnyStateNode) => {
    for (const t of transitionsOf(node)) {
      const label = `${eventLabel(t.eventType, delays)}${guardLabel(t.guard)}`;
      const source = node === machine.root ? null : mermaidId(node.id);
      const targets =
        t.target && t.target.length > 0 ? t.target.map((n) => mermaidId(n.id)) : source ? [source] : [];
      if (!source) continue; // root-level events are listed in the table instead
      for (const target of targets) edges.push(`  ${source} --> ${target} : ${label}`);
    }
    for (const child of childrenOf(node)) collectEdges(child);
  };
  collectEdges(machine.root);
  return [...lines, ...edges].join('\n');
}

/** Events the root handles in every state (shown under the chart, since Mermaid has no edge for them). */
export function rootEvents(machine: AnyStateMachine): string[] {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  return transitionsOf(machine.root).map((t) => {
    const targets = t.target?.map((n) => n.id).join(', ');
    return `${eventLabel(t.eventType, delays)}${guardLabel(t.guard)}${targets ? ` → ${targets}` : ''}`;
  });
}

/** The whole generated Markdown page for one machine. */
export function machineMarkdown(machine: AnyStateMachine): string {
  const rows = stateRows(machine);
  const escapeCell = (s: string) => s.replace(/\|/g, '\\|');
  const rootInvokes = (machine.root.invoke ?? []).map((i: { id: string }) => i.id);
  const globalEvents = rootEvents(machine);
  return [
    `# \`${machine.id}\` flow`,
    '',
    '<!-- Generated by `npm run docs:machines` from the machine definition. Do not edit by hand. -->',
    '',
    machine.root.description ?? '',
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
    ...(rootInvokes.length > 0
      ? [`Runs for the whole flow: ${rootInvokes.map((i) => `\`${i}\``).join(', ')}.`, '']
      : []),
    ...(globalEvents.length > 0
      ? [`Handled in every state: ${globalEvents.map((e) => `\`${e}\``).join(', ')}.`, '']
      : []),
    '| State | What the student sees / what happens | Tags | Calls |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${escapeCell(r.description)} | ${r.tags.join(', ')} | ${r.invokes.map((i) => `\`${i}\``).join(', ')} |`,
    ),
    '',
  ].join('\n');
}
