import type * as z from 'zod/mini';
import {
  APP_SOURCE_IGNORED_CHANNEL,
  CONSOLE_FAILURE_FIELD,
  consoleFailureSchema,
  envelopeSchema,
  HeaderName,
  JSON_UTF8,
  OPERATION_PATHS,
} from '@/contract';
import { LOCAL_GATEWAY_URL } from './connection';
import type { Connection } from './connection-profile';
import { GatewayRequestError, isAuthRefusal, type GatewayOperation } from './gateway-error';
import { recordGatewayOutcome } from './connection-health';

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Answers above this are not read: 100 task items or one synthesis's segments are a few hundred
 * KB at most, so anything bigger is not a gateway answer and must not freeze the tab or the alert.
 */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** recordHealth: false for calls with unsaved values (a settings test), so the indicator only reflects the active profile. */
type CallOptions = { signal?: AbortSignal; timeoutMs?: number; recordHealth?: boolean };

type Schema = z.ZodMiniType;

/** Whether X-App-Source would be ignored on this channel, so it is not sent (the channel is an integer header). */
export const appSourceIgnored = (channel: string): boolean => channel.trim() !== '' && Number(channel) === APP_SOURCE_IGNORED_CHANNEL;

/** Headers exactly as the spec lists them; optional ones only when set and effective. The token never goes in a URL. */
export function buildHeaders(connection: Connection): Record<string, string> {
  const headers: Record<string, string> = {
    [HeaderName.contentType]: JSON_UTF8,
    [HeaderName.accept]: JSON_UTF8,
  };
  if (connection.token) headers[HeaderName.authorization] = `Bearer ${connection.token}`;
  if (connection.userId) headers[HeaderName.userId] = connection.userId;
  if (connection.channel) headers[HeaderName.channel] = connection.channel;
  if (connection.appSource && !appSourceIgnored(connection.channel)) headers[HeaderName.appSource] = connection.appSource;
  return headers;
}

/** fetch throws a bare TypeError on a header it cannot send; name the setting instead of blaming the network. */
function unsendableHeader(headers: Record<string, string>): string | null {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[\x20-\x7e]*$/.test(value)) return name;
  }
  return null;
}

export function operationUrl(gatewayUrl: string, operation: GatewayOperation): string {
  return gatewayUrl.trim().replace(/\/+$/, '') + OPERATION_PATHS[operation];
}

/** Whether `url` is this console's own /api (its embedded gateway or its proxy): only there is a consoleFailure the console's. */
function isConsoleApi(url: string): boolean {
  try {
    const resolved = new URL(url, globalThis.location.href);
    return resolved.origin === globalThis.location.origin && resolved.pathname.startsWith(`${LOCAL_GATEWAY_URL}/`);
  } catch {
    return false;
  }
}

// globalThis, not window: the status poll calls the gateway from a worker too (WorkerLocation has the page's origin).
function isCrossOrigin(url: string): boolean {
  try {
    return new URL(url, globalThis.location.href).origin !== globalThis.location.origin;
  } catch {
    return false;
  }
}

/**
 * The one way the console talks to a gateway: POST JSON, parse the envelope with the contract,
 * turn every failure into a GatewayRequestError, and record the outcome for the connection indicator.
 */
export async function callGateway<S extends Schema>(
  connection: Connection,
  operation: GatewayOperation,
  body: unknown,
  dataSchema: S,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const record = options.recordHealth ?? true;
  try {
    const data = await send(connection, operation, body, dataSchema, options);
    if (record) recordGatewayOutcome(connection, operation, null);
    return data;
  } catch (error) {
    let err = GatewayRequestError.from(error, operation);
    if (!connection.token && isAuthRefusal(err)) {
      const { code, httpStatus } = err;
      err = new GatewayRequestError({
        operation,
        kind: 'no-token',
        code,
        httpStatus,
        message: 'The gateway refused a request sent without a token',
        detail: { id: 'noTokenSent' },
      });
    }
    if (record && err.kind !== 'aborted') recordGatewayOutcome(connection, operation, err);
    throw err;
  }
}

async function send<S extends Schema>(
  connection: Connection,
  operation: GatewayOperation,
  body: unknown,
  dataSchema: S,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: CallOptions,
): Promise<z.output<S>> {
  const url = operationUrl(connection.gatewayUrl, operation);
  const headers = buildHeaders(connection);
  const badHeader = unsendableHeader(headers);
  if (badHeader) {
    throw new GatewayRequestError({
      operation,
      kind: 'settings',
      message: `${badHeader} contains characters that cannot be sent in an HTTP header`,
      detail: { id: 'unsendableHeader', values: { header: badHeader } },
    });
  }
  if (signal?.aborted) throw cancelled(operation);
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: combined,
      credentials: 'omit',
      redirect: 'error',
    });
  } catch (cause) {
    throw fetchFailure(cause, { operation, url, signal, timeout, timeoutMs });
  }
  let text: string | null;
  try {
    text = await readCapped(response, MAX_ANSWER_BYTES);
  } catch (cause) {
    throw fetchFailure(cause, { operation, url, signal, timeout, timeoutMs, reading: true });
  }
  if (text === null) {
    const mib = MAX_ANSWER_BYTES / 1024 / 1024;
    throw new GatewayRequestError({
      operation,
      kind: 'too-large',
      httpStatus: response.status,
      message: `The answer (HTTP ${response.status}) is more than ${mib} MiB, far larger than any gateway answer, so it was not read`,
      detail: { id: 'tooLarge', values: { status: String(response.status), size: String(mib) } },
    });
  }
  try {
    return readEnvelope(response.status, response.ok, text, operation, dataSchema, isConsoleApi(url));
  } catch (error) {
    throw withRetryAfter(error, response);
  }
}

