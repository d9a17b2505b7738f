import type { Server, ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import { failureEnvelope } from '../src/contract';
import { COMMON_SECURITY_HEADERS } from './security/security-headers';

export type ConnectionLimits = {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  maxConnections: number;
  maxRequestsPerSocket: number;
};

/** Options for http.createServer: check slow connections every second, not every 30 s (Node's default). */
export function serverOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    connectionsCheckingInterval: 1000,
  };
}

const PARSER_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout: the request was not received in time'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/** The raw HTTP answer for a request Node's parser refused: an envelope with the security headers. */
export function parserErrorResponse(code: string | undefined): string {
  const [status, message] = PARSER_ERRORS[code ?? ''] ?? [400, 'Bad Request: the request could not be parsed'];
  const body = JSON.stringify(failureEnvelope(status, message));
  const reason = message.split(':')[0];
  const headers = {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...COMMON_SECURITY_HEADERS,
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Connection cap, keep-alive limits, and envelope answers for parser-level errors (400/408/431). */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.keepAliveTimeout = limits.keepAliveTimeoutSeconds * 1000;
  server.headersTimeout = limits.headersTimeoutSeconds * 1000;
  server.requestTimeout = limits.requestTimeoutSeconds * 1000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(parserErrorResponse(err.code));
  });
}
