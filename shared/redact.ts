/**
 * Redaction for what the Stately inspector sends out of the page: sign-in tokens, link codes and
 * hashes, passwords and email addresses never leave it, wherever they sit (context, events, the
 * input and output of invoked actors, error messages, URLs). The local backend's log uses the same
 * `redactCredentials` (server/index.ts), so this lives in shared/, below both.
 */

/** Keys whose values are secrets or personal data, whatever the value looks like. */
const SECRET_KEYS = /token|password|confirmation|email|code|hash|secret|otp|jwt|authorization|api_?key/i;
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
/** Secrets carried in URLs: ?token_hash=…, &code=…, #access_token=… */
const URL_SECRET = /([?&#](?:token_hash|token|code|access_token|refresh_token|otp)=)[^&#\s"']+/gi;
const MAX_DEPTH = 12;

/**
 * Secret values already met under a secret key (e.g. the link's code in the flow's input): they are
 * also removed from free text later, such as an error message that repeats the code.
 */
const knownSecrets = new Set<string>();
const MAX_KNOWN_SECRETS = 200;

function remember(secret: unknown) {
  if (typeof secret !== 'string' || secret.length < 6 || knownSecrets.has(secret)) return;
  if (knownSecrets.size >= MAX_KNOWN_SECRETS)
    knownSecrets.delete(knownSecrets.values().next().value as string);
  knownSecrets.add(secret);
}

/**
 * A string with its credentials replaced: URL secrets (?token_hash=…, #access_token=…) and JWTs.
 * The local backend's log goes through this too, so no emailed token or session reaches it.
 */
export function redactCredentials(text: string): string {
  return text.replace(URL_SECRET, '$1[redacted]').replace(JWT, '[redacted token]');
}

/** A string with known secrets, emails, JWTs and URL secrets replaced. */
export function redactString(text: string): string {
  let out = text;
  for (const secret of knownSecrets) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
  return redactCredentials(out).replace(EMAIL, '[redacted email]');
}

function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/**
 * A plain, cloneable copy of `value` with secrets replaced: values under secret keys become
 * '[redacted]', strings lose emails, tokens and URL secrets, errors keep only name and message,
 * actor references become their ids, functions their names, objects with `toJSON` (snapshots)
 * their JSON form; cycles and depth are cut.
 */
export function redact(value: unknown, seen: WeakSet<object> = new WeakSet(), depth = 0): unknown {
  if (typeof value === 'string') return redactString(value);
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (value instanceof Error) return { name: value.name, message: redactString(value.message) };
    if (isActorRef(value)) return { actor: value.id, sessionId: value.sessionId };
    if (Array.isArray(value)) return value.map((item) => redact(item, seen, depth + 1));
    if (value instanceof Map) return redact(Object.fromEntries(value), seen, depth + 1);
    if (value instanceof Set) return redact([...value], seen, depth + 1);
    if (value instanceof Date) return value.toISOString();
    // Snapshots serialize themselves without their machine and internals.
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return redact(toJSON.call(value), seen, depth + 1);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEYS.test(key) && item != null) {
        remember(item);
        out[key] = '[redacted]';
      } else {
        out[key] = redact(item, seen, depth + 1);
      }
    }
    return out;
  } finally {
    // Only ancestors count as cycles: the same object twice side by side is copied twice.
    seen.delete(value);
  }
}

/**
 * Redacts a whole inspection event as the inspector is about to post it. The machine definition
 * (its static config, drawn by the inspector) is kept as is.
 */
export function redactInspectionEvent<T>(event: T): T {
  if (!event || typeof event !== 'object') return event;
  const { definition, ...rest } = event as Record<string, unknown>;
  const redacted = redact(rest) as Record<string, unknown>;
  return (definition === undefined ? redacted : { ...redacted, definition }) as T;
}
