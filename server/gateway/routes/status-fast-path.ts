import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastPath, FastPathOptions, NodeListener } from '../../fast-path';
import type { TLSSocket } from 'node:tls';
import { operations } from '#contract';
import { recordOf } from '../../observability/request-record';
import { apiAnswerHeaders } from '../../security/security-headers';
import { allowedOrigin } from '../../security/host-allow-list';
import type { GatewayDeps } from '../deps';
import { GATEWAY_MOUNT } from '../files/url-signer';
import { setPreReadBody } from '../pre-read-body';
import { checkStatusTokenHeader, userIdFromHeader } from '../request-context';
import { rawHeaderValue } from '../request-header';
import { MAX_CACHED_BODY } from './status-answer-cache';
import { answerTaskStatus } from './status-query';

export type { FastPath, FastPathOptions } from '../../fast-path';

type Pending = {
  outgoing: ServerResponse;
  fallback: NodeListener;
  userId: string;
  origin: string;
  body: Buffer;
  filled: number;
};
const PENDING = Symbol('status fast path');
type Carrier = IncomingMessage & { [PENDING]?: Pending };

const PATH = `${GATEWAY_MOUNT}${operations.taskStatus.path}`;
const MAX_HOSTS = 64;

/**
 * Operation A answered by the Node request listener, before @hono/node-server builds a web Request
 * and Hono runs its middleware and route: for a 100-ID poll that machinery cost more than the
 * answer. It takes only what the app would answer 200 with the same bytes: exactly
 * `POST /api/textRemoval/taskStatus`, a Host the allow-list accepts (and Node's URL reads as
 * @hono/node-server does), an accepted token or none under STATUS_AUTH=optional, a valid X-User-Id,
 * a Content-Length body of at most 16 KB that passes the body rules. It sends the headers the app's
 * middleware would (apiAnswerHeaders: its one source) in the order Hono writes them.
 * Everything else — every error, a chunked or large body, HEAD, a query string — goes to the app,
 * with the body handed over when it was read, so error answers are the app's own; a parity test
 * sends the same requests to both (status-fast-path.test.ts).
 */
export function createStatusFastPath(deps: GatewayDeps, { allowedHosts }: FastPathOptions): FastPath {
  const headers = answerHeaders();
  const origins = new Map<string, string | null>();
  const originOfHost = (host: string): string | null => {
    let origin = origins.get(host);
    if (origin !== undefined) return origin;
    origin = allowedOrigin(host, allowedHosts, PATH);
    if (origins.size >= MAX_HOSTS) origins.clear();
    origins.set(host, origin);
    return origin;
  };

  function answer(incoming: Carrier, pending: Pending, body: Buffer): void {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = answerTaskStatus(deps, pending.userId, body, () => deps.publicOrigin ?? pending.origin);
    } catch {
      // A refused body (or anything unexpected): the app answers it, reading the same bytes.
      setPreReadBody(incoming, body);
      pending.fallback(incoming, pending.outgoing);
      return;
    }
    const record = recordOf(pending.outgoing);
    const length = String(bytes.byteLength);
    if (record === undefined) pending.outgoing.writeHead(200, [...headers, 'Content-Length', length]);
    else {
      record.envelopeCode = 0;
      pending.outgoing.writeHead(200, [...headers, 'Content-Length', length, 'X-Request-Id', record.requestId]);
    }
    pending.outgoing.end(bytes);
  }

  function onData(this: Carrier, chunk: Buffer): void {
    const pending = this[PENDING];
    if (pending === undefined) return;
    chunk.copy(pending.body, pending.filled);
    pending.filled += chunk.byteLength;
  }
  function onEnd(this: Carrier): void {
    const pending = this[PENDING];
    if (pending === undefined) return;
    this[PENDING] = undefined;
    answer(this, pending, pending.body.subarray(0, pending.filled));
  }
  /** The client left before its body ended: nobody is waiting for an answer. */
  function onGone(this: Carrier): void {
    this[PENDING] = undefined;
  }

  return (incoming: Carrier, outgoing, fallback) => {
    if (incoming.method !== 'POST' || incoming.url !== PATH || (incoming.socket as Partial<TLSSocket>).encrypted) {
      return void fallback(incoming, outgoing);
    }
    const raw = incoming.rawHeaders;
    const host = incoming.headers.host;
    const length = incoming.headers['content-length'];
    // The Host as the app's allow-list reads it (raw, repeats joined) must be the one Node kept.
    const origin = host === undefined || rawHeaderValue(raw, 'host')?.toLowerCase() !== host ? null : originOfHost(host);
    if (origin === null || length === undefined || !DIGITS.test(length) || incoming.headers['transfer-encoding'] !== undefined) {
      return void fallback(incoming, outgoing);
    }
    const size = Number(length);
    let userId: string;
    try {
      checkStatusTokenHeader(rawHeaderValue(raw, 'authorization'), deps.tokens, deps.statusAuth);
      userId = userIdFromHeader(rawHeaderValue(raw, 'x-user-id'));
    } catch {
      return void fallback(incoming, outgoing);
    }
    if (size === 0 || size > MAX_CACHED_BODY) return void fallback(incoming, outgoing);
    incoming[PENDING] = { outgoing, fallback, userId, origin, body: Buffer.allocUnsafe(size), filled: 0 };
    incoming.on('data', onData).on('end', onEnd).on('error', onGone);
  };
}

const DIGITS = /^[0-9]{1,6}$/;

/**
 * The 200 answer's headers as the app writes them: its middleware's (/api's, with a build or
 * without), sorted and lower-cased by Headers.
 */
function answerHeaders(): string[] {
  const headers = new Headers({ 'Content-Type': 'application/json', ...apiAnswerHeaders() });
  return [...headers].flat();
}
