import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { machines } from '../../machines/index';

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

describe.each(Object.entries(machines))('machine contract: %s', (id, machine) => {
  it('is registered under its own id', () => {
    expect(machine.id).toBe(id);
  });

  it('describes every state in one sentence', () => {
    const missing = allNodes(machine.root)
      .filter((n) => !n.description?.trim())
      .map((n) => n.id);
    expect(missing).toEqual([]);
  });

  it('gives every invoke an explicit id equal to its source', () => {
    const invokes = allNodes(machine.root).flatMap((n) =>
      (n.invoke ?? []).map((i: { id: string; src: unknown }) => ({ state: n.id, id: i.id, src: i.src })),
    );
    for (const invoke of invokes) {
      // An invoke without an id gets a generated one like "0.auth.checking"; that breaks the model tests.
      expect(invoke.id, `invoke in ${invoke.state}`).toBe(invoke.src);
    }
  });
});
