import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/** What the request listener keeps of one request while it is answered (observe-requests.ts). */
export type RequestRecord = {
  /** performance.now() when the listener got the request. */
  start: number;
  requestId: string;
  /** The answer's envelope code, set by whoever wrote the envelope (gateway, proxy, fast path). */
  envelopeCode: number | undefined;
  /** The connection's bytesWritten when the request came, to count this answer's bytes. */
  bytesBefore: number;
};

const RECORD = Symbol('request record');
type Carrier = ServerResponse & { [RECORD]?: RequestRecord };

export function attachRecord(outgoing: ServerResponse, record: RequestRecord): void {
  (outgoing as Carrier)[RECORD] = record;
}

export function recordOf(outgoing: ServerResponse): RequestRecord | undefined {
  return (outgoing as Carrier)[RECORD];
}

/** The node objects @hono/node-server passes as a Hono app's env; absent under app.request(). */
type NodeEnv = { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;

function recordOfContext(c: Context): RequestRecord | undefined {
  const outgoing = (c.env as NodeEnv)?.outgoing;
  return outgoing === undefined ? undefined : (outgoing as Carrier)[RECORD];
}

/** Notes the envelope code of the answer being written, for the access log and the metrics. */
export function noteEnvelopeCode(c: Context, code: number): void {
  const record = recordOfContext(c);
  if (record !== undefined) record.envelopeCode = code;
}

/** This request's ID (X-Request-Id, checked or generated), for passing on to the gateway. */
export function requestIdOf(c: Context): string | undefined {
  return recordOfContext(c)?.requestId;
}

/**
 * X-Request-Id on every answer of the app. Set here, not with setHeader() up front: headers set
 * before writeHead() put Node on its slow path of merging them (the status fast path adds its own).
 */
export function requestIdHeader(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const requestId = requestIdOf(c);
    if (requestId !== undefined) c.res.headers.set('X-Request-Id', requestId);
  };
}
