/**
 * What a failed call shows, decided in one place: every machine that keeps an `error` in context
 * (set by its `rememberError` action, shown with Try again) names `rememberFailure` on an invoke's
 * `onError`, so the backend's message, or the generic one, becomes the flow's error the same way.
 */
import { errorMessage } from './messages';

/** The `onError` action of an invoke: the failure's message becomes the flow's error. */
export const rememberFailure = {
  type: 'rememberError',
  params: ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error) }),
} as const;
