import { useSyncExternalStore } from 'react';
import { getGatewayHealth, healthFor, subscribeGatewayHealth, type GatewayHealth } from '@/lib/connection-health';
import type { Connection } from '@/lib/connection-profile';

/** The last outcome for this connection; outcomes of another gateway, user, token or header set read as unknown. */
export function useGatewayHealth(connection: Connection): GatewayHealth {
  return healthFor(useSyncExternalStore(subscribeGatewayHealth, getGatewayHealth), connection);
}
