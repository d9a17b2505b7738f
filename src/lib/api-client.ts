import type { z } from 'zod';
import { envelopeSchema, HeaderName, JSON_UTF8 } from '@/contract';
import type { Connection } from './connection-profile';
import { GatewayRequestError, type GatewayOperation } from './gateway-error';
import { recordGatewayOutcome } from './connection-health';

export const OPERATION_PATH: Record<GatewayOperation, string> = {
  taskStatus: '/textRemoval/taskStatus',
  textToSpeech: '/speechSynthesis/textToSpeech',
};

export const DEFAULT_TIMEOUT_MS = 20_000;

export type CallOptions = { signal?: AbortSignal; timeoutMs?: number };

/** Headers exactly as the spec lists them; optional ones only when set. The token never goes in a URL. */
export function buildHeaders(connection: Connection): Record<string, string> {
  const headers: Record<string, string> = {
    [HeaderName.contentType]: JSON_UTF8,
    [HeaderName.accept]: JSON_UTF8,
  };
  if (connection.token) headers[HeaderName.authorization] = `Bearer ${connection.token}`;
  if (connection.userId) headers[HeaderName.userId] = connection.userId;
  if (connection.channel) headers[HeaderName.channel] = connection.channel;
  if (connection.appSource) headers[HeaderName.appSource] = connection.appSource;
  return headers;
}

export function operationUrl(gatewayUrl: string, operation: GatewayOperation): string {
  return gatewayUrl.replace(/\/+$/, '') + OPERATION_PATH[operation];
}

export function isCrossOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The one way the console talks to a gateway: POST JSON, parse the envelope with the contract,
 * turn every failure into a GatewayRequestError, and record the outcome for the connection indicator.
 */
export async function callGateway<S extends z.ZodType>(
  connection: Connection,
  operation: GatewayOperation,
  body: unknown,
  dataSchema: S,
  options: CallOptions = {},
): Promise<z.output<S>> {
  try {
    const data = await send(connection, operation, body, dataSchema, options);
    recordGatewayOutcome(connection, null);
    return data;
  } catch (error) {
    const err = GatewayRequestError.from(error, operation);
    if (err.kind !== 'aborted') recordGatewayOutcome(connection, err);
    throw err;
  }
}

async function send<S extends z.ZodType>(
  connection: Connection,
  operation: GatewayOperation,
  body: unknown,
  dataSchema: S,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: CallOptions,
): Promise<z.output<S>> {
  const url = operationUrl(connection.gatewayUrl, operation);
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: buildHeaders(connection),
      body: JSON.stringify(body),
      signal: combined,
      credentials: 'omit',
      redirect: 'error',
    });
  } catch (cause) {
    if (signal?.aborted) throw new GatewayRequestError({ operation, kind: 'aborted', message: 'Request cancelled' });
    if (timeout.aborted) {
      throw new GatewayRequestError({ operation, kind: 'timeout', message: `No answer within ${timeoutMs / 1000} s` });
    }
    throw new GatewayRequestError({
      operation,
      kind: 'network',
      crossOrigin: isCrossOrigin(url),
      message: cause instanceof Error ? cause.message : 'Network error',
    });
  }
  return readEnvelope(response, operation, dataSchema);
}

async function readEnvelope<S extends z.ZodType>(
  response: Response,
  operation: GatewayOperation,
  dataSchema: S,
): Promise<z.output<S>> {
  const httpStatus = response.status;
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const looksHtml = /^\s*</.test(text);
    throw new GatewayRequestError({
      operation,
      kind: looksHtml || !response.ok ? 'http' : 'invalid-json',
      httpStatus,
      message: looksHtml ? `The answer was an HTML page (HTTP ${httpStatus}), not a gateway envelope` : 'The answer was not valid JSON',
    });
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new GatewayRequestError({
      operation,
      kind: response.ok ? 'not-gateway' : 'http',
      httpStatus,
      message: `The answer (HTTP ${httpStatus}) is not a gateway envelope with code, message and data`,
    });
  }
  const { code, message, data } = envelope.data;
  if (code !== 0) throw new GatewayRequestError({ operation, kind: 'envelope', code, httpStatus, message });
  if (!response.ok) throw new GatewayRequestError({ operation, kind: 'http', httpStatus, message: message || `HTTP ${httpStatus}` });
  const parsed = dataSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join('.') || 'data'}: ${first.message}` : 'data';
    throw new GatewayRequestError({ operation, kind: 'contract', httpStatus, message: `The gateway's data breaks the contract (${where})` });
  }
  return parsed.data;
}