/** A refusal keeps the answer's Retry-After (a 429's or a 503's), so a caller can wait as the gateway asked. */
function withRetryAfter(error: unknown, response: Response): unknown {
  const retryAfter = response.headers.get('Retry-After')?.trim();
  if (!(error instanceof GatewayRequestError) || !retryAfter) return error;
  const { operation, kind, message, code, httpStatus, crossOrigin, detail, consoleFailure } = error;
  return new GatewayRequestError({ operation, kind, message, code, httpStatus, crossOrigin, detail, consoleFailure, retryAfter });
}

/**
 * A same-origin answer of declared length and no content coding cannot pass its Content-Length, so
 * the browser reads it whole. Read through a stream reader, Chromium cancelled about one finished
 * answer in ten after its last byte (a false ERR_ABORTED in the network log; the answer was whole).
 * A cross-origin answer's coding is not visible, so it is always counted while read.
 */
const lengthIsBinding = (response: Response) =>
  response.type === 'basic' && response.headers.has('Content-Length') && !response.headers.has('Content-Encoding');

/** The body as UTF-8 text, or null as soon as it passes maxBytes (declared or counted); the rest is never downloaded. */
async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const body = response.body;
  if (Number(response.headers.get('Content-Length')) > maxBytes) {
    await body?.cancel().catch(() => undefined);
    return null;
  }
  if (!body) return '';
  if (lengthIsBinding(response)) return response.text();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** A cancel, the same wherever it is noticed. */
const cancelled = (operation: GatewayOperation) =>
  new GatewayRequestError({ operation, kind: 'aborted', message: 'Request cancelled', detail: { id: 'cancelled' } });

type FailureContext = {
  operation: GatewayOperation;
  url: string;
  signal: AbortSignal | undefined;
  timeout: AbortSignal;
  timeoutMs: number;
  /** The answer had begun (status and headers arrived), so the gateway was reached. */
  reading?: boolean;
};

function fetchFailure(
  cause: unknown,
  { operation, url, signal, timeout, timeoutMs, reading = false }: FailureContext,
): GatewayRequestError {
  if (signal?.aborted) return cancelled(operation);
  if (timeout.aborted) {
    const seconds = String(timeoutMs / 1000);
    return new GatewayRequestError({
      operation,
      kind: 'timeout',
      message: `No answer within ${seconds} s`,
      detail: { id: 'timeout', values: { seconds } },
    });
  }
  const why = cause instanceof Error && cause.message ? cause.message : 'Network error';
  if (reading) {
    return new GatewayRequestError({
      operation,
      kind: 'dropped',
      message: `The connection to ${url} broke off while the answer was being read (${why})`,
      detail: { id: 'dropped', values: { url, why } },
    });
  }
  const crossOrigin = isCrossOrigin(url);
  return new GatewayRequestError({
    operation,
    kind: 'network',
    crossOrigin,
    message: `Could not reach ${url} (${why})`,
    detail: { id: 'unreachable', values: { url, why } },
  });
}

function readEnvelope<S extends Schema>(
  httpStatus: number,
  ok: boolean,
  text: string,
  operation: GatewayOperation,
  dataSchema: S,
  fromConsole: boolean,
): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const looksHtml = /^\s*</.test(text);
    const kind = !ok ? 'http' : looksHtml ? 'not-gateway' : 'invalid-json';
    const [what, id] = looksHtml
      ? (['an HTML page', 'html'] as const)
      : text.trim() === ''
        ? (['empty', 'empty'] as const)
        : (['not valid JSON', 'notJson'] as const);
    throw new GatewayRequestError({
      operation,
      kind,
      httpStatus,
      message: `The answer (HTTP ${httpStatus}) was ${what}, not a gateway envelope`,
      detail: { id, values: { status: String(httpStatus) } },
    });
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new GatewayRequestError({
      operation,
      kind: ok ? 'not-gateway' : 'http',
      httpStatus,
      message: `The answer (HTTP ${httpStatus}) is not a gateway envelope with code, message and data`,
      detail: { id: 'notEnvelope', values: { status: String(httpStatus) } },
    });
  }
  const { code, message, data } = envelope.data;
  if (code !== 0 && fromConsole) {
    const failure = consoleFailureSchema.safeParse((json as Record<string, unknown>)[CONSOLE_FAILURE_FIELD]);
    if (failure.success) {
      const { reason, ...values } = failure.data;
      const consoleFailure = { reason, values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) };
      throw new GatewayRequestError({ operation, kind: 'proxy', httpStatus, message, consoleFailure });
    }
  }
  if (code !== 0) throw new GatewayRequestError({ operation, kind: 'envelope', code, httpStatus, message });
  if (!ok) throw new GatewayRequestError({ operation, kind: 'http', code, httpStatus, message: message || `HTTP ${httpStatus}` });
  const parsed = dataSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join('.') || 'data'}: ${first.message}` : 'data';
    throw new GatewayRequestError({
      operation,
      kind: 'contract',
      httpStatus,
      message: `The gateway's data breaks the contract (${where})`,
      detail: { id: 'contract', values: { where } },
    });
  }
  return parsed.data;
}
