// No React here: the API client, and so the status worker, imports this module (the hook is use-gateway-health.ts).
import type { Connection } from './connection-profile';
import { isAuthRefusal, type GatewayRequestError } from './gateway-error';

export type GatewayHealth =
  | { state: 'unknown' }
  | { state: 'ok'; at: number; scope: string }
  | { state: 'failing'; at: number; scope: string; error: GatewayRequestError };

/** How finely the indicator shows the last OK answer's time. */
const SHOWN_MS = 60_000;

let health: GatewayHealth = { state: 'unknown' };
const listeners = new Set<() => void>();

// Every value the answer depends on: a new token, channel or app source has not been answered yet.
// Kept in memory only, for comparison; never rendered, logged or used as a query key.
const scopeOf = (c: Connection) => JSON.stringify([c.gatewayUrl, c.userId, c.token, c.channel, c.appSource]);

/**
 * Whether an error says something about the connection: unreachable, refused, not a gateway.
 * Business answers (2000, 2001, 10091, 2107, …) and data this console cannot read came from a
 * reachable gateway that accepted the token; they stay with the form or row that caused them.
 */
function concernsConnection(error: GatewayRequestError): boolean {
  if (error.kind === 'contract') return false;
  if (error.kind !== 'envelope') return true;
  return isAuthRefusal(error) || (error.httpStatus ?? 200) >= 500 || error.code === 502 || error.httpStatus === 404;
}

/** Every gateway call reports here, so the shell's indicator shows reachability and authentication. */
export function recordGatewayOutcome(connection: Connection, error: GatewayRequestError | null): void {
  if (error && !concernsConnection(error)) error = null;
  const scope = scopeOf(connection);
  const at = Date.now();
  // The indicator shows the last answer to the minute: more OKs within it change nothing on screen (each
  // poll cycle would otherwise re-render the shell in a commit, and a frame, of its own).
  if (!error && health.state === 'ok' && health.scope === scope && Math.floor(health.at / SHOWN_MS) === Math.floor(at / SHOWN_MS)) return;
  health = error ? { state: 'failing', at, scope, error } : { state: 'ok', at, scope };
  for (const l of listeners) l();
}

export function resetGatewayHealth(): void {
  health = { state: 'unknown' };
  for (const l of listeners) l();
}

export function subscribeGatewayHealth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getGatewayHealth = (): GatewayHealth => health;

/** The last outcome as seen by this connection: one of another gateway, user, token or header set reads as unknown. */
export const healthFor = (current: GatewayHealth, connection: Connection): GatewayHealth =>
  current.state !== 'unknown' && current.scope !== scopeOf(connection) ? { state: 'unknown' } : current;
