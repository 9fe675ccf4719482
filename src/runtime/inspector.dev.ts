import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';
import { redact, redactInspectionEvent } from '../../shared/redact';

export { redact } from '../../shared/redact';

/**
 * Opens the Stately inspector and forwards actor events to it. Everything it posts passes through
 * the redaction (context, events, child actors' input and output), not only context and events.
 * `window` is for tests.
 */
export function createRedactingInspector(options: { window?: Window } = {}) {
  const inspector = createBrowserInspector({
    ...(options.window ? { window: options.window } : {}),
    sanitizeEvent: (event) => redact(event) as typeof event,
    sanitizeContext: (context) => redact(context) as typeof context,
    serialize: (event) => redactInspectionEvent(event),
  });
  return (event: InspectionEvent) => inspector.inspect.next?.(event);
}
