import type { Context } from 'hono';

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

/** The same reading of Node's rawHeaders ([name, value, name, value, …]) for a node-level handler. */
export function rawHeaderValue(raw: readonly unknown[], name: string): string | undefined {
  const lower = name.toLowerCase();
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key: unknown = raw[i];
    if (typeof key !== 'string' || key.length !== lower.length || key.toLowerCase() !== lower) continue;
    const one = String(raw[i + 1]).replace(OUTER_WHITESPACE, '');
    value = value === undefined ? one : `${value}, ${one}`;
  }
  return value;
}

/** HTTP whitespace as Fetch trims it from header values. */
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
