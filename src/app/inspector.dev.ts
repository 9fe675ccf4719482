import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

const SECRET_KEYS = /token|password|email|code|hash|secret/i;

/** Replaces secrets and emails anywhere in a value before it leaves the page. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEYS.test(k) && v != null ? '[redacted]' : redact(v),
      ]),
    );
  }
  if (typeof value === 'string' && /\S+@\S+\.\S+/.test(value)) return '[redacted email]';
  return value;
}

/** Opens the Stately inspector and forwards actor events to it with secrets redacted. */
export function createRedactingInspector() {
  const inspector = createBrowserInspector({
    sanitizeEvent: (event) => redact(event) as typeof event,
    sanitizeContext: (context) => redact(context) as typeof context,
  });
  return (event: InspectionEvent) => inspector.inspect.next?.(event);
}
