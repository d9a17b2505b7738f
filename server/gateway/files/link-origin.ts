import type { Context } from 'hono';
import type { GatewayDeps } from '../deps';

/**
 * The origin signed file links are built on: the configured PUBLIC_URL's, or else the one the
 * request came to, which the server's Host allow-list has already limited to configured names.
 */
export function linkOrigin(c: Context, deps: GatewayDeps): string {
  return deps.publicOrigin ?? new URL(c.req.url).origin;
}
