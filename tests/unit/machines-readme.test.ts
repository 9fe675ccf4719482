import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { stateRows } from '../../machines/shared/machine-chart';

const readme = readFileSync(join(process.cwd(), 'docs', 'machines', 'README.md'), 'utf8');

/** The state paths named in the first column of each machine's "what the student sees" table. */
function namedStates(): Map<string, string[]> {
  const named = new Map<string, string[]>();
  let current: string | null = null;
  for (const line of readme.split('\n')) {
    const heading = /^### `([^`]+)`/.exec(line);
    if (heading?.[1]) {
      current = heading[1];
      named.set(current, []);
      continue;
    }
    const cell = /^\| ((?:`[^`]+`(?: \/ )?)+) \|/.exec(line);
    if (current && cell?.[1]) {
      for (const m of cell[1].matchAll(/`([^`]+)`/g)) if (m[1]) named.get(current)?.push(m[1]);
    }
  }
  return named;
}

describe('docs/machines/README.md (the QA index)', () => {
  const named = namedStates();

  it('links and describes every machine of the registry', () => {
    for (const id of Object.keys(machines)) {
      expect(readme).toContain(`](${id}.md)`);
      expect(named.get(id)?.length, id).toBeGreaterThan(0);
    }
  });

  it('names only states that exist, so it cannot silently go stale', () => {
    for (const [id, states] of named) {
      const machine = machines[id];
      expect(machine, id).toBeDefined();
      const paths = new Set(stateRows(machine as never).map((r) => r.path));
      expect(
        states.filter((s) => !paths.has(s)),
        id,
      ).toEqual([]);
    }
  });
});
