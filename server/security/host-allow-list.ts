import { networkInterfaces } from 'node:os';
import type { MiddlewareHandler } from 'hono';
import { failureEnvelope } from '#contract';

/** Envelope code and HTTP status for a request addressed to a host name this server does not serve. */
const MISDIRECTED_CODE = 421;
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The allowed names: loopback always, ALLOWED_HOSTS, and HOST when it names one interface, or this
 * machine's own addresses when HOST listens on all of them (an address cannot be rebound; a name can).
 */
export function allowedHostNames(host: string, extra: readonly string[] = []): ReadonlySet<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', ...extra.map(bare)]);
  if (!WILDCARD_HOSTS.has(host)) names.add(bare(host.toLowerCase()));
  else for (const nets of Object.values(networkInterfaces())) for (const net of nets ?? []) names.add(bare(net.address.toLowerCase()));
  return names;
}

/** A Host header's name without the port, IPv6 in brackets, lower case. */
export function hostNameOf(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '');
}

/** "host:port" of an absolute URL string, without parsing the whole URL on every request. */
function authorityOf(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end === -1 ? undefined : end);
}

function bare(name: string): string {
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

export function isAllowedHost(hostHeader: string, allowed: ReadonlySet<string>): boolean {
  const name = hostNameOf(hostHeader);
  return allowed.has(name) || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Refuse (421) requests whose Host is not one of ours, before anything else runs: a page loaded from
 * an attacker's name that resolves here (DNS rebinding) gets neither the API nor the dev token.
 */
export function hostAllowList(allowed: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    // The URL's authority is the Host header, or the request target's in absolute form
    // (GET http://evil.example/ HTTP/1.1), which then names the origin of signed links: check both.
    const header = c.req.header('host');
    const target = authorityOf(c.req.url);
    const refused = !isAllowedHost(target, allowed) ? target : header !== undefined && !isAllowedHost(header, allowed) ? header : null;
    if (refused === null) return next();
    const shown = hostNameOf(refused).slice(0, 100);
    return c.json(
      failureEnvelope(MISDIRECTED_CODE, `Misdirected Request: this server does not answer for the host ${shown}; add it to ALLOWED_HOSTS`),
      421,
    );
  };
}

/**
 * The origin of links for a Host the app would serve, or null for one it would refuse or that
 * @hono/node-server would not read (its check: the URL's host name is the header's, port aside).
 */
export function allowedOrigin(host: string, allowed: ReadonlySet<string>, path = '/'): string | null {
  let url: URL;
  try {
    url = new URL(`http://${host}${path}`);
  } catch {
    return null;
  }
  if (url.hostname.length !== host.length && url.hostname !== host.replace(/:\d+$/, '')) return null;
  if (!isAllowedHost(url.host, allowed) || !isAllowedHost(host, allowed)) return null;
  return url.origin;
}
