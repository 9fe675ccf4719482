/**
 * What a failed call shows, decided in one place: every machine that keeps an `error` in context
 * (set by its `rememberError` action, shown with Try again) names `rememberFailure` on an invoke's
 * `onError`, so the backend's message, or the generic one, becomes the flow's error the same way.
 */
import { assign, type EventObject } from 'xstate';
import { errorMessage } from './messages';

/** The `onError` action of an invoke: the failure's message becomes the flow's error. */
export const rememberFailure = {
  type: 'rememberError',
  params: ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error) }),
} as const;

/**
 * The two actions of a flow's `error`, defined once: `setup({ actions: { ...errorActions<Context,
 * Event>() } })`. Typed by the flow's context and events, so XState's inference of the machine stays
 * as it is with actions spelled inline.
 */
export function errorActions<TContext extends { error: string | null }, TEvent extends EventObject>() {
  return {
    rememberError: assign<TContext, TEvent, { message: string }, TEvent, never>(
      (_, params) => ({ error: params.message }) as Partial<TContext>,
    ),
    clearError: assign<TContext, TEvent, undefined, TEvent, never>(
      () => ({ error: null }) as Partial<TContext>,
    ),
  };
}
