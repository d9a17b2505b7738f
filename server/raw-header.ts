/**
 * A request header as Hono's c.req.header(name) reads it (repeats joined with ", " as Fetch Headers
 * join them, outer whitespace trimmed), from Node's rawHeaders ([name, value, name, value, …]), for
 * a node-level handler (the status fast path, the proxy's).
 */
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
