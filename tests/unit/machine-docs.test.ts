import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine';
import { machines } from '../../machines/index';
import { machineMarkdown, toMermaid } from '../../machines/shared/machine-chart';

describe('generated flow charts', () => {
  it.each(Object.keys(machines))('docs/machines/%s.md matches the machine', (id) => {
    const committed = readFileSync(join(process.cwd(), 'docs', 'machines', `${id}.md`), 'utf8');
    expect(committed).toBe(machineMarkdown(machines[id] as never));
  });

  it('changes when a machine changes, so the freshness check catches unregenerated charts', () => {
    const changed = createMachine({
      ...(authMachine.config as object),
      states: {
        ...(authMachine.config.states as object),
        locked: { description: 'A state added without regenerating the chart.' },
      },
    } as never);
    expect(machineMarkdown(changed)).not.toBe(machineMarkdown(authMachine));
    expect(machineMarkdown(changed)).toContain('A state added without regenerating the chart.');
  });

  it('draws invokes, guards and the initial state', () => {
    const chart = toMermaid(authMachine);
    expect(chart).toContain('[*] --> auth_checking');
    expect(chart).toContain('auth_checking --> auth_signedIn : done(getSession) [hasSession]');
    expect(chart).toContain('auth_signingOut --> auth_signedOut : error(signOut)');
  });
});
