import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONSOLE_FAILURE_FIELD, failureEnvelope, type ConsoleFailure } from '#contract';
import { apiAnswerHeaders } from './security/security-headers';

/**
 * How long a refused client has to read its answer before its socket is destroyed. Long enough for
 * any client that reads to get the few hundred bytes; short, because a client that neither reads
 * nor closes would otherwise hold the connection (and a MAX_CONNECTIONS slot) for as long as it likes.
 */
const REFUSAL_GRACE_MS = 1_000;

/** The headers of every answer written outside Hono: an envelope, never stored, the security headers. */
export function refusalHeaders(): Record<string, string> {
  // Refusals are never pages (a browser that renders one anyway runs and loads nothing): /api's
  // headers, since a refusal is written before the path is known and may be an /api answer.
  return { 'Content-Type': 'application/json; charset=UTF-8', ...apiAnswerHeaders() };
}

/**
 * The body of a refusal: an envelope whose English message is for logs and curl, marked as this
 * server's own (CONSOLE_FAILURE_FIELD) with its reason, so the console words it as its server's in
 * the operator's language and never quotes it as the gateway's. Written before the path is known,
 * so every path gets it; the browser honours the marker only on its own /api.
 */
export function refusalBody(status: number, message: string, failure: ConsoleFailure): string {
  return JSON.stringify({ ...failureEnvelope(status, message), [CONSOLE_FAILURE_FIELD]: failure });
}

/** The reason a refusal with this status gives, for those that have no more to say (requestMalformed). */
export const refusedAs = (status: number): ConsoleFailure => ({ reason: 'requestMalformed', status });

/** A whole HTTP/1.1 answer, for a socket no ServerResponse writes to (a parser error, CONNECT). */
export function rawRefusal(status: number, message: string, failure: ConsoleFailure = refusedAs(status)): string {
  const body = refusalBody(status, message, failure);
  const headers = { ...refusalHeaders(), 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Answers through Node's ServerResponse and closes the connection (Node destroys it once the answer is written). */
export function refuse(res: ServerResponse, status: number, message: string): void {
  const body = refusalBody(status, message, refusedAs(status));
  res.writeHead(status, { ...refusalHeaders(), 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' });
  res.end(body);
}

const CLOSING = Symbol('refused socket closing');
type Closing = Duplex & { [CLOSING]?: true };

/**
 * Writes `answer` (if any), ends the socket, and destroys it once the answer is written and the
 * peer has closed its side, or after the grace period, whichever comes first. end() alone only
 * half-closes: a peer that never reads nor closes kept the server's socket (FIN-WAIT-2, a file
 * descriptor and a connection slot) for as long as it stayed. Destroying at once instead would
 * reset a connection whose request bytes are still unread, and a reset can make the peer's system
 * drop the answer before the client reads it; the grace lets it read first. Safe to call twice.
 */
export function answerAndClose(socket: Closing, answer?: string): void {
  if (!socket.writableEnded) socket.end(answer);
  if (socket[CLOSING] === true || socket.destroyed) return;
  socket[CLOSING] = true;
  const timer = setTimeout(() => socket.destroy(), REFUSAL_GRACE_MS);
  timer.unref();
  const destroyWhenDone = () => {
    if (socket.writableFinished && socket.readableEnded) socket.destroy();
  };
  socket
    .once('finish', destroyWhenDone)
    .once('end', destroyWhenDone)
    .once('close', () => clearTimeout(timer));
}

/**
 * Refuses a socket Node has handed over detached from its parser and error handler (CONNECT, an
 * upgrade nobody takes): reads (and drops) what comes, ignores a reset, answers and closes.
 */
export function refuseDetachedSocket(socket: Duplex, status: number, message: string): void {
  socket.on('error', () => socket.destroy());
  socket.resume();
  answerAndClose(socket, rawRefusal(status, message));
}
