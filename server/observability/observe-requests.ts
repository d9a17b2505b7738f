import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ConsoleMetrics } from './console-metrics';
import { attachRecord, recordOf } from './request-record';
import { routeLabel, type RouteLabel } from './route-label';

type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

/** One access log line's fields (docs/operations.md, "Access log"). */
export type AccessLogEntry = {
  time: string;
  method: string;
  route: RouteLabel;
  status: number;
  /** The envelope's code when the answer was one. */
  code?: number;
  durationMs: number;
  bytes: number;
  requestId: string;
};

type Observers = {
  metrics?: ConsoleMetrics;
  /** Writes one access log line (a JSON object, no newline); unset: no access log. */
  log?: (line: string) => void;
};

/** An incoming X-Request-Id is kept only when it is a short plain token, so it is safe to log and pass on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Status logged and counted for an answer the client left before it was sent whole (nginx's choice). */
const CLIENT_CLOSED = 499;

/**
 * Wraps the server's request listener: every request gets an ID (X-Request-Id: the client's when
 * sane, else a new UUID), which the app (requestIdHeader) and the status fast path return; when metrics or the access log are on, the
 * answer's end is measured and recorded by route pattern, never by path.
 */
export function observeRequests(listener: NodeListener, { metrics, log }: Observers): NodeListener {
  function onClose(this: ServerResponse): void {
    const record = recordOf(this);
    if (record === undefined) return;
    const incoming = this.req;
    const ms = performance.now() - record.start;
    const route = routeLabel(incoming.url ?? '/');
    const status = this.writableFinished ? this.statusCode : CLIENT_CLOSED;
    const method = incoming.method ?? 'GET';
    metrics?.request(method, route, status, ms / 1000, record.envelopeCode);
    if (log === undefined) return;
    const entry: AccessLogEntry = {
      time: new Date(performance.timeOrigin + record.start).toISOString(),
      method,
      route,
      status,
      ...(record.envelopeCode === undefined ? {} : { code: record.envelopeCode }),
      durationMs: Math.round(ms * 10) / 10,
      bytes: incoming.socket.bytesWritten - record.bytesBefore,
      requestId: record.requestId,
    };
    log(JSON.stringify(entry));
  }
  const watching = metrics !== undefined || log !== undefined;

  return (incoming, outgoing) => {
    const given = incoming.headers['x-request-id'];
    const requestId = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    attachRecord(outgoing, { start: performance.now(), requestId, envelopeCode: undefined, bytesBefore: incoming.socket.bytesWritten });
    if (watching) outgoing.on('close', onClose);
    return listener(incoming, outgoing);
  };
}

/** Lines waiting for the end of this turn of the event loop. */
let pendingLines = '';
let flushScheduled = false;
function flushLines(): void {
  flushScheduled = false;
  if (pendingLines === '') return;
  const out = pendingLines;
  pendingLines = '';
  process.stdout.write(out);
}

/**
 * The access log's writer: one line per answer on stdout, the lines of one turn of the event loop
 * written together (a write to a pipe is a system call, and under load one per request cost more
 * than the line itself); whatever is pending is written when the process exits.
 */
export function stdoutLog(line: string): void {
  pendingLines += `${line}\n`;
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flushLines);
}
process.once('exit', flushLines);
