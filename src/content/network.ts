/**
 * What a student reads when a request never reached the server, instead of the browser's
 * "TypeError: Failed to fetch" (docs/decisions/090-look-and-honest-copy.md).
 */
export const networkCopy = {
  offline:
    'You seem to be offline, so PN Prep could not reach its server. Check your Wi-Fi or mobile data, then press Try again.',
  unreachable:
    'PN Prep could not reach its server. Your connection seems to work, so the server may be restarting or busy: wait a few seconds, then press Try again.',
} as const;
