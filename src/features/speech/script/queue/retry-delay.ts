/** The longest wait the queue accepts from a Retry-After: a gateway asking for more is waited for this long, then asked again. */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** Backoff when a 429 says nothing: 1 s, 2 s, 4 s … up to 60 s, each scaled by 0.5–1 (jitter), so queues in several tabs do not retry in step. */
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

/**
 * Milliseconds to wait from a Retry-After header (RFC 9110: whole seconds, or an HTTP date), capped
 * at MAX_RETRY_AFTER_MS; null when it is absent or neither. A date in the past means now (0).
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(MAX_RETRY_AFTER_MS, Number(v) * 1000);
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(v)) return null;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now));
}

/** Exponential backoff with jitter: `retry` counts from 0; `random` is in [0, 1). */
export function backoffMs(retry: number, random: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(retry, 16));
  return Math.round(ceiling * (0.5 + 0.5 * random));
}
