import type { IncomingMessage, ServerResponse } from 'node:http';
import { OPERATION_NAMES, type OperationName } from '#contract';
import type { FastPath, FastPathOptions } from '../fast-path';
import { rawHeaderValue } from '../raw-header';
import { ROUTE_LABELS } from '../observability/route-label';
import { allowedOrigin } from '../security/host-allow-list';
import { recordOf } from '../observability/request-record';
import { apiAnswerHeaders } from '../security/security-headers';
import type { ProxiedRequest, ProxyAnswer } from './proxied-exchange';
import { exchangeDeadline } from './upstream-deadline';

type ProxyFastPathOptions = FastPathOptions & {
  maxBodyBytes: number;
  timeoutMs: number;
  /** The proxy's one exchange (gateway-proxy.ts): every rule of what is forwarded and passed back. */
  forward(operation: OperationName, request: ProxiedRequest): Promise<ProxyAnswer>;
};

/** The two operations' paths as the server serves them (/api and the operation's path). */
const OPERATION_OF_URL = new Map<string, OperationName>(OPERATION_NAMES.map((name) => [ROUTE_LABELS[name], name]));
const DIGITS = /^[0-9]{1,9}$/;
const MAX_HOSTS = 64;

/**
 * The proxy's two operations answered by the Node request listener, before @hono/node-server builds
 * a web Request and Response and Hono runs its middleware: for a status poll that machinery, an
 * AbortController and the header copies cost more than the exchange itself. It takes only a request
 * the app would forward: exactly `POST /api/<operation>` (no query string), a Host the allow-list
 * serves, a Content-Length of at most the body cap; it forwards with the app's own exchange
 * (`forward`) and writes the headers the app's middleware would (apiAnswerHeaders, X-Request-Id).
 * Everything else goes to the app as before (proxy-fast-path.test.ts sends the same
 * requests to both).
 */
export function createProxyFastPath({ allowedHosts, maxBodyBytes, timeoutMs, forward }: ProxyFastPathOptions): FastPath {
  const headers = Object.entries({ 'Content-Type': 'application/json', ...apiAnswerHeaders() }).flat();
  const origins = new Map<string, boolean>();
  const served = (host: string): boolean => {
    let ok = origins.get(host);
    if (ok !== undefined) return ok;
    ok = allowedOrigin(host, allowedHosts) !== null;
    if (origins.size >= MAX_HOSTS) origins.clear();
    origins.set(host, ok);
    return ok;
  };

  function answer(outgoing: ServerResponse, reply: ProxyAnswer): void {
    if (outgoing.destroyed) return;
    const record = recordOf(outgoing);
    const head = [...headers];
    if (record !== undefined) {
      if (reply.envelopeCode !== undefined) record.envelopeCode = reply.envelopeCode;
      head.push('X-Request-Id', record.requestId);
    }
    if (reply.retryAfter !== null) head.push('Retry-After', reply.retryAfter);
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
    head.push('Content-Length', String(body.byteLength));
    outgoing.writeHead(reply.status, head);
    outgoing.end(body);
  }

  function start(operation: OperationName, incoming: IncomingMessage, outgoing: ServerResponse, body: Uint8Array<ArrayBuffer>): void {
    const deadline = exchangeDeadline(timeoutMs);
    // The client leaving ends the upstream request too, instead of holding it for the timeout (once
    // the answer is written, 'close' finds it finished and does nothing).
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) deadline.cancel(new Error('the client left'));
    });
    const raw = incoming.rawHeaders;
    forward(operation, {
      header(name) {
        return rawHeaderValue(raw, name);
      },
      body,
      requestId: recordOf(outgoing)?.requestId,
      deadline,
    }).then(
      (reply) => answer(outgoing, reply),
      () => outgoing.destroy(),
    );
  }

  return (incoming, outgoing, fallback) => {
    const operation = incoming.method === 'POST' ? OPERATION_OF_URL.get(incoming.url ?? '') : undefined;
    const host = incoming.headers.host;
    const length = incoming.headers['content-length'];
    if (
      operation === undefined ||
      host === undefined ||
      length === undefined ||
      !DIGITS.test(length) ||
      Number(length) > maxBodyBytes ||
      incoming.headers['transfer-encoding'] !== undefined ||
      // The Host as the app's allow-list reads it (raw, repeats joined) must be the one Node kept.
      rawHeaderValue(incoming.rawHeaders, 'host')?.toLowerCase() !== host ||
      !served(host)
    ) {
      return void fallback(incoming, outgoing);
    }
    // The body mostly comes in one chunk (with the head): it is forwarded as it came, not copied.
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => void chunks.push(chunk));
    incoming.once('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      start(operation, incoming, outgoing, new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength));
    });
  };
}
