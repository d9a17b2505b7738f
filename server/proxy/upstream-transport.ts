import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { joinChunks, readStreamCapped } from '../read-capped';

/** One POST to the gateway: the proxy's forwarded headers and the body as it came. */
type UpstreamCall = { headers: Record<string, string>; body: Uint8Array<ArrayBuffer>; signal: AbortSignal };

/** The gateway's answer once its head has arrived; the body is read (capped) or dropped, never both. */
export type UpstreamAnswer = {
  status: number;
  /** A response header (lower-case name), repeated ones joined with ", ". */
  header(name: string): string | null;
  /** The body whole, or null past maxBytes (declared or counted), the rest not read. Rejects when the signal aborts. */
  read(maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null>;
  /** The body is not wanted: the connection is dropped (never reused with an unread body). */
  discard(): void;
};

/** How the proxy reaches its gateway. Redirects are never followed: a 3xx comes back as it is. */
export type UpstreamTransport = (url: URL, call: UpstreamCall) => Promise<UpstreamAnswer>;

/** Sockets per gateway origin at most; requests beyond wait for a free one (each still under its deadline). */
const MAX_SOCKETS = 64;
/** An idle socket is closed after this, before a gateway's usual 5 s keep-alive would close it under a request (as undici does). */
const IDLE_SOCKET_MS = 4_000;

/**
 * node:http(s) request over a keep-alive agent: one socket per request in flight, the most recently
 * freed one reused first (lifo, so idle ones age out). undici's fetch cost about 1 ms of CPU per
 * request here (WHATWG Request, Headers and streams around every call); this is a fraction of it.
 * The answer is sent by Node's agent without Accept-Encoding, so the gateway answers uncompressed.
 */
export function nodeHttpTransport(options: { maxSockets?: number } = {}): UpstreamTransport {
  const agentOptions = {
    keepAlive: true,
    maxSockets: options.maxSockets ?? MAX_SOCKETS,
    scheduling: 'lifo',
    timeout: IDLE_SOCKET_MS,
  } as const;
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);
  return (url, call) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      const https = url.protocol === 'https:';
      const req = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          agent: https ? httpsAgent : httpAgent,
          headers: { ...call.headers, 'content-length': String(call.body.byteLength) },
          signal: call.signal,
        },
        (res) => resolve(nodeAnswer(res, call.signal)),
      );
      req.on('error', reject);
      req.end(call.body);
    });
}

function nodeAnswer(res: IncomingMessage, signal: AbortSignal): UpstreamAnswer {
  return {
    status: res.statusCode ?? 0,
    header(name) {
      const value = res.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    discard: () => res.destroy(),
    read: (maxBytes) =>
      new Promise((resolve, reject) => {
        if (Number(res.headers['content-length']) > maxBytes) {
          res.destroy();
          return resolve(null);
        }
        const chunks: Buffer[] = [];
        let total = 0;
        const settle = () => {
          signal.removeEventListener('abort', onAbort);
          res.removeAllListeners('data');
        };
        const onAbort = () => {
          settle();
          res.destroy();
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        res.on('data', (chunk: Buffer) => {
          total += chunk.byteLength;
          if (total <= maxBytes) return void chunks.push(chunk);
          settle();
          res.destroy();
          resolve(null);
        });
        res.once('end', () => {
          settle();
          resolve(joinChunks(chunks, total));
        });
        res.once('error', (err) => {
          settle();
          reject(err);
        });
        // A connection that closes mid-body ends the answer without 'end': a read error, not a short answer.
        res.once('close', () => {
          if (res.complete) return;
          settle();
          reject(new Error('the connection closed before the answer was complete'));
        });
      }),
  };
}

/**
 * The same over a WHATWG fetch (tests inject fakes; PROXY_UPSTREAM_CLIENT=fetch is undici's, the
 * client before node:http, kept to compare and to fall back on).
 */
export function fetchTransport(doFetch: typeof fetch): UpstreamTransport {
  return async (url, call) => {
    const res = await doFetch(url, { method: 'POST', headers: call.headers, body: call.body, redirect: 'manual', signal: call.signal });
    return {
      status: res.status,
      header: (name) => res.headers.get(name),
      discard: () => void res.body?.cancel().catch(() => undefined),
      async read(maxBytes) {
        if (Number(res.headers.get('content-length')) > maxBytes) {
          await res.body?.cancel();
          return null;
        }
        return res.body ? readStreamCapped(res.body, maxBytes) : new Uint8Array();
      },
    };
  };
}
