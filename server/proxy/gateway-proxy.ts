import { Hono, type Context } from 'hono';
import { CONSOLE_FAILURE_FIELD, failureEnvelope, operations, type ConsoleFailure, type OperationName } from '#contract';
import type { ConsoleMetrics, UpstreamFailure } from '../observability/console-metrics';
import { noteEnvelopeCode, requestIdOf } from '../observability/request-record';
import { createProxiedRequestMetrics } from './proxied-request-metrics';
import { CONSOLE_AUDIO_PATH, createAudioRelay } from './audio-relay';
import type { AudioTicket } from './audio-ticket';
import { clientLeft, readRequestBody } from './request-body';
import { exchangeDeadline } from './upstream-deadline';
import type { ProxiedRequest, ProxyAnswer } from './proxied-exchange';
import { UndecodableAnswer } from './answer-encoding';
import { createProxyFastPath } from './proxy-fast-path';
import type { FastPath, FastPathOptions } from '../fast-path';
import { fetchTransport, nodeHttpTransport, type UpstreamAnswer, type UpstreamTransport } from './upstream-transport';

/** The service's operations are all a proxy forwards; the upstream path is one of these fixed suffixes. */
const PROXIED_OPERATIONS = Object.entries(operations).map(([name, o]) => [name as OperationName, o.path] as const);

/** Request headers a caller may send through; everything else (Host, Cookie, ...) stays here. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'authorization', 'x-user-id', 'x-channel', 'x-app-source'] as const;

const PROXY_TIMEOUT_MS = 60_000;
const PROXY_MAX_BODY_BYTES = 1024 * 1024;
/** Largest upstream answer passed back; the console itself reads at most 2 MiB of one. */
const PROXY_MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Envelope code of answers the proxy makes itself when the upstream cannot be used. */
const GATEWAY_UNREACHABLE_CODE = 502;

type GatewayProxyOptions = {
  /** {base_url} of the upstream gateway, e.g. https://gw.example/api (no trailing slash). */
  gatewayUrl: string;
  /** Origins besides the gateway's that its audio URLs may point at (AUDIO_ORIGINS). */
  audioOrigins?: readonly string[];
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxAnswerBytes?: number;
  /** The gateway's client for the two operations; default node:http with a keep-alive agent. */
  transport?: UpstreamTransport;
  /** A fetch for the audio relay, and for the operations too when no transport is given (tests' fakes). */
  fetch?: typeof fetch;
  /** Upstream timings and failures, envelope codes, relay bytes (METRICS_TOKEN set). */
  metrics?: ConsoleMetrics;
  /** Signs the audio relay's tickets (CONSOLE_SECRET or the one kept in DATA_DIR); unset: one for this process only. */
  secret?: string;
  /** How long an audio relay ticket is good for (AUDIO_RELAY_TICKET_HOURS). */
  ticketMs?: number;
  now?: () => number;
};

/**
 * /api in proxy mode: the two operations go to fixed upstream URLs computed once here, never from
 * the request path; query strings are dropped, redirects are not followed, and any other path is
 * a 404 envelope without touching the upstream.
 */
