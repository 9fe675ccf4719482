/**
 * Listening on the browser layer's fixed ports. The global setup picks free ports for each worker of
 * the run and bakes the worker's backend port into its build, but it cannot hold them: each test
 * file starts its own backend and app server on its worker's ports later, and between files (or before the first) another process on
 * a loaded machine may bind the same port for a moment (an ephemeral outgoing connection, another
 * run's probe). A start that meets EADDRINUSE is therefore tried again, backing off, until the
 * port is free or the time is up; then it fails saying which port stayed taken.
 */

const isAddressInUse = (error: unknown) => (error as { code?: unknown } | null)?.code === 'EADDRINUSE';

/** How long a port may stay taken before the start fails (a passing holder lets go within ms). */
export const PORT_WAIT_MS = 20_000;

export async function startOnFixedPort<T>(
  what: string,
  port: number,
  start: () => Promise<T>,
  { withinMs = PORT_WAIT_MS }: { withinMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + withinMs;
  let pause = 25;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
      if (Date.now() + pause > deadline) {
        throw new Error(
          `${what}: port ${port} stayed in use for ${withinMs} ms (${attempt} attempts). Another process holds it; ` +
            'the built app points at this port, so the run cannot move to another one. Free it or set UI_BACKEND_PORTS / UI_APP_PORTS.',
          { cause: error },
        );
      }
      // Back off (25 ms, doubling, at most 1 s) until the holder lets go of the port.
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 1_000);
    }
  }
}
