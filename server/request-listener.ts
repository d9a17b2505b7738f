import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { failureEnvelope } from '#contract';
import type { FastPath } from './gateway/routes/status-fast-path';
import { refusalBody, refusalHeaders, refusedAs } from './refusals';

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * The Node request listener for a Hono app, with three repairs to @hono/node-server 1.19:
 * - a request it cannot turn into a URL (no Host, a malformed one) gets an envelope with the
 *   security headers, not an empty text/plain 400, and the connection is closed;
 * - a Host in capitals (valid: host names are case-insensitive) is not refused as malformed;
 * - HEAD is answered as GET without the body. Hono's own HEAD path drops headers that middleware
 *   set after the handler (security headers, Cache-Control: no-store) under node-server's
 *   lightweight Response, and never cancels a streamed body, so a file handle stayed open until GC.
 * A fast path (the embedded gateway's status polls) sees each request first and hands on what it
 * does not answer.
 */
export function createRequestListener(
  fetch: Fetch,
  fastPath?: FastPath,
): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> | void {
  const listener = getRequestListener(
    (request, env) => (request.method === 'HEAD' ? headAsGet(fetch, request, env) : fetch(request, env)),
    {
      errorHandler: (err) => malformedRequest(err),
    },
  );
  return (incoming, outgoing) => {
    const host = incoming.headers.host;
    if (host !== undefined && host !== host.toLowerCase()) incoming.headers.host = host.toLowerCase();
    return fastPath === undefined ? listener(incoming, outgoing) : fastPath(incoming, outgoing, listener);
  };
}

async function headAsGet(fetch: Fetch, request: Request, env: unknown): Promise<Response> {
  const res = await fetch(new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal }), env);
  const headers = new Headers(res.headers);
  await res.body?.cancel();
  return new Response(null, { status: res.status, statusText: res.statusText, headers });
}

function malformedRequest(err: unknown): Response {
  const malformed = err instanceof Error && err.name === 'RequestError';
  const [status, message] = malformed
    ? [400, `Bad Request: ${err.message}`]
    : [500, 'Internal Server Error: the request could not be processed'];
  // A 500 here is no refusal of the request: it stays unmarked (worded by its status) rather than called malformed.
  const body = malformed ? refusalBody(status, message, refusedAs(status)) : JSON.stringify(failureEnvelope(status, message));
  return new Response(body, {
    status,
    headers: { ...refusalHeaders(), ...(malformed ? { Connection: 'close' } : {}) },
  });
}
