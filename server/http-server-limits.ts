import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConsoleFailure } from '#contract';
import type { ServerConfig } from './config';
import { admitConnections } from './connection-admission';
import { answerAndClose, rawRefusal, refuse, refuseDetachedSocket } from './refusals';

export type ConnectionLimits = {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  /** Open connections at once; at the cap a newcomer takes an unproven or idle one's slot (connection-admission.ts). */
  maxConnections: number;
  /** Connections that have not sent a whole request head yet, in all; the slots above it are a reserve for the others. */
  maxUnprovenConnections: number;
  /** The same from one address (an IPv6 /64); at most maxUnprovenConnections. */
  maxUnprovenPerAddress: number;
  /** A connection with no whole request head after this gets a 408 and is closed (at most the headers timeout). */
  firstRequestTimeoutSeconds: number;
  maxRequestsPerSocket: number;
  /** A connection whose answer waits this long on a client that accepts no byte of it is closed. */
  stalledResponseTimeoutSeconds: number;
};

/**
 * The limits the configuration sets, with the derived ones: MAX_UNPROVEN_CONNECTIONS unset is half
 * of MAX_CONNECTIONS (the other half a reserve only connections that sent a request hold); the
 * per-address bound is at most the total one; the first-request timeout at most the headers one.
 */
export function connectionLimits(config: ServerConfig): ConnectionLimits {
  const maxUnprovenConnections = config.MAX_UNPROVEN_CONNECTIONS ?? Math.max(1, Math.floor(config.MAX_CONNECTIONS / 2));
  return {
    headersTimeoutSeconds: config.HEADERS_TIMEOUT_SECONDS,
    requestTimeoutSeconds: config.REQUEST_TIMEOUT_SECONDS,
    keepAliveTimeoutSeconds: config.KEEP_ALIVE_TIMEOUT_SECONDS,
    maxConnections: config.MAX_CONNECTIONS,
    maxUnprovenConnections,
    maxUnprovenPerAddress: Math.min(config.MAX_UNPROVEN_PER_ADDRESS, maxUnprovenConnections),
    firstRequestTimeoutSeconds: Math.min(config.FIRST_REQUEST_TIMEOUT_SECONDS, config.HEADERS_TIMEOUT_SECONDS),
    maxRequestsPerSocket: config.MAX_REQUESTS_PER_SOCKET,
    stalledResponseTimeoutSeconds: config.STALLED_RESPONSE_TIMEOUT_SECONDS,
  };
}

/**
 * Options for http.createServer: check slow connections every second, not every 30 s (Node's
 * default), or as often as the headers timeout when that is shorter (never from the configuration,
 * whose timeouts are whole seconds; a test's fractional limits are enforced within one more of them). requireHostHeader off: Node's own refusal of an HTTP/1.1 request without Host is a bare
 * 400; such a request now reaches the listener, which refuses it with an envelope (request-listener.ts,
 * dev-server.ts).
 */
export function serverOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutSeconds * 1000),
    requireHostHeader: false,
  };
}

/** Node's limit on a request's line and headers (--max-http-header-size), in KiB. */
const MAX_HEADER_KIB = 16;

const PARSER_ERRORS: Record<string, [number, string, ConsoleFailure?]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout: the request was not received in time', { reason: 'requestTimeout' }],
  HPE_HEADER_OVERFLOW: [
    431,
    `Request Header Fields Too Large: the request line and headers exceed ${MAX_HEADER_KIB} KB`,
    { reason: 'headersTooLarge', kib: MAX_HEADER_KIB },
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Content Too Large: the chunk extensions are too large'],
};

/** The raw HTTP answer for a request Node's parser refused: an envelope with the security headers. */
function parserErrorResponse(code: string | undefined): string {
  const [status, message, failure] = PARSER_ERRORS[code ?? ''] ?? [400, 'Bad Request: the request could not be parsed'];
  return rawRefusal(status, message, failure);
}

/**
 * The response Node is answering on this socket, if any. Node's own defaults read the same field
 * (_http_server.js: socketOnError, socketOnTimeout); it is cleared once a response is written.
 */
function currentResponse(socket: Duplex): ServerResponse | null {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

/** A response on this socket has begun: a refusal written now would land inside its body. */
const responseUnderWay = (socket: Duplex) => currentResponse(socket)?.headersSent === true;

/**
 * Connection admission (connection-admission.ts: a silent client cannot hold the slots), keep-alive limits, and envelope answers for what Node refuses before the request
 * listener sees it: parser errors and timeouts (400/408/413/431), an Expect other than 100-continue
 * (417), CONNECT (400: this server is no proxy). A refused connection is closed after a short grace
 * (refusals.ts answerAndClose), so a client that never reads holds no slot; nor does one that asks
 * for a large answer and stops reading (the stalled-response timeout).
 */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  // Not Node's server.maxConnections: it drops a newcomer at accept, before anyone could close a
  // silent connection to make room for it.
  admitConnections(server, {
    maxConnections: limits.maxConnections,
    maxUnproven: limits.maxUnprovenConnections,
    maxUnprovenPerAddress: limits.maxUnprovenPerAddress,
    firstRequestTimeoutSeconds: limits.firstRequestTimeoutSeconds,
  });
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.keepAliveTimeout = limits.keepAliveTimeoutSeconds * 1000;
  server.headersTimeout = limits.headersTimeoutSeconds * 1000;
  server.requestTimeout = limits.requestTimeoutSeconds * 1000;
  // Node has no timeout for an answer being written: a client that stops reading kept the socket
  // for good. The socket timeout fires after this long with neither bytes read nor bytes accepted
  // by the client (net.Socket counts a write still draining as activity). With a listener here Node
  // no longer destroys on its own, so this one also ends idle keep-alive connections, whose
  // timeout comes through the same event; it spares only an answer still being computed (a
  // synthesis, a proxied call), which has nothing waiting to be sent.
  server.timeout = limits.stalledResponseTimeoutSeconds * 1000;
  server.on('timeout', (socket: Socket) => {
    if (currentResponse(socket) !== null && socket.writableLength === 0) return;
    socket.destroy();
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || socket.destroyed || responseUnderWay(socket)) {
      socket.destroy();
    } else if (socket.writableEnded) {
      // Answered already (a second parser error as more bytes arrive) or closing: no second answer.
      answerAndClose(socket);
    } else {
      answerAndClose(socket, parserErrorResponse(err.code));
    }
  });
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) =>
    refuse(res, 417, 'Expectation Failed: only Expect: 100-continue is supported'),
  );
  // Without a listener Node destroys a CONNECT's socket unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) =>
    refuseDetachedSocket(socket, 400, 'Bad Request: this server is not a proxy (CONNECT)'),
  );
}
