import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { joinChunks, readStreamCapped } from '../read-capped';
import { decodeAnswer } from './answer-encoding';
import type { Cancel } from './upstream-deadline';

/** One POST to the gateway: the proxy's forwarded headers and the body as it came. */
type UpstreamCall = {
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  cancel: Cancel;
  /**
   * Read-only (the status operation): sent once more when a kept-alive connection the gateway had
   * already closed fails it before any answer. Never for speech, which is charged.
   */
  retryOnStaleConnection?: boolean;
};

/** The gateway's answer once its head has arrived; the body is read (capped) or dropped, never both. */
export type UpstreamAnswer = {
  status: number;
  /** A response header (lower-case name), repeated ones joined with ", ". */
  header(name: string): string | null;
  /**
   * The body whole (decoded when the gateway compressed it anyway), or null past maxBytes (declared,
   * counted, or once decoded), the rest not read. Rejects when the exchange is given up, and with an
   * UndecodableAnswer when its Content-Encoding is one the proxy does not read or its bytes are broken.
   */
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

/** Errors of a request whose kept-alive connection was closed by the gateway before (or as) it was written. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

/**
 * node:http request over a keep-alive agent: one socket per request in flight, the most recently
 * freed one reused first (lifo, so idle ones age out). undici's fetch cost about 1 ms of CPU per
 * request here (WHATWG Request, Headers and streams around every call); this is a fraction of it.
 * It asks for `Accept-Encoding: identity`; an answer compressed anyway is decoded (answer-encoding.ts).
 * A status request whose reused connection turns out closed (the gateway's keep-alive ran out as it
 * was sent: "socket hang up") is sent once more on another; nothing of it reached the gateway's handler.
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
  // The proxy's two targets are fixed URLs: their request options are worked out once each.
  const targets = new WeakMap<URL, RequestOptions>();
  const optionsOf = (url: URL): RequestOptions => {
    let known = targets.get(url);
    if (known === undefined) {
      const https = url.protocol === 'https:';
      known = { ...urlToHttpOptions(url), method: 'POST', agent: https ? httpsAgent : httpAgent };
      targets.set(url, known);
    }
    return known;
  };
  return (url, call) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      const headers = { ...call.headers, 'accept-encoding': 'identity', 'content-length': String(call.body.byteLength) };
      send(url.protocol === 'https:', { ...optionsOf(url), headers }, call, resolve, reject, false);
    });
}

// The functions below are module-level and their callbacks anonymous: tsx (esbuild's keepNames)
// names every function made in a named const with Object.defineProperty, which cost several µs
// per request when they were made per request.

function send(
  https: boolean,
  options: RequestOptions,
  call: UpstreamCall,
  resolve: (answer: UpstreamAnswer) => void,
  reject: (err: unknown) => void,
  again: boolean,
): void {
  if (call.cancel.reason !== undefined) return reject(call.cancel.reason);
  let answered = false;
  const req = (https ? httpsRequest : httpRequest)(options, (res) => {
    answered = true;
    call.cancel.onCancel(null);
    resolve(new NodeAnswer(res, call.cancel));
  });
  call.cancel.onCancel((reason) => req.destroy(reason));
  req.on('error', (err: NodeJS.ErrnoException) => {
    if (answered) return;
    call.cancel.onCancel(null);
    const stale = req.reusedSocket && STALE_CONNECTION_CODES.has(err.code ?? '') && call.cancel.reason === undefined;
    if (stale && !again && call.retryOnStaleConnection) return send(https, options, call, resolve, reject, true);
    reject(err);
  });
  req.end(call.body);
}

class NodeAnswer implements UpstreamAnswer {
  readonly status: number;
  constructor(
    private readonly res: IncomingMessage,
    private readonly cancel: Cancel,
  ) {
    this.status = res.statusCode ?? 0;
  }

  header(name: string): string | null {
    const value = this.res.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  discard(): void {
    this.res.destroy();
  }

  read(maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
    const { res, cancel } = this;
    return new Promise<Uint8Array<ArrayBuffer> | null>((resolve, reject) => {
      if (Number(res.headers['content-length']) > maxBytes) {
        res.destroy();
        return resolve(null);
      }
      if (cancel.reason !== undefined) {
        res.destroy();
        return reject(cancel.reason);
      }
      const chunks: Buffer[] = [];
      let total = 0;
      cancel.onCancel((reason) => {
        settle(res, cancel);
        res.destroy();
        reject(reason);
      });
      res.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        if (total <= maxBytes) return void chunks.push(chunk);
        settle(res, cancel);
        res.destroy();
        resolve(null);
      });
      res.once('end', () => {
        settle(res, cancel);
        const bytes = chunks.length === 1 ? bufferBytes(chunks[0]!) : joinChunks(chunks, total);
        const coding = res.headers['content-encoding'];
        if (coding === undefined) return resolve(bytes);
        decodeAnswer(bytes, coding, maxBytes).then(resolve, reject);
      });
      res.once('error', (err) => {
        settle(res, cancel);
        reject(err);
      });
      // A connection that closes mid-body ends the answer without 'end': a read error, not a short answer.
      res.once('close', () => {
        if (res.complete) return;
        settle(res, cancel);
        reject(new Error('the connection closed before the answer was complete'));
      });
    });
  }
}

/** The read is over: nothing waits on the deadline or the body any more. */
function settle(res: IncomingMessage, cancel: Cancel): void {
  cancel.onCancel(null);
  res.removeAllListeners('data');
}

/** A chunk node:http read, as the Uint8Array<ArrayBuffer> the proxy passes on (no copy). */
function bufferBytes(chunk: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * The same over a WHATWG fetch (tests inject fakes; PROXY_UPSTREAM_CLIENT=fetch is undici's, the
 * client before node:http, kept to compare and to fall back on). fetch decodes compressed answers itself.
 */
export function fetchTransport(doFetch: typeof fetch): UpstreamTransport {
  return async (url, call) => {
    const controller = new AbortController();
    if (call.cancel.reason !== undefined) controller.abort(call.cancel.reason);
    else call.cancel.onCancel((reason) => controller.abort(reason));
    const res = await doFetch(url, {
      method: 'POST',
      headers: call.headers,
      body: call.body,
      redirect: 'manual',
      signal: controller.signal,
    });
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
