// What the first screen needs of a connection, without zod: connection-profile.ts (its schemas)
// is loaded by the Settings page and the gateway calls, not by a first visit (docs/performance.md).

/** What every gateway call needs. userId stays a string so 19-digit IDs are never rounded. */
export type Connection = {
  gatewayUrl: string;
  token: string;
  userId: string;
  channel: string;
  appSource: string;
};

export const LOCAL_GATEWAY_URL = '/api';

/** A profile's connection fields, nothing else (the profile's name, id and remember flag stay behind). */
export function toConnection(p: Connection): Connection {
  return { gatewayUrl: p.gatewayUrl, token: p.token, userId: p.userId, channel: p.channel, appSource: p.appSource };
}

/** The part of a connection that identifies whose data a query shows: never the token. */
export function connectionScope(c: Pick<Connection, 'gatewayUrl' | 'userId'>): readonly [string, string] {
  return [c.gatewayUrl, c.userId] as const;
}

/** connectionScope as one string: the key the watch list and the saved views are kept under, one per gateway and user. */
export function connectionScopeKey(c: Pick<Connection, 'gatewayUrl' | 'userId'>): string {
  return connectionScope(c).join('\u0000');
}
