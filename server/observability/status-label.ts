/**
 * The HTTP statuses counted by value in `http_response_status_code`: those the spec and this server
 * write themselves (499: the client left first). A proxied gateway can answer with any status, so
 * any other is counted by its class, and the label set stays closed whatever the gateway does.
 */
const KNOWN_STATUSES = new Set([
  200, 204, 206, 301, 302, 304, 400, 401, 403, 404, 405, 408, 413, 416, 417, 429, 431, 499, 500, 502, 503, 504, 507,
]);

/** The status classes an unknown status falls into; '5xx' still matches a `=~"5.."` matcher. */
type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'other';
const CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];

/** The `http_response_status_code` label of a status: itself when known, else its class. */
export function statusLabel(status: number): string {
  if (KNOWN_STATUSES.has(status)) return String(status);
  const hundreds = Math.floor(status / 100);
  return Number.isInteger(status) && hundreds >= 2 && hundreds <= 5 ? CLASSES[hundreds - 2]! : 'other';
}