export function createGatewayProxy(options: GatewayProxyOptions) {
  const base = new URL(options.gatewayUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('GATEWAY_URL must be http(s)');
  const prefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const timeoutMs = options.timeoutMs ?? PROXY_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? PROXY_MAX_BODY_BYTES;
  const maxAnswerBytes = options.maxAnswerBytes ?? PROXY_MAX_ANSWER_BYTES;
  const doFetch = options.fetch ?? fetch;
  const transport = options.transport ?? (options.fetch ? fetchTransport(options.fetch) : nodeHttpTransport());
  const metrics = options.metrics;
  /** Syntheses in flight through this proxy: the speech queue depth this server can see. */
  let speechInFlight = 0;
  metrics?.speechQueueDepth(() => speechInFlight);
  const observeRequest = metrics ? createProxiedRequestMetrics(metrics) : undefined;

  const audio = createAudioRelay({
    gatewayUrl: prefix,
    fetch: doFetch,
    ...(options.audioOrigins ? { audioOrigins: options.audioOrigins } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(metrics ? { metrics } : {}),
    ...(options.secret ? { secret: options.secret } : {}),
    ...(options.ticketMs ? { ticketMs: options.ticketMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const app = new Hono();
  app.get(CONSOLE_AUDIO_PATH, (c) => audio.serve(c));
  const targets = new Map<OperationName, URL>(PROXIED_OPERATIONS.map(([operation, path]) => [operation, new URL(`${prefix}${path}`)]));
  for (const [operation, path] of PROXIED_OPERATIONS) {
    app.post(path, async (c) => {
      const body = await readRequestBody(c, maxBodyBytes);
      if (body === 'too_large') return tooLarge(c, maxBodyBytes);
      if (body === 'unreadable') return envelope(c, 400, 'The request body could not be read', { reason: 'requestUnreadable' });
      const deadline = exchangeDeadline(timeoutMs);
      // The client leaving ends the upstream request too, instead of holding it for the timeout.
      const left = clientLeft(c);
      const onLeft = () => deadline.cancel(left.reason instanceof Error ? left.reason : new Error('the client left'));
      if (left.aborted) onLeft();
      else left.addEventListener('abort', onLeft, { once: true });
      try {
        const answer = await forward(operation, { header: (name) => c.req.header(name), body, requestId: requestIdOf(c), deadline });
        if (answer.envelopeCode !== undefined) noteEnvelopeCode(c, answer.envelopeCode);
        return new Response(answer.body, { status: answer.status, headers: answerHeaders(answer) });
      } finally {
        left.removeEventListener('abort', onLeft);
      }
    });
  }
  app.all('*', (c) =>
    envelope(c, 404, `No such operation: ${c.req.method} ${c.req.path}`, {
      reason: 'noOperation',
      method: c.req.method.slice(0, 20),
      path: c.req.path.slice(0, 200),
    }),
  );

  /**
   * One operation's exchange with the gateway and the answer to give, whoever serves the request
   * (the Hono route above, or the node-level fast path, proxy-fast-path.ts): every rule is here.
   */
  async function forward(operation: OperationName, request: ProxiedRequest): Promise<ProxyAnswer> {
    if (operation !== 'textToSpeech') return exchange(operation, request);
    speechInFlight++;
    try {
      return await exchange(operation, request);
    } finally {
      speechInFlight--;
    }
  }

  async function exchange(operation: OperationName, { header, body, requestId, deadline }: ProxiedRequest): Promise<ProxyAnswer> {
    observeRequest?.(operation, body);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = header(name);
      if (value !== undefined) headers[name] = value;
    }
    if (requestId !== undefined) headers['x-request-id'] = requestId;

    let upstream: UpstreamAnswer;
    let bytes: Uint8Array<ArrayBuffer> | null;
    // Not a closure: tsx names every function a closure makes, a cost on every request.
    const measured = metrics ? new UpstreamTiming(metrics, operation, performance.now()) : undefined;
    try {
      upstream = await transport(targets.get(operation)!, {
        headers,
        body,
        cancel: deadline,
        retryOnStaleConnection: operation === 'taskStatus',
      });
      const refused = refusal(upstream);
      if (refused !== null) {
        upstream.discard();
        measured?.done(refused.failure);
        return unreachable(refused.why, refused.said);
      }
      bytes = await upstream.read(maxAnswerBytes);
    } catch (err) {
      const expired = deadline.expired;
      if (err instanceof UndecodableAnswer) {
        measured?.done('invalid_json');
        return unreachable(`${err.message}, so the proxy did not pass it on`, { reason: 'invalidJson', status: upstream!.status });
      }
      measured?.done(expired ? 'timeout' : 'network');
      if (expired) return unreachable(`no answer within ${timeoutMs} ms`, { reason: 'timeout', seconds: timeoutMs / 1000 });
      const error = describeFetchError(err);
      return unreachable(error, { reason: 'unreachable', error: error.slice(0, 200) });
    } finally {
      deadline.end();
    }
    if (bytes === null) {
      measured?.done('too_large');
      const mib = maxAnswerBytes / 1024 / 1024;
      return unreachable(`its answer was larger than ${mib} MiB, so the proxy did not read it`, { reason: 'answerTooLarge', mib });
    }
    let json: unknown;
    try {
      json = JSON.parse(UTF8.decode(bytes));
    } catch {
      measured?.done('invalid_json');
      const status = upstream.status;
      return unreachable(`its answer (HTTP ${status}) is not valid JSON, so the proxy did not pass it on`, {
        reason: 'invalidJson',
        status,
      });
    }
    measured?.done();
    const code = (json as { code?: unknown } | null)?.code;
    const envelopeCode = typeof code === 'number' && Number.isInteger(code) ? code : undefined;
    const ok = upstream.status >= 200 && upstream.status < 300;
    const passed = withoutConsoleFailure(json, bytes);
    const answer =
      operation === 'textToSpeech' && ok ? withAudioTicket(passed.json, audio.ticketFor(passed.json), passed.bytes) : passed.bytes;
    return { status: upstream.status, body: answer, retryAfter: passableRetryAfter(upstream.header('retry-after')), envelopeCode };
  }

  return Object.assign(app, {
    /** The two operations answered by the Node request listener, before Hono (proxy-fast-path.ts). */
    fastPath: (fastPathOptions: FastPathOptions): FastPath => createProxyFastPath({ ...fastPathOptions, maxBodyBytes, timeoutMs, forward }),
  });
}

/** Records one upstream exchange's time (and why it gave nothing) when it ends. */
class UpstreamTiming {
  constructor(
    private readonly metrics: ConsoleMetrics,
    private readonly operation: OperationName,
    private readonly started: number,
  ) {}
  done(failure?: UpstreamFailure): void {
    this.metrics.upstream(this.operation, (performance.now() - this.started) / 1000, failure);
  }
}

/** A strict decoder, one for all: decode() keeps no state between calls without { stream: true }. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The headers of a proxied answer besides the security ones the app or the fast path add. */
function answerHeaders(answer: ProxyAnswer): Record<string, string> {
  return answer.retryAfter === null
    ? { 'Content-Type': 'application/json' }
    : { 'Content-Type': 'application/json', 'Retry-After': answer.retryAfter };
}

/**
 * The upstream's Retry-After, so a client of the proxy waits as the gateway asked (a 429's or a 503's),
 * only when it is what RFC 9110 allows: whole seconds or an HTTP date. Anything else is dropped.
 */
function passableRetryAfter(value: string | null): string | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return v;
  return /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : null;
}

/**
 * A speech answer with the relay's ticket for its audio URL in data.consoleAudioTicket (and any the
 * gateway sent itself dropped), re-serialized; an answer that needs neither passes as it came.
 */
function withAudioTicket(
  json: unknown,
  ticket: AudioTicket | null,
  bytes: string | Uint8Array<ArrayBuffer>,
): string | Uint8Array<ArrayBuffer> {
  const data = (json as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return bytes;
  if (ticket === null && !Object.hasOwn(data, 'consoleAudioTicket')) return bytes;
  const { consoleAudioTicket: _dropped, ...rest } = data as Record<string, unknown>;
  return JSON.stringify({ ...(json as object), data: ticket ? { ...rest, consoleAudioTicket: ticket } : rest });
}

/**
 * A gateway's answer without a consoleFailure field: only the proxy's own answers carry one, so a
 * gateway cannot have its words shown as the console's. An answer without it passes as it came.
 */
function withoutConsoleFailure(json: unknown, bytes: Uint8Array<ArrayBuffer>): { json: unknown; bytes: string | Uint8Array<ArrayBuffer> } {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || !Object.hasOwn(json, CONSOLE_FAILURE_FIELD))
    return { json, bytes };
  const { [CONSOLE_FAILURE_FIELD]: _dropped, ...rest } = json as Record<string, unknown>;
  return { json: rest, bytes: JSON.stringify(rest) };
}

/**
 * An envelope the proxy makes itself, its code equal to its HTTP status: the English message for
 * logs and curl, and the reason with its values (CONSOLE_FAILURE_FIELD) for the console to word.
 */
function envelope(c: Context, code: 400 | 404 | 413 | 502, message: string, failure: ConsoleFailure) {
  noteEnvelopeCode(c, code);
  return c.json({ ...failureEnvelope(code, message), [CONSOLE_FAILURE_FIELD]: failure }, code);
}

function tooLarge(c: Context, maxBodyBytes: number) {
  return envelope(c, 413, 'The request body is too large for the proxy', { reason: 'requestTooLarge', mib: maxBodyBytes / 1024 / 1024 });
}

/** The proxy's own 502 for an exchange that gave nothing to pass on. */
function unreachable(why: string, failure: ConsoleFailure): ProxyAnswer {
  const body = JSON.stringify({
    ...failureEnvelope(GATEWAY_UNREACHABLE_CODE, `Gateway unreachable: ${why}`),
    [CONSOLE_FAILURE_FIELD]: failure,
  });
  return { status: GATEWAY_UNREACHABLE_CODE, body, retryAfter: null, envelopeCode: GATEWAY_UNREACHABLE_CODE };
}

/**
 * Why an upstream answer is not passed on, judged from its head (its body is not read then): a
 * redirect, or anything but JSON. Only JSON crosses: /api never answers markup at the console's
 * origin, whatever the gateway (or a CDN's error page in front of it) sends, and whoever posted
 * the request (a drive-by form).
 */
function refusal(upstream: UpstreamAnswer): { why: string; failure: UpstreamFailure; said: ConsoleFailure } | null {
  const { status } = upstream;
  if (status >= 300 && status < 400) {
    const why = `it answered with a redirect (HTTP ${status}), which the proxy does not follow`;
    return { why, failure: 'redirect', said: { reason: 'redirect', status } };
  }
  const contentType = upstream.header('content-type')?.slice(0, 100);
  if (isJsonType(contentType ?? null)) return null;
  const named = contentType ? `content type ${contentType}` : 'no content type';
  const said: ConsoleFailure = contentType ? { reason: 'notJson', status, contentType } : { reason: 'untyped', status };
  return { why: `it answered HTTP ${status} with ${named}, not JSON, which the proxy does not pass on`, failure: 'not_json', said };
}

/** application/json or any application/…+json (problem+json), parameters aside. */
function isJsonType(contentType: string | null): boolean {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return media === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(media);
}

function describeFetchError(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${code} ${cause.message}` : cause.message;
  }
  return String(cause);
}
