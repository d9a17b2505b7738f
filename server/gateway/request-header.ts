import type { Context } from 'hono';
import { rawHeaderValue } from '../raw-header';

export { rawHeaderValue };

/**
 * A request header as c.req.header(name) reads it (repeats joined with ", " as Fetch Headers
 * join them, outer whitespace trimmed), taken from Node's raw header list when the request came
 * through @hono/node-server: there, c.req.header() first builds a web Headers object of every
 * header, which cost the status route more than all its reads together.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const raw = (c.env as { incoming?: { rawHeaders?: unknown } } | undefined)?.incoming?.rawHeaders;
  if (!Array.isArray(raw)) return c.req.header(name);
  return rawHeaderValue(raw, name);
}
