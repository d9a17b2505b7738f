import { toConnection, type Connection } from '@/lib/connection';
import { activeProfile, connectionStore, scopeKeyOf, type ConnectionState } from '@/lib/connection-store';

export function useConnectionState(): ConnectionState {
  return connectionStore.use();
}

export function useActiveConnection(): Connection {
  return toConnection(activeProfile(connectionStore.use()));
}

export function useConnectionScopeKey(): string {
  return scopeKeyOf(connectionStore.use());
}
