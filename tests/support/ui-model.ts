/**
 * Drives a machine's generated path through the real app in Chromium. The test supplies, per event
 * type, what a student (or the backend) does to cause it, and per state, what the page must show.
 * Coverage is recorded on the model at the 'browser' layer.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { type Coverage, leafStateIds } from './model';

export type UiEventDriver<TPage> = (page: TPage, event: AnyEventObject) => Promise<void>;
export type UiStateCheck<TPage> = (page: TPage) => Promise<void>;

async function check<TPage>(
  page: TPage,
  snapshot: AnyMachineSnapshot,
  states: Record<string, UiStateCheck<TPage>>,
) {
  for (const id of leafStateIds(snapshot)) {
    const assertion = states[id];
    if (!assertion) throw new Error(`No browser assertion for state "${id}": every state needs one`);
    await assertion(page);
  }
}

export interface UiPathOptions<TPage> {
  page: TPage;
  coverage: Coverage;
  events: AnyEventObject[];
  input?: unknown;
  /** Causes each event (clicks, typing, or nothing when the backend's answer is the event). */
  drivers: Partial<Record<string, UiEventDriver<TPage>>>;
  /**
   * What the page shows in each state; waits as needed (the backend answers asynchronously). The
   * state before the first event is the caller's to check: it is often transient.
   */
  states: Record<string, UiStateCheck<TPage>>;
}

/**
 * Replays `events` on the page; after each one the page must show the model's next state. A step
 * counts towards the browser layer's coverage only once its check has passed.
 */
export async function driveUiPath<TPage>(options: UiPathOptions<TPage>): Promise<void> {
  const { page, coverage, events, input, drivers, states } = options;
  for (const [i, event] of events.entries()) {
    const drive = drivers[event.type];
    if (!drive) throw new Error(`No browser driver for event "${event.type}"`);
    await drive(page, event);
    const expected = coverage.expected(events.slice(0, i + 1), input).at(-1) as AnyMachineSnapshot;
    await check(page, expected, states);
    coverage.replay(events.slice(0, i + 1), input);
  }
  if (events.length === 0) coverage.replay([], input);
}
