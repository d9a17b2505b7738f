import { useSyncExternalStore } from 'react';
import type { Connection } from './connection-profile';
import type { GatewayRequestError } from './gateway-error';

export type GatewayHealth =
  | { state: 'unknown' }
  | { state: 'ok'; at: number; scope: string }
  | { state: 'failing'; at: number; scope: string; error: GatewayRequestError };

let health: GatewayHealth = { state: 'unknown' };
const listeners = new Set<() => void>();

// Every value the answer depends on: a new token, channel or app source has not been answered yet.
// Kept in memory only, for comparison; never rendered, logged or used as a query key.
const scopeOf = (c: Connection) => JSON.stringify([c.gatewayUrl, c.userId, c.token, c.channel, c.appSource]);

/** Every gateway call reports here, so the shell's indicator shows the last answer and why. */
export function recordGatewayOutcome(connection: Connection, error: GatewayRequestError | null): void {
  const scope = scopeOf(connection);
  health = error ? { state: 'failing', at: Date.now(), scope, error } : { state: 'ok', at: Date.now(), scope };
  for (const l of listeners) l();
}

export function resetGatewayHealth(): void {
  health = { state: 'unknown' };
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last outcome for this connection; outcomes of another gateway, user, token or header set read as unknown. */
export function useGatewayHealth(connection: Connection): GatewayHealth {
  const current = useSyncExternalStore(subscribe, () => health);
  return current.state !== 'unknown' && current.scope !== scopeOf(connection) ? { state: 'unknown' } : current;
}
