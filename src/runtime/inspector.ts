import type { InspectionEvent, Observer } from 'xstate';

/**
 * The Stately inspector hook for actors. Off unless VITE_XSTATE_INSPECT=1 in a development build
 * (never under the test runner); the import is behind a compile-time condition so production
 * bundles contain none of it. Every actor the app starts passes it (`useMachine(…, { inspect })`).
 */
export let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

if (import.meta.env.DEV && import.meta.env.MODE !== 'test' && import.meta.env.VITE_XSTATE_INSPECT === '1') {
  const queue: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | undefined;
  inspect = (event) => (forward ? forward(event) : queue.push(event));
  void import('./inspector.dev').then(({ createRedactingInspector }) => {
    forward = createRedactingInspector();
    for (const event of queue.splice(0)) forward(event);
  });
}
