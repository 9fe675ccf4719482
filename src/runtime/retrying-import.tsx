import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement } from 'react';

/** Waits between attempts; a dropped connection or a restarting server often answers a moment later. */
const RETRY_DELAYS_MS = [400, 1_200];

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    // Back online: try at once rather than sit out the delay.
    window.addEventListener('online', done, { once: true });
  });

/**
 * Loads a module, trying again twice after a failure (a code chunk that did not arrive). Browsers
 * fetch a failed dynamic import afresh on the next call, so a retry is a real second request.
 */
export async function retryingImport<M>(load: () => Promise<M>): Promise<M> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await load();
    } catch {
      await wait(delay);
    }
  }
  return load();
}

/** The lazy component to render now; replaced after a failed load. */
interface LazySlot<P> {
  current: LazyExoticComponent<ComponentType<P>>;
}

function LazyFromSlot<P extends object>({ slot, props }: { slot: LazySlot<P>; props: P }) {
  const Current = slot.current;
  return <Current {...props} />;
}

/** Lazy components whose load failed, given a fresh start by `retryFailedLoads`. */
const failedSlots = new Set<() => void>();

/**
 * Lets every lazy component whose code failed to load try again on its next render. The error
 * screen's Try again calls it before rendering the page afresh.
 */
export function retryFailedLoads(): void {
  for (const restart of failedSlots) restart();
  failedSlots.clear();
}

/**
 * React.lazy with retries that can be tried again: React.lazy keeps a failed load forever, so after
 * a failure the slot is swapped for a fresh lazy component when the student asks (Try again). Not
 * at once: React renders the component again to throw the failure, and a fresh load there would
 * retry in a loop and never show the error. The failure is thrown while rendering, for the route's
 * error screen (src/app/router.tsx).
 */
export function retryingLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): (props: P) => ReactElement {
  const fresh = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      retryingImport(load).catch((error: unknown) => {
        failedSlots.add(() => {
          slot.current = fresh();
        });
        throw error;
      }),
    );
  const slot: LazySlot<P> = { current: fresh() };
  return (props: P) => <LazyFromSlot slot={slot} props={props} />;
}
