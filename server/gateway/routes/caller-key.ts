import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { requestHeader } from '../request-header';

/** Per process: a key never equals a hash anyone could compute from the token elsewhere. */
const PEPPER = randomBytes(32);

/**
 * Who is asking, for fair admission (speech-admission.ts): the bearer token, since the token is the
 * credential (X-User-Id is a header the client picks freely); the connection's address when there
 * is none. The token is only hashed (HMAC with a per-process key), never kept, logged or echoed.
 * Behind a reverse proxy every tokenless request has the proxy's address: one caller.
 */
export function callerKey(c: Context): string {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(requestHeader(c, 'Authorization') ?? '')?.[1];
  if (token) return `token:${createHmac('sha256', PEPPER).update(token).digest('base64url').slice(0, 22)}`;
  const address = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
  return `address:${address ?? 'unknown'}`;
}
