/** The browser layer's fixed ports: a port taken for a moment delays the start, one kept taken fails it clearly. */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startOnFixedPort } from '../support/fixed-port';
import { serveStatic } from '../support/static-server';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Another process's listener on a free port (what the run meets under load). */
async function holdAPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = createServer();
  servers.push(holder);
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as { port: number };
  return { port, release: () => new Promise<void>((resolve) => holder.close(() => resolve())) };
}

describe('startOnFixedPort', () => {
  it('starts once the port is let go, trying again on EADDRINUSE', async () => {
    const { port, release } = await holdAPort();
    let attempts = 0;
    const app = await startOnFixedPort('the app server', port, async () => {
      attempts += 1;
      const started = serveStatic('public', port);
      // The holder lets go after the first refusal.
      if (attempts === 1)
        await started.catch(async (error) => {
          await release();
          throw error;
        });
      return started;
    });
    expect(attempts).toBe(2);
    expect(app.url).toBe(`http://127.0.0.1:${port}`);
    await app.close();
  });

  it('fails naming the port when it stays taken', async () => {
    const { port } = await holdAPort();
    await expect(
      startOnFixedPort('the app server', port, () => serveStatic('public', port), { withinMs: 200 }),
    ).rejects.toThrow(`the app server: port ${port} stayed in use for 200 ms`);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      startOnFixedPort('the backend', 1, async () => {
        attempts += 1;
        throw new Error('snapshot missing');
      }),
    ).rejects.toThrow('snapshot missing');
    expect(attempts).toBe(1);
  });
});
